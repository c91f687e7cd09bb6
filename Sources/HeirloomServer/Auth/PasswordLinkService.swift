import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Makes password links, emails them, and sets a password with one.
struct PasswordLinkService: Sendable {
    let db: any Database
    let now: Date
    let passwords: PasswordHasher
    let publicBaseURL: String

    /// A new link for a member; returns its address (shown once). A reset link ends the member's earlier unused
    /// reset links, so only the newest email works; links an owner made are left alone.
    ///
    /// A first password's link (`setUp`, an owner's or an import's) is only for a member who has no way in yet:
    /// for anyone else, whoever holds it could sign in as them.
    func create(for userID: UUID, purpose: PasswordLinkPurpose = .setUp) async throws -> String {
        if purpose == .setUp {
            guard let member = try await User.find(userID, on: db) else { throw AppError.notFound("member") }
            guard
                MembershipRules.needsFirstPassword(
                    hasPassword: member.passwordHash != nil, signsInWithApple: member.appleSubject != nil)
            else {
                throw AppError.conflict(
                    code: "has_password",
                    message: "\(member.name) can already sign in. If they have forgotten their password, they can "
                        + "ask for a new one on the sign-in page; it goes only to their own email.")
            }
        }
        if purpose == .reset {
            let ended = PasswordLinkPurpose.endingNow(now)
            try await PasswordLink.query(on: db).filter(\.$user.$id == userID).filter(\.$purpose == .reset)
                .filter(\.$usedAt == nil).filter(\.$expiresAt > now).set(\.$expiresAt, to: ended).update()
        }
        let secret = SecretToken.generate()
        let link = PasswordLink()
        link.$user.id = userID
        link.tokenHash = SecretToken.hash(secret)
        link.purpose = purpose
        link.expiresAt = purpose.expiry(from: now)
        try await link.create(on: db)
        return SiteURL.passwordLink(.value(secret)).url(on: publicBaseURL)
    }

    /// Makes a new link for a member and writes the email that carries it to the outbox, in one transaction: the
    /// hub's mail worker sends it, or an owner passes it on by hand from Settings → Outbox.
    @discardableResult
    func email(to member: User, householdName: String, purpose: PasswordLinkPurpose = .setUp) async throws
        -> OutboxMessage
    {
        let memberID = try member.requireID()
        return try await db.transaction { db in
            let links = PasswordLinkService(db: db, now: now, passwords: passwords, publicBaseURL: publicBaseURL)
            let url = try await links.create(for: memberID, purpose: purpose)
            let mail = Mail.passwordLink(purpose, to: member, householdName: householdName, url: url)
            return try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: member.$household.id)
        }
    }

    /// The link and the member it is for, while it can still be used.
    func open(_ secret: String) async throws -> (PasswordLink, User) {
        guard secret.count <= 200,
            let link = try await PasswordLink.query(on: db).filter(\.$tokenHash == SecretToken.hash(secret))
                .with(\.$user).first()
        else { throw AppError.notFound("link") }
        if link.usedAt != nil { throw AppError.gone("This link has been used already. \(link.purpose.askAgain)") }
        if !PasswordLinkPurpose.isLive(expiresAt: link.expiresAt, now: now) {
            throw AppError.gone(link.purpose.expired)
        }
        return (link, link.user)
    }

    /// What using a link did.
    struct Used: Sendable {
        var user: User
        var purpose: PasswordLinkPurpose
        /// The secret of the session or token the link signed in with, when it was asked to.
        var secret: String?
    }

    /// Sets the member's password with a link, in one transaction: the link is claimed so that it works once even
    /// when sent twice at once; the member's other unused links end, and every session and token of theirs, as a
    /// password change does; with a `credential`, a new one starts.
    func setPassword(
        _ secret: String, to rawPassword: String, signingIn credential: AccountService.Credential? = nil
    ) async throws -> Used {
        let (link, user) = try await open(secret)
        let password = try AccountRules.newPassword(rawPassword, field: "newPassword")
        let hash = try await passwords.hash(password)
        let (linkID, userID, purpose) = (try link.requireID(), try user.requireID(), link.purpose)
        return try await db.transaction { db in
            let claimed = try await db.sql().update(PasswordLink.schema).set("used_at", to: now)
                .where("id", .equal, linkID).where("used_at", .is, SQLLiteral.null)
                .where("expires_at", .greaterThan, now).returning("id").all()
            guard claimed.count == 1 else {
                throw AppError.gone("This link has been used already. \(purpose.askAgain)")
            }
            user.passwordHash = hash
            // A reset link went to the member's own address: using it proves the address.
            if purpose == .reset, user.emailConfirmedAt == nil { user.emailConfirmedAt = now }
            try await user.save(on: db)
            try await PasswordLink.query(on: db).filter(\.$user.$id == userID).filter(\.$usedAt == nil)
                .filter(\.$expiresAt > now).set(\.$expiresAt, to: PasswordLinkPurpose.endingNow(now)).update()
            let tokens = TokenService(database: HubDatabase(db, readers: nil), now: { now })
            try await tokens.revokeAll(userID: userID)
            var used = Used(user: user, purpose: purpose)
            if let credential {
                used.secret = try await tokens.issue(userID: userID, kind: credential.kind, name: credential.name)
                    .secret
            }
            return used
        }
    }
}

extension PasswordLinkPurpose {
    /// Where a new link comes from.
    fileprivate var askAgain: String {
        switch self {
        case .setUp: "Please ask one of the family’s owners for a new one."
        case .reset: "You can ask for a new one on the sign-in page."
        }
    }

    /// Why an old link no longer works.
    fileprivate var expired: String {
        switch self {
        case .setUp: "This link has expired. \(askAgain)"
        case .reset: "This link has expired, or a newer one was sent. Please use the newest email, or ask again."
        }
    }
}
