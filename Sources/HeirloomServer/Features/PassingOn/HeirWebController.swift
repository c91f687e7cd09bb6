import Foundation
import HeirloomCore
import Vapor

/// An heir's personal link on paper, for someone nobody could tell: an owner, or (after the release) a trusted
/// contact, prints it to give it by hand. (Adding their email is on Passing on itself.)
struct HeirWebController {
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
        guard let executor = try await OutsiderPages.executor(req) else {
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
