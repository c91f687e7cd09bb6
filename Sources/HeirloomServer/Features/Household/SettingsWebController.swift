import Fluent
import HeirloomCore
import Vapor

/// Settings: the household's name, members and invitations, and one's own sessions and password.
struct SettingsWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let settings = routes.grouped("settings")
        settings.get(use: index)
        settings.post("household", use: renameHousehold)
        settings.post("members", ":id", "role", use: changeRole)
        settings.get("members", ":id", "remove", use: confirmRemoval)
        settings.post("members", ":id", "remove", use: removeMember)
        settings.post("invitations", use: invite)
        settings.post("invitations", ":id", "revoke", use: revokeInvitation)
        settings.post("tokens", ":id", "revoke", use: revokeToken)
        settings.post("password", use: changePassword)
    }

    // MARK: The page

    /// What the page shows besides the base; optional parts are filled after a form is sent.
    struct Extras {
        var householdName: String?
        var householdError: String?
        var newInvitation: SettingsPage.NewInvitation?
        var passwordErrors: [String: String] = [:]
    }

    func index(req: Request) async throws -> View {
        try await render(req: req, extras: Extras())
    }

    private func render(req: Request, extras: Extras) async throws -> View {
        let principal = try req.principal()
        let services = req.heirloom
        let household = try await services.households.household(of: principal)
        let members = try await services.households.members(of: principal)
        let invitations =
            principal.role.canManageHousehold ? try await services.households.pendingInvitations(of: principal) : []
        let tokens = try await services.tokens.list(userID: principal.userID)
        let model = SettingsPage(
            isOwner: principal.role.canManageHousehold,
            householdForm: .init(
                name: extras.householdName ?? household.name, defaultCurrency: household.defaultCurrency),
            currencies: ItemPages.currencies,
            householdError: extras.householdError,
            members: try members.map { try .init($0, you: principal.userID) },
            invitations: try invitations.map(SettingsPage.PendingInvitation.init),
            newInvitation: extras.newInvitation,
            tokens: try tokens.map { try .init($0, current: principal.tokenID) },
            passwordErrors: extras.passwordErrors
        )
        return try await Page.render(
            "settings", base: PageBase(request: req, title: "Settings", nav: "settings"), model, on: req)
    }

    // MARK: Household and members

    struct HouseholdForm: Content {
        var name: String?
        var defaultCurrency: String?
    }
    struct RoleForm: Content { var role: String? }

    func renameHousehold(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let form = try req.content.decode(HouseholdForm.self)
        do {
            _ = try await req.heirloom.households.update(
                by: try req.principal(),
                name: form.name ?? "",
                defaultCurrency: form.defaultCurrency
            )
            return req.redirect(to: "/settings?done=household-renamed")
        } catch {
            let error = try AppError.userFacing(error)
            guard error.field != nil else { throw error }
            let view = try await render(
                req: req, extras: Extras(householdName: form.name, householdError: error.message))
            return try await view.encodeResponse(status: error.status, for: req)
        }
    }

    func changeRole(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let id = try memberID(req)
        guard let role = try req.content.decode(RoleForm.self).role.flatMap(HouseholdRole.init(rawValue:)) else {
            throw AppError.invalid(FieldError(field: "role", message: "Please choose owner, editor or viewer."))
        }
        _ = try await req.heirloom.households.changeRole(of: id, to: role, by: try req.principal())
        return req.redirect(to: "/settings?done=role-changed")
    }

    func confirmRemoval(req: Request) async throws -> View {
        let principal = try req.principal()
        try principal.requireOwner()
        let member = try await req.heirloom.households.member(try memberID(req), of: principal)
        let model = ConfirmPage(
            heading: "Remove \(member.name) from \(principal.householdName)?",
            consequence:
                "\(member.name) will no longer be able to sign in to this hub, and every phone and browser they use will be signed out. What they added to the household stays.",
            action: "/settings/members/\(try member.requireID())/remove",
            confirmLabel: "Remove \(member.name)",
            cancelHref: "/settings"
        )
        return try await Page.render(
            "confirm", base: PageBase(request: req, title: "Remove a member", nav: "settings"), model, on: req)
    }

    func removeMember(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        try await req.heirloom.households.remove(try memberID(req), by: try req.principal())
        return req.redirect(to: "/settings?done=member-removed")
    }

    private func memberID(_ req: Request) throws -> UUID {
        guard let id = req.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw AppError.notFound("member")
        }
        return id
    }

    // MARK: Invitations

    struct InviteForm: Content {
        var role: String?
        var email: String?
    }

    func invite(req: Request) async throws -> View {
        try CSRF.verifyForm(req)
        let form = try req.content.decode(InviteForm.self)
        guard let role = form.role.flatMap(HouseholdRole.init(rawValue:)) else {
            throw AppError.invalid(FieldError(field: "role", message: "Please choose owner, editor or viewer."))
        }
        let households = req.heirloom.households
        let (invitation, secret) = try await households.invite(role: role, email: form.email, by: try req.principal())
        let created = SettingsPage.NewInvitation(
            url: households.invitationURL(secret: secret),
            role: role.rawValue,
            roleLabel: role.label,
            expires: WebFormat.day(invitation.expiresAt)
        )
        return try await render(req: req, extras: Extras(newInvitation: created))
    }

    func revokeInvitation(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        guard let id = req.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw AppError.notFound("invitation")
        }
        try await req.heirloom.households.revokeInvitation(id, by: try req.principal())
        return req.redirect(to: "/settings?done=invitation-withdrawn")
    }

    // MARK: Sessions and password

    func revokeToken(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let principal = try req.principal()
        guard let id = req.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw AppError.notFound("session or token")
        }
        try await req.heirloom.tokens.revoke(id: id, userID: principal.userID)
        if id == principal.tokenID {
            let response = req.redirect(to: "/login?done=signed-out")
            SessionCookie.clear(on: response, request: req)
            return response
        }
        return req.redirect(to: "/settings?done=token-revoked")
    }

    struct PasswordForm: Content {
        var currentPassword: String?
        var newPassword: String?
        var confirmPassword: String?
    }

    func changePassword(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let form = try req.content.decode(PasswordForm.self)
        do {
            guard form.newPassword == form.confirmPassword else {
                throw AppError.invalid(
                    FieldError(
                        field: "confirmPassword",
                        message: "The two new passwords are not the same. Please type it again.")
                )
            }
            try await req.heirloom.accounts.changePassword(
                for: try req.principal(),
                current: form.currentPassword ?? "",
                new: form.newPassword ?? "",
                address: req.clientAddress
            )
            return req.redirect(to: "/settings?done=password-changed")
        } catch {
            let error = try AppError.userFacing(error)
            let view = try await render(req: req, extras: Extras(passwordErrors: error.formErrors))
            return try await view.encodeResponse(status: error.status, for: req)
        }
    }
}
