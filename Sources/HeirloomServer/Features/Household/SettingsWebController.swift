import Fluent
import HeirloomCore
import Vapor

/// Settings: the household's name, members and invitations, and one's own sessions and password.
struct SettingsWebController {
    // MARK: The page

    /// What the page shows besides the base; optional parts are filled after a form is sent.
    struct Extras {
        var householdForm: HouseholdForm?
        var householdErrors: [String: String] = [:]
        var newInvitation: SettingsPage.NewInvitation?
        var passwordErrors: [String: String] = [:]
        var newPasswordLink: SettingsPage.NewPasswordLink?
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
        var model = SettingsPage(
            isOwner: principal.role.canManageHousehold,
            deliversMail: req.heirloom.households.deliversMail,
            householdForm: .init(
                household, name: extras.householdForm?.name, timeZone: extras.householdForm?.timeZone,
                paperSize: extras.householdForm?.paperSize,
                showValuesToViewers: extras.householdForm.map { $0.showValuesToViewers == "yes" }),
            currencies: ItemPages.currencies,
            householdErrors: extras.householdErrors,
            members: try members.map { try .init($0, you: principal.userID, days: principal.days) },
            invitations: try invitations.map { try .init($0, days: principal.days) },
            newInvitation: extras.newInvitation,
            tokens: try tokens.map { try .init($0, current: principal.tokenID, days: principal.days) },
            passwordErrors: extras.passwordErrors,
            backup: principal.role.canManageHousehold
                ? BackupPage(
                    req.heirloom.services, status: try await BackupStatus.read(on: req.db), days: principal.days) : nil,
            needsPassword: principal.role.canManageHousehold
                ? try members.filter { $0.passwordHash == nil && $0.appleSubject == nil }.map {
                    SettingsPage.Waiting(id: try $0.requireID().text, name: $0.name, email: $0.email)
                } : [],
            newPasswordLink: extras.newPasswordLink
        )
        model.timeZones = TimeZonePlaces.regions(SettingsPage.timeZones, keeping: model.householdForm.timeZone)
        model.yourEmail = principal.email
        model.emailConfirmed = try await services.emailConfirmations.isConfirmed(principal.userID)
        return try await Page.render(
            .settings, base: PageBase(request: req, title: "Settings", nav: .settings), model, on: req)
    }

    // MARK: Household and members

    struct HouseholdForm: Content {
        var name: String?
        var defaultCurrency: String?
        var timeZone: String?
        var paperSize: String?
        /// "yes" when ticked; the form always holds the box, so its absence means no.
        var showValuesToViewers: String?
    }
    struct RoleForm: Content { var role: String? }

    func renameHousehold(req: Request) async throws -> Response {
        let form = try req.content.decode(HouseholdForm.self)
        return try await req.submitForm {
            _ = try await req.heirloom.households.update(
                by: try req.principal(),
                .init(
                    name: form.name ?? "", defaultCurrency: form.defaultCurrency, timeZone: form.timeZone,
                    paperSize: form.paperSize, showValuesToViewers: form.showValuesToViewers == "yes")
            )
            return req.redirect(to: SiteURL.settings.path(done: .householdRenamed))
        } orShowAgain: { errors in
            try await render(req: req, extras: Extras(householdForm: form, householdErrors: errors))
        }
    }

    func changeRole(req: Request) async throws -> Response {
        let id = try req.id("member")
        guard let role = try req.content.decode(RoleForm.self).role.flatMap(HouseholdRole.init(rawValue:)) else {
            throw AppError.invalid(FieldError(field: "role", message: "Please choose owner, editor or viewer."))
        }
        _ = try await req.heirloom.households.changeRole(of: id, to: role, by: try req.principal())
        return req.redirect(to: SiteURL.settings.path(done: .roleChanged))
    }

    func confirmRemoval(req: Request) async throws -> View {
        let principal = try req.principal()
        let member = try await req.heirloom.households.member(try req.id("member"), of: principal)
        let model = ConfirmPage(
            heading: "Remove \(member.name) from \(principal.householdName)?",
            consequence:
                "\(member.name) will no longer be able to sign in to this hub, and every phone and browser they use will be signed out. What they added to the household stays.",
            action: .settingsMemberRemove(.value(try member.requireID())),
            confirmLabel: "Remove \(member.name)",
            cancel: .settings
        )
        return try await model.render(title: "Remove a member", nav: .settings, on: req)
    }

    struct PasswordLinkForm: Content {
        /// "email" writes the link to the outbox; anything else shows it once on the page.
        var send: String?
    }

    /// Makes a one-time link with which a member without a password (brought in by an import) sets one: shown on
    /// the page to copy or print, or emailed through the outbox.
    func makePasswordLink(req: Request) async throws -> Response {
        let principal = try req.principal()
        let member = try await req.heirloom.households.member(try req.id("member"), of: principal)
        let services = req.heirloom.services
        let links = PasswordLinkService(
            db: req.db, now: services.clock(), passwords: services.passwords,
            publicBaseURL: services.config.publicBaseURL)
        if try req.content.decode(PasswordLinkForm.self).send == "email" {
            let household = try await req.heirloom.households.household(of: principal)
            try await links.email(to: member, householdName: household.name)
            return req.redirect(to: SiteURL.settings.path(done: .passwordLinkEmailed))
        }
        let url = try await links.create(for: try member.requireID())
        return try await render(req: req, extras: Extras(newPasswordLink: .init(name: member.name, url: url)))
            .encodeResponse(for: req)
    }

    func removeMember(req: Request) async throws -> Response {
        try await req.heirloom.households.remove(try req.id("member"), by: try req.principal())
        return req.redirect(to: SiteURL.settings.path(done: .memberRemoved))
    }

    // MARK: Invitations

    struct InviteForm: Content {
        var role: String?
        var email: String?
        var name: String?
    }

    func invite(req: Request) async throws -> View {
        let form = try req.content.decode(InviteForm.self)
        guard let role = form.role.flatMap(HouseholdRole.init(rawValue:)) else {
            throw AppError.invalid(FieldError(field: "role", message: "Please choose owner, editor or viewer."))
        }
        let households = req.heirloom.households
        let principal = try req.principal()
        let (invitation, secret, emailed) = try await households.invite(
            role: role, email: form.email, name: form.name, by: principal)
        let created = SettingsPage.NewInvitation(
            url: households.invitationURL(secret: secret),
            role: role.rawValue,
            roleLabel: role.label,
            expires: principal.days.day(invitation.expiresAt),
            emailedTo: emailed ? invitation.email : nil
        )
        return try await render(req: req, extras: Extras(newInvitation: created))
    }

    func revokeInvitation(req: Request) async throws -> Response {
        try await req.heirloom.households.revokeInvitation(try req.id("invitation"), by: try req.principal())
        return req.redirect(to: SiteURL.settings.path(done: .invitationWithdrawn))
    }

    // MARK: Sessions and password

    func revokeToken(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("session or token")
        try await req.heirloom.tokens.revoke(id: id, userID: principal.userID)
        if id == principal.tokenID {
            let response = req.redirect(to: SiteURL.login.path(done: .signedOut))
            SessionCookie.clear(on: response, request: req)
            return response
        }
        return req.redirect(to: SiteURL.settings.path(done: .tokenRevoked))
    }

    struct PasswordForm: Content {
        var currentPassword: String?
        var newPassword: String?
        var confirmPassword: String?
    }

    func changePassword(req: Request) async throws -> Response {
        let form = try req.content.decode(PasswordForm.self)
        do {
            try await req.heirloom.accounts.changePassword(
                for: try req.principal(), current: form.currentPassword ?? "", new: form.newPassword ?? "",
                confirmation: form.confirmPassword ?? "", address: req.clientAddress)
            return req.redirect(to: SiteURL.settings.path(done: .passwordChanged))
        } catch {
            let error = try AppError.userFacing(error)
            let view = try await render(req: req, extras: Extras(passwordErrors: error.formErrors))
            return try await view.encodeResponse(status: error.status, for: req)
        }
    }
}
