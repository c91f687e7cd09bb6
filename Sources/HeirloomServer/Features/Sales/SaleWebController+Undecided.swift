import Foundation
import HeirloomCore
import Vapor

extension SaleWebController {
    struct LeftOutRow: Encodable {
        var name: String
        var href: String
        var reason: String
    }

    /// "Add it with everything undecided", before anything is added: what will go in, and what stays out and why.
    struct UndecidedPage: Encodable {
        var adds: [String]
        var confirmLabel: String
        var leftOut: [LeftOutRow]
        var form: SaleForm
        var action: String
        var backHref: String
    }

    /// Shows what "everything undecided" will add, with one button to confirm; once confirmed, adds exactly that.
    func fromUndecided(req: Request) async throws -> Response {
        let form = try req.content.decode(SaleForm.self)
        guard form.confirm == "yes" else {
            return try await req.submitForm {
                try await undecidedPage(req, form: form).encodeResponse(for: req)
            } orShowAgain: { errors in
                try await indexPage(req, form: form, errors: errors)
            }
        }
        return try await req.submitForm(conflictsOn: "undecided") {
            let (sale, _) = try await req.heirloom.sales.createFromUndecided(form.input, by: try req.principal())
            return req.redirect(to: SiteURL.sale(.value(try sale.requireID())).path(done: .saleCreated))
        } orShowAgain: { errors in
            try await indexPage(req, form: form, errors: errors)
        }
    }

    private func undecidedPage(_ req: Request, form: SaleForm) async throws -> View {
        let principal = try req.principal()
        try principal.requireEditor()
        // The sale's own fields are checked now, so the confirm button cannot fail on them.
        _ = try SaleService.validated(form.input, householdID: principal.householdID)
        let preview = try await req.heirloom.sales.undecided(householdID: principal.householdID)
        var model = UndecidedPage(
            adds: preview.items.map(\.name) + preview.sets.map { "\($0.name) (the whole set)" },
            confirmLabel: preview.items.count + preview.sets.count == 1
                ? "Add the sale with this one thing"
                : "Add the sale with these \(preview.items.count + preview.sets.count) things",
            leftOut: preview.leftOut.map { thing in
                LeftOutRow(
                    name: thing.name,
                    href: thing.scope == .set
                        ? SiteURL.set(.value(thing.id)).path : SiteURL.item(.value(thing.id)).path,
                    reason: thing.reason)
            },
            form: form, action: SiteURL.salesFromUndecided.path, backHref: SiteURL.sales.path)
        model.form.confirm = "yes"
        return try await Page.render(
            .saleFromUndecided, base: PageBase(request: req, title: "Everything undecided", nav: .items), model,
            on: req)
    }
}
