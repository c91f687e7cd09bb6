import Fluent
import Foundation
import HeirloomCore

/// The household itself and who belongs to it: its name, members, roles and invitations.
struct HouseholdService: Sendable {
    let db: any Database
    /// Now, as the hub sees it.
    let clock: @Sendable () -> Date
    /// Where invitation links point.
    let publicBaseURL: String
    let tokens: TokenService
    /// Frees a removed member's journal recordings with their files.
    let media: MediaService
    /// Whether the hub sends mail (SMTP is set up): invitations to an address are then emailed as well.
    var deliversMail = false

    /// How long an invitation link works.
    static let invitationLifetime: TimeInterval = 7 * 24 * 60 * 60

    func household(of principal: Principal) async throws -> Household {
        guard let household = try await Household.find(principal.householdID, on: db) else {
            throw AppError.unauthenticated
        }
        return household
    }

    /// Renames the household (owners only).
    func rename(by principal: Principal, to rawName: String) async throws -> Household {
        try await update(by: principal, Changes(name: rawName))
    }

    /// Changes the household's name, default currency, time zone and paper size, whichever are given (owners only).
    /// What an owner may change; nil keeps the current value.
    struct Changes: Sendable {
        var name: String?
        var defaultCurrency: String?
        /// An IANA name, like Europe/London.
        var timeZone: String?
        /// "a4", "letter", or "auto" for the custom of the household's currency.
        var paperSize: String?
        var showValuesToViewers: Bool? = nil
    }

    func update(by principal: Principal, _ changes: Changes) async throws -> Household {
        try principal.requireOwner()
        let household = try await household(of: principal)
        if let rawName = changes.name {
            household.name = try AccountRules.name(rawName, field: "name", what: "household name")
        }
        if let defaultCurrency = changes.defaultCurrency {
            household.defaultCurrency = try CurrencyCode.parse(
                defaultCurrency.trimmingWhitespace().uppercased(), field: "defaultCurrency"
            ).code
        }
        if let zone = changes.timeZone {
            household.timeZone = try EstateRules.timeZone(zone.trimmingWhitespace()).identifier
        }
        if let paper = changes.paperSize {
            switch paper {
            case "auto": household.paperSize = nil
            case let size where PaperSize(rawValue: size) != nil: household.paperSize = size
            default:
                throw AppError.invalid(
                    FieldError(field: "paperSize", message: "Please choose A4, US Letter, or the usual size."))
            }
        }
        if let shows = changes.showValuesToViewers { household.showValuesToViewers = shows }
        try await household.save(on: db)
        return household
    }

    /// The household's members, owners first, then by name.
    func members(of principal: Principal) async throws -> [User] {
        let users = try await User.query(on: db).filter(\.$household.$id == principal.householdID).all()
        let rank: [HouseholdRole: Int] = [.owner: 0, .editor: 1, .viewer: 2]
        return users.sorted {
            (rank[$0.role] ?? 3, $0.name.lowercased()) < (rank[$1.role] ?? 3, $1.name.lowercased())
        }
    }

    /// A member of the caller's household; members of other households answer not found.
    func member(_ id: UUID, of principal: Principal) async throws -> User {
        guard
            let user = try await User.query(on: db)
                .filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID)
                .first()
        else { throw AppError.notFound("member") }
        return user
    }

    /// Changes a member's role (owners only; never leaves the household without an owner).
    func changeRole(of id: UUID, to role: HouseholdRole, by principal: Principal) async throws -> User {
        try principal.requireOwner()
        return try await db.retryingTransaction { db in
            let service = HouseholdService(
                db: db, clock: clock, publicBaseURL: publicBaseURL, tokens: tokens, media: media)
            let user = try await service.member(id, of: principal)
            let owners = try await service.ownerCount(principal.householdID)
            do {
                try MembershipRules.checkRoleChange(from: user.role, to: role, ownerCount: owners)
            } catch {
                throw Self.lastOwner
            }
            user.role = role
            try await user.save(on: db)
            // Two owners stepping down at once: whichever finds no owner left undoes its change.
            guard try await service.ownerCount(principal.householdID) > 0 else { throw Self.lastOwner }
            return user
        }
    }

    /// Removes a member and ends their sessions (owners only; never the last owner).
    func remove(_ id: UUID, by principal: Principal) async throws {
        try principal.requireOwner()
        // Their private journal goes with them (its cards by cascade), so its recordings go too, files
        // included: nobody could ever open them again.
        let recordings = try await MediaObject.query(on: db)
            .filter(\.$household.$id == principal.householdID)
            .filter(\.$uploadedBy.$id == id)
            .filter(\.$ownerType == JournalCardService.mediaOwnerType)
            .all()
        try await db.retryingTransaction { db in
            let service = HouseholdService(
                db: db, clock: clock, publicBaseURL: publicBaseURL, tokens: tokens, media: media)
            let user = try await service.member(id, of: principal)
            let owners = try await service.ownerCount(principal.householdID)
            do {
                try MembershipRules.checkRemoval(of: user.role, ownerCount: owners)
            } catch {
                throw Self.lastOwner
            }
            try await user.delete(on: db)
            guard try await service.ownerCount(principal.householdID) > 0 else { throw Self.lastOwner }
        }
        try await media.delete(recordings)
    }

    private func ownerCount(_ householdID: UUID) async throws -> Int {
        try await User.query(on: db)
            .filter(\.$household.$id == householdID)
            .filter(\.$role == .owner)
            .count()
    }

    static let lastOwner = AppError.conflict(
        code: "last_owner",
        message: "A household needs at least one owner. Make someone else an owner first."
    )

    // MARK: Invitations

    /// Creates a single-use invitation and returns it with its secret, shown only now.
    /// A new invitation; emailed through the outbox to its address when the hub sends mail (`emailed`).
    /// `name`, when given, is how the email greets them and what the join form is filled with.
    func invite(role: HouseholdRole, email rawEmail: String?, name rawName: String? = nil, by principal: Principal)
        async throws -> (invitation: Invitation, secret: String, emailed: Bool)
    {
        try principal.requireOwner()
        let trimmed = rawEmail?.trimmingWhitespace() ?? ""
        let email = trimmed.isEmpty ? nil : try AccountRules.email(trimmed)
        let givenName = rawName?.trimmingWhitespace() ?? ""
        let name = givenName.isEmpty ? nil : try AccountRules.name(givenName, field: "name")
        let secret = SecretToken.generate()
        let invitation = Invitation(
            householdID: principal.householdID,
            createdByID: principal.userID,
            tokenHash: SecretToken.hash(secret),
            role: role,
            email: email,
            name: name,
            expiresAt: clock().addingTimeInterval(Self.invitationLifetime)
        )
        guard let email, deliversMail else {
            try await invitation.create(on: db)
            return (invitation, secret, false)
        }
        let mail = Mail(
            purpose: .memberInvitation, toName: name ?? email, toEmail: email,
            subject: "\(principal.name) invites you to \(principal.householdName) on Heirloom",
            paragraphs: [
                "\(principal.name) has invited you to join \(principal.householdName) on Heirloom, the family's own "
                    + "place for its keepsakes, memories and stories.",
                "Open the link below and choose your own password. It works once, until "
                    + "\(principal.days.day(invitation.expiresAt)). If you were not expecting this, you can ignore it.",
            ],
            link: invitationURL(secret: secret), linkLabel: "Join the family")
        try await db.transaction { db in
            try await invitation.create(on: db)
            _ = try await Outbox(db: db, clock: clock).enqueue(mail, householdID: principal.householdID)
        }
        return (invitation, secret, true)
    }

    /// The link that accepts an invitation.
    func invitationURL(secret: String) -> String {
        SiteURL.invite(.value(secret)).url(on: publicBaseURL)
    }

    /// Invitations neither accepted nor expired (owners only), newest first.
    func pendingInvitations(of principal: Principal) async throws -> [Invitation] {
        try principal.requireOwner()
        return try await Invitation.query(on: db)
            .filter(\.$household.$id == principal.householdID)
            .filter(\.$acceptedAt == nil)
            .filter(\.$expiresAt > clock())
            .sort(\.$createdAt, .descending)
            .all()
    }

    /// Withdraws a pending invitation (owners only).
    func revokeInvitation(_ id: UUID, by principal: Principal) async throws {
        try principal.requireOwner()
        guard
            let invitation = try await Invitation.query(on: db)
                .filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID)
                .first()
        else { throw AppError.notFound("invitation") }
        try await invitation.delete(on: db)
    }
}
