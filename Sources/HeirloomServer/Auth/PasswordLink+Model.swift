import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// A one-time link with which a member sets a password: members brought in by `heirloom import` have none, and
/// anyone who forgot theirs asks for one on the sign-in page.
final class PasswordLink: Model, @unchecked Sendable {
    static let schema = "password_links"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// The SHA-256 of the link's secret; the secret itself is shown once.
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    /// Why it was made, which sets its lifetime (`AddPurposeToPasswordLink`).
    @Enum(key: "purpose") var purpose: PasswordLinkPurpose

    init() {}
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

/// Gives each password link its purpose: links made before were all an owner's or an import's (`set_up`).
struct AddPurposeToPasswordLink: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PasswordLink.schema)
            .field("purpose", .string, .required, .sql(.default(PasswordLinkPurpose.setUp.rawValue))).update()
        try await database.sql().create(index: "password_links_user_idx").on(PasswordLink.schema)
            .column("user_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().drop(index: "password_links_user_idx").run()
        try await database.schema(PasswordLink.schema).deleteField("purpose").update()
    }
}
