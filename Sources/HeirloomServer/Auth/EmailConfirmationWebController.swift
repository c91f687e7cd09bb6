import Foundation
import Vapor

/// The link that proves a member's address: it shows one button (a mail client that opens links to check them
/// confirms nothing), and pressing it confirms; Settings sends the link.
struct EmailConfirmationWebController {
    struct Model: Encodable {
        var name: String
        var email: String
        var token: String
        var done: Bool
    }

    func show(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        guard let user = try await req.heirloom.emailConfirmations.member(forLink: token) else {
            return try await OutsiderPages.missing(req)
        }
        return try await page(req, user: user, token: token, done: false)
    }

    func confirm(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        guard let user = try await req.heirloom.emailConfirmations.confirm(token) else {
            return try await OutsiderPages.missing(req)
        }
        return try await page(req, user: user, token: token, done: true)
    }

    /// Settings' "Send me a link to confirm it".
    func send(req: Request) async throws -> Response {
        let sent = try await req.heirloom.emailConfirmations.send(to: try req.principal())
        let notice: Notice = sent ? .emailConfirmationSent : .emailConfirmed
        return req.redirect(to: SiteURL.settings.path(done: notice, fragment: "your-address"))
    }

    private func page(_ req: Request, user: User, token: String, done: Bool) async throws -> Response {
        var base = PageBase(request: req, title: "Your email address")
        base.household = .init(name: try await Household.find(user.$household.id, on: req.db)?.name ?? "Heirloom")
        let model = Model(name: user.name, email: user.email, token: token, done: done)
        let response = try await Page.render(.emailConfirmation, base: base, model, on: req).encodeResponse(for: req)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
