import Fluent
import Foundation
import HeirloomCore

/// A one-time link with which a member sets a password: members brought in by `heirloom import` have none.
final class PasswordLink: Model, @unchecked Sendable {
    static let schema = "password_links"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// The SHA-256 of the link's secret; the secret itself is shown once.
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    /// How long a link works.
    static let lifetime: TimeInterval = 14 * 24 * 60 * 60
}

/// Creates the table of password links.
struct CreatePasswordLink: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PasswordLink.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .field("created_at", .datetime)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PasswordLink.schema).delete()
    }
}

/// Makes password links and sets a password with one.
struct PasswordLinkService: Sendable {
    let db: any Database
    let now: Date
    let passwords: PasswordHasher
    let publicBaseURL: String

    /// A new link for a member; returns its address (shown once).
    func create(for userID: UUID) async throws -> String {
        let secret = SecretToken.generate()
        let link = PasswordLink()
        link.$user.id = userID
        link.tokenHash = SecretToken.hash(secret)
        link.expiresAt = now.addingTimeInterval(PasswordLink.lifetime)
        try await link.create(on: db)
        return SiteURL.passwordLink(.value(secret)).url(on: publicBaseURL)
    }

    /// Makes a new link for a member and writes the email that carries it to the outbox, in one transaction: the
    /// hub's mail worker sends it, or an owner passes it on by hand from Settings → Outbox.
    @discardableResult
    func email(to member: User, householdName: String) async throws -> OutboxMessage {
        let memberID = try member.requireID()
        return try await db.transaction { db in
            let links = PasswordLinkService(db: db, now: now, passwords: passwords, publicBaseURL: publicBaseURL)
            let url = try await links.create(for: memberID)
            let mail = Mail(
                purpose: "passwordLink", toName: member.name, toEmail: member.email,
                subject: "Choose your password for \(householdName)",
                paragraphs: [
                    "The family hub \(householdName) has moved to a new home, and everything in it came along.",
                    "To sign in again, please choose a new password with the link below. It works once, for 14 days. "
                        + "If it has expired, ask one of the family's owners for a new one.",
                ],
                link: url, linkLabel: "Choose my password")
            return try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: member.$household.id)
        }
    }

    /// The member a link is for, while it can still be used.
    func open(_ secret: String) async throws -> (PasswordLink, User) {
        guard secret.count <= 200,
            let link = try await PasswordLink.query(on: db).filter(\.$tokenHash == SecretToken.hash(secret))
                .with(\.$user).first()
        else { throw AppError.notFound("link") }
        if link.usedAt != nil { throw AppError.gone("This link has been used already. Please ask for a new one.") }
        if link.expiresAt <= now { throw AppError.gone("This link has expired. Please ask for a new one.") }
        return (link, link.user)
    }

    /// Sets the member's password and uses the link up.
    func setPassword(_ secret: String, to rawPassword: String) async throws -> User {
        let (link, user) = try await open(secret)
        let password = try AccountRules.newPassword(rawPassword)
        user.passwordHash = try await passwords.hash(password)
        link.usedAt = now
        try await db.transaction { db in
            try await user.save(on: db)
            try await link.save(on: db)
        }
        return user
    }
}
