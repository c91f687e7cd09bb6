import Foundation
import HeirloomCore
import Vapor

/// `/password/{token}`: a member chooses a password with a one-time link, either one an owner or `heirloom import`
/// made (they have none yet) or the reset link they asked for on the sign-in page.
///
/// A reset link signs its member in at once, whatever the sign-in throttle says: someone guessing at the sign-in
/// form cannot keep the owner of the account out.
struct PasswordLinkWebController {
    struct Model: Encodable {
        var name: String
        var email: String
        var token: String
        /// True for a link the member asked for; false for one an owner or an import made.
        var isReset: Bool
        var errors: [String: String]
    }

    struct Form: Content {
        var newPassword: String?
        var confirmPassword: String?
    }

    func form(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        do {
            let (link, user) = try await req.heirloom.passwordResets.open(token)
            return try await page(user, link: link, token: token, errors: [:], req: req).encodeResponse(for: req)
        } catch {
            return try await invalid(try AppError.userFacing(error), req: req)
        }
    }

    func set(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        let form = try req.content.decode(Form.self)
        let resets = req.heirloom.passwordResets
        let (link, user): (PasswordLink, User)
        do {
            (link, user) = try await resets.open(token)
        } catch {
            return try await invalid(try AppError.userFacing(error), req: req)
        }
        do {
            guard form.newPassword == form.confirmPassword else {
                throw AppError.invalid(
                    FieldError(
                        field: "confirmPassword", message: "The two passwords are not the same. Please type it again."))
            }
            // A reset link signs in; an owner's link sends its member to sign in, as it always has.
            let credential: AccountService.Credential? = link.purpose == .reset ? .browser(req) : nil
            let used = try await resets.setPassword(token, to: form.newPassword ?? "", signingIn: credential)
            guard let secret = used.secret else { return req.redirect(to: SiteURL.login.path(done: .passwordSet)) }
            // Whoever was signed in on this browser before is signed out, as signing in does.
            if let current = req.auth.get(Principal.self) {
                try await req.heirloom.tokens.revoke(tokenID: current.tokenID)
            }
            let response = req.redirect(to: SiteURL.home.path(done: .passwordReset))
            SessionCookie.set(secret, on: response, request: req)
            return response
        } catch {
            let error = try AppError.userFacing(error)
            if error.status == .gone { return try await invalid(error, req: req) }
            return try await page(user, link: link, token: token, errors: error.formErrors, req: req)
                .encodeResponse(status: error.status, for: req)
        }
    }

    private func page(_ user: User, link: PasswordLink, token: String, errors: [String: String], req: Request)
        async throws -> View
    {
        let isReset = link.purpose == .reset
        return try await Page.render(
            .passwordLink, base: PageBase(request: req, title: isReset ? "Choose a new password" : "Choose a password"),
            Model(name: user.name, email: user.email, token: token, isReset: isReset, errors: errors), on: req)
    }

    private func invalid(_ error: AppError, req: Request) async throws -> Response {
        let message =
            error.status == .notFound
            ? "This link is not valid. Please check that the whole link was copied, or ask for a new one."
            : error.message
        let view = try await ErrorPage.render(
            request: req, status: Int(error.status.code), heading: "This link can’t be used", message: message)
        return try await view.encodeResponse(status: error.status, for: req)
    }
}
