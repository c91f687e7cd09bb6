import Fluent
import HeirloomCore
import Vapor

/// The pages for setting up a hub, signing in and out, signing up and accepting invitations.
struct AuthWebController {
    // MARK: Models

    struct AccountForm: Content {
        var householdName: String?
        var name: String?
        var email: String?
        var password: String?
        /// At set-up, the browser's own time zone (browser-zone.js); the household starts in it.
        var timeZone: String?
    }

    struct AccountFormPage: Encodable {
        var form: [String: String]
        var errors: [String: String]
    }

    struct LoginForm: Content {
        var email: String?
        var password: String?
        var next: String?
    }

    struct LoginPage: Encodable {
        var form: [String: String]
        var errors: [String: String]
        var next: String
        var allowSignup: Bool
    }

    struct InvitePage: Encodable {
        struct Info: Encodable {
            var householdName: String
            var role: String
            var invitedBy: String
        }

        var invitation: Info
        var token: String
        var form: [String: String]
        var errors: [String: String]
    }

    struct InviteInvalidPage: Encodable {
        var reason: String
    }

    // MARK: Set-up and sign-up

    func setupForm(req: Request) async throws -> Response {
        guard try await req.heirloom.accounts.needsSetup() else { return req.redirect(to: SiteURL.login.path) }
        return try await accountPage(.setup, title: "Welcome to Heirloom", form: AccountForm(), errors: [:], req: req)
    }

    func setup(req: Request) async throws -> Response {
        let form = try req.content.decode(AccountForm.self)
        do {
            let signedIn = try await req.heirloom.accounts.setUp(form.newHousehold, credential: .browser(req))
            return signedInRedirect(signedIn, to: SiteURL.home.path, req: req)
        } catch {
            let error = try AppError.userFacing(error)
            if error.code == "already_set_up" { return req.redirect(to: SiteURL.login.path) }
            return try await accountPage(
                .setup, title: "Welcome to Heirloom", form: form, errors: error.formErrors, req: req)
        }
    }

    func registerForm(req: Request) async throws -> Response {
        guard req.heirloom.config.allowSignup else { throw AppError.notFound("page") }
        return try await accountPage(
            .register, title: "Start a new family hub", form: AccountForm(), errors: [:], req: req)
    }

    func register(req: Request) async throws -> Response {
        guard req.heirloom.config.allowSignup else { throw AppError.notFound("page") }
        let form = try req.content.decode(AccountForm.self)
        do {
            let signedIn = try await req.heirloom.accounts.register(form.newHousehold, credential: .browser(req))
            return signedInRedirect(signedIn, to: SiteURL.home.path, req: req)
        } catch {
            let error = try AppError.userFacing(error)
            return try await accountPage(
                .register, title: "Start a new family hub", form: form, errors: error.formErrors, req: req)
        }
    }

    private func accountPage(
        _ template: Template,
        title: String,
        form: AccountForm,
        errors: [String: String],
        req: Request
    ) async throws -> Response {
        let model = AccountFormPage(
            form: [
                "householdName": form.householdName ?? "", "name": form.name ?? "", "email": form.email ?? "",
                "timeZone": form.timeZone ?? "",
            ],
            errors: errors
        )
        let view = try await Page.render(template, base: PageBase(request: req, title: title), model, on: req)
        return try await view.encodeResponse(status: errors.isEmpty ? .ok : .unprocessableEntity, for: req)
    }

    // MARK: Signing in and out

    func loginForm(req: Request) async throws -> Response {
        if try await req.heirloom.accounts.needsSetup() { return req.redirect(to: SiteURL.setup.path) }
        if req.auth.has(Principal.self) { return req.redirect(to: req.safeNext(req.query[String.self, at: "next"])) }
        return try await loginPage(
            email: "", errors: [:], next: req.query[String.self, at: "next"], status: .ok, req: req)
    }

    func login(req: Request) async throws -> Response {
        let form = try req.content.decode(LoginForm.self)
        do {
            let signedIn = try await req.heirloom.accounts.logIn(
                email: form.email ?? "",
                password: form.password ?? "",
                credential: .browser(req),
                address: req.clientAddress
            )
            if let current = req.auth.get(Principal.self) {
                try await req.heirloom.tokens.revoke(tokenID: current.tokenID)
            }
            return signedInRedirect(signedIn, to: req.safeNext(form.next), req: req)
        } catch {
            let error = try AppError.userFacing(error)
            return try await loginPage(
                email: form.email ?? "",
                errors: ["general": error.message],
                next: form.next,
                status: error.status,
                req: req
            )
        }
    }

    private func loginPage(
        email: String,
        errors: [String: String],
        next: String?,
        status: HTTPResponseStatus,
        req: Request
    ) async throws -> Response {
        let model = LoginPage(
            form: ["email": email],
            errors: errors,
            next: next.map { req.safeNext($0) } ?? "",
            allowSignup: req.heirloom.config.allowSignup
        )
        let view = try await Page.render(.login, base: PageBase(request: req, title: "Sign in"), model, on: req)
        return try await view.encodeResponse(status: status, for: req)
    }

    func logout(req: Request) async throws -> Response {
        if let principal = req.auth.get(Principal.self) {
            try await req.heirloom.tokens.revoke(tokenID: principal.tokenID)
        }
        req.auth.logout(Principal.self)
        let response = req.redirect(to: SiteURL.login.path(done: .signedOut))
        SessionCookie.clear(on: response, request: req)
        return response
    }

    // MARK: Invitations

    func inviteForm(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        do {
            let preview = try await req.heirloom.accounts.previewInvitation(secret: token)
            var form = AccountForm()
            form.name = preview.name
            form.email = preview.email
            return try await invitePage(preview, token: token, form: form, errors: [:], req: req)
        } catch {
            let error = try AppError.userFacing(error)
            return try await inviteInvalid(error, req: req)
        }
    }

    func acceptInvite(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        let form = try req.content.decode(AccountForm.self)
        let preview: AccountService.InvitationPreview
        do {
            preview = try await req.heirloom.accounts.previewInvitation(secret: token)
        } catch {
            let error = try AppError.userFacing(error)
            return try await inviteInvalid(error, req: req)
        }
        do {
            let signedIn = try await req.heirloom.accounts.acceptInvitation(
                secret: token,
                name: form.name ?? "",
                email: form.email ?? "",
                password: form.password ?? "",
                credential: .browser(req)
            )
            return signedInRedirect(signedIn, to: SiteURL.home.path, req: req)
        } catch {
            let error = try AppError.userFacing(error)
            if error.status == .gone { return try await inviteInvalid(error, req: req) }
            return try await invitePage(preview, token: token, form: form, errors: error.formErrors, req: req)
        }
    }

    private func invitePage(
        _ preview: AccountService.InvitationPreview,
        token: String,
        form: AccountForm,
        errors: [String: String],
        req: Request
    ) async throws -> Response {
        let model = InvitePage(
            invitation: .init(
                householdName: preview.householdName, role: preview.role.rawValue, invitedBy: preview.invitedBy),
            token: token,
            form: ["name": form.name ?? "", "email": form.email ?? ""],
            errors: errors
        )
        let base = PageBase(request: req, title: "Join \(preview.householdName)")
        let view = try await Page.render(.invite, base: base, model, on: req)
        return try await view.encodeResponse(status: errors.isEmpty ? .ok : .unprocessableEntity, for: req)
    }

    private func inviteInvalid(_ error: AppError, req: Request) async throws -> Response {
        let reason =
            error.status == .notFound
            ? "This invitation link is not valid. Please check that the whole link was copied, or ask for a new one."
            : error.message
        let view = try await Page.render(
            .inviteInvalid,
            base: PageBase(request: req, title: "Invitation"),
            InviteInvalidPage(reason: reason),
            on: req
        )
        return try await view.encodeResponse(status: error.status, for: req)
    }

    private func signedInRedirect(_ signedIn: AccountService.SignedIn, to path: String, req: Request) -> Response {
        let response = req.redirect(to: path)
        SessionCookie.set(signedIn.secret, on: response, request: req)
        return response
    }
}

extension AuthWebController.AccountForm {
    var newHousehold: AccountService.NewHousehold {
        .init(
            householdName: householdName ?? "", name: name ?? "", email: email ?? "", password: password ?? "",
            timeZone: timeZone)
    }
}

extension AccountService.Credential {
    /// A browser session named after the browser.
    static func browser(_ request: Request) -> Self {
        .init(kind: .session, name: DeviceName.describe(userAgent: request.headers.first(name: .userAgent)))
    }
}
