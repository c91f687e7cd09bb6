import Foundation
import HeirloomCore
import Vapor

/// "Decide several at once": tick things in a list, then choose what happens to them. Owners and editors.
struct ItemDecisionWebController: Sendable {
    struct DecideForm: Content {
        var itemIds: [String]?
        var value: String?
        var show: String?
    }

    func show(req: Request) async throws -> View {
        try await page(req, showAll: req.query[String.self, at: "show"] == "all", ticked: [], value: nil, errors: [:])
    }

    func save(req: Request) async throws -> Response {
        let form = try req.content.decode(DecideForm.self)
        let showAll = form.show == "all"
        let ticked = form.itemIds ?? []
        // Both simple mistakes at once, each beside its part of the form.
        var missing: [String: String] = [:]
        if ticked.isEmpty { missing["itemIds"] = "Please tick the things this is for." }
        if (form.value ?? "").isEmpty { missing["disposition.value"] = "Please choose what happens to them." }
        guard missing.isEmpty else {
            return try await page(req, showAll: showAll, ticked: Set(ticked), value: form.value, errors: missing)
                .encodeResponse(status: .unprocessableEntity, for: req)
        }
        return try await req.submitForm(conflictsOn: "itemIds") {
            // An id that is not a UUID names no item of this household: as another household's, a 404.
            let ids = try ticked.map { raw in
                guard let id = UUID(uuidString: raw) else { throw AppError.notFound("item") }
                return id
            }
            let (_, takenOut) = try await req.heirloom.items.decide(
                ids, DispositionInput(value: form.value ?? ""), by: try req.principal())
            let done: Notice = takenOut.isEmpty ? .decisionsSaved : .takenOutOfSale
            let query = showAll ? [URLQueryItem(name: "show", value: "all")] : []
            return req.redirect(to: SiteURL.itemsDecide.path(query: query, done: done))
        } orShowAgain: { errors in
            try await page(req, showAll: showAll, ticked: Set(ticked), value: form.value, errors: errors)
        }
    }

    private func page(
        _ req: Request, showAll: Bool, ticked: Set<String>, value: String?, errors: [String: String]
    ) async throws -> View {
        let principal = try req.principal()
        let (items, more) = try await req.heirloom.items.decisionChoices(
            householdID: principal.householdID, undecidedOnly: !showAll)
        let rows = try items.map { item in
            let id = try item.requireID().uuidString
            return DownsizingPages.DecisionRow(
                id: id, name: item.name, category: item.category, now: item.disposition.value.displayName,
                href: SiteURL.item(.value(try item.requireID())).path, ticked: ticked.contains(id))
        }
        let choices = DispositionValue.allCases.map {
            DownsizingPages.Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == value)
        }
        let model = DownsizingPages.Decide(
            rows: rows, more: more, showAll: showAll, choices: choices,
            undecidedHref: SiteURL.itemsDecide.path,
            allHref: SiteURL.itemsDecide.path(query: [URLQueryItem(name: "show", value: "all")]),
            itemsError: errors["itemIds"], valueError: errors["disposition.value"] ?? errors["disposition.status"])
        return try await Page.render(
            .itemsDecide, base: PageBase(request: req, title: "Decide several at once", nav: .items), model, on: req)
    }
}
