import Foundation
import HeirloomCore
import Vapor

/// The hand-over's one-step fixes for an heir nobody could tell: an owner adds their email address, or an owner
/// or (after the release) a trusted contact prints their personal link to give it by hand.
struct HeirWebController {
    struct EmailForm: Content {
        var email: String?
    }

    /// Saves an heir's email address from Settings → Passing on; the hub tells them with it.
    func saveEmail(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("beneficiary")
        let email = (try req.content.decode(EmailForm.self).email ?? "").trimmingWhitespace()
        do {
            guard !email.isEmpty else {
                throw AppError.invalid(FieldError(field: "email", message: "Please type their email address."))
            }
            _ = try await req.heirloom.beneficiaries.update(id, BeneficiaryInput(email: email), by: principal)
        } catch {
            let problem = try AppError.userFacing(error)
            guard problem.field != nil else { throw problem }
            let view = try await PassingOnWebController().render(
                req: req, errors: [:], heirError: (id, problem.message))
            return try await view.encodeResponse(status: problem.status, for: req)
        }
        return req.redirect(to: SiteURL.passingOn.path(done: .heirEmailSaved, fragment: "heirs"))
    }

    /// An owner prints an heir's link.
    func ownerLink(req: Request) async throws -> Response {
        let principal = try req.principal()
        let (heir, url) = try await req.heirloom.heirs.handOut(
            try req.id("beneficiary"), householdID: principal.householdID, by: principal.name)
        let estate = try await req.heirloom.estate.get(by: principal)
        return try await page(
            req, heir: heir, url: url, from: estate.holder?.name ?? principal.householdName,
            back: (SiteURL.passingOn.path(fragment: "heirs"), "Passing on"),
            base: PageBase(
                request: req, title: "\(heir.person.name)’s link", nav: .settings))
    }

    /// A trusted contact prints an heir's link, once the estate is released.
    func executorLink(req: Request) async throws -> Response {
        guard let executor = try await ExecutorWebController.executor(req) else {
            return try await OutsiderPages.missing(req)
        }
        let (heir, url) = try await req.heirloom.heirs.handOut(try req.id("beneficiary"), by: executor)
        let estate = try await req.heirloom.executors.estate(of: executor)
        var base = PageBase(request: req, title: "\(heir.person.name)’s link")
        base.household = .init(name: try await Household.find(executor.$household.id, on: req.db)?.name ?? "Heirloom")
        return try await page(
            req, heir: heir, url: url, from: estate.holder?.name ?? "Your family",
            back: (SiteURL.executorHome.path(fragment: "heirs"), "Back"), base: base)
    }

    private func page(
        _ req: Request, heir: HeirService.Heir, url: String, from: String, back: (String, String), base: PageBase
    ) async throws -> Response {
        let model = PassingOnPages.HeirLink(
            name: heir.person.name, fromName: from, url: url, qrSVG: try QRCode.svg(url), backHref: back.0,
            backLabel: back.1, released: heir.facts.visible > 0)
        let view = try await Page.render(.heirLink, base: base, model, on: req)
        let response = try await view.encodeResponse(for: req)
        // The page carries a secret: never kept by a cache or the browser's history.
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
