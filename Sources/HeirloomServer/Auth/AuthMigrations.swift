import Fluent
import SQLKit

/// Creates the households table.
struct CreateHousehold: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Household.schema)
            .id()
            .field("name", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Household.schema).delete()
    }
}

/// Creates the users table; an email belongs to one account across the hub.
struct CreateUser: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("email", .string, .required)
            .field("password_hash", .string)
            .field("role", .string, .required)
            .field("apple_subject", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "email")
            .unique(on: "apple_subject")
            .create()
        try await database.sql().create(index: "users_household_id_idx")
            .on(User.schema).column("household_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).delete()
    }
}

/// Creates the table of sessions, app tokens and paired devices.
struct CreateAuthToken: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AuthToken.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("name", .string, .required)
            .field("token_hash", .string, .required)
            .field("created_at", .datetime)
            .field("last_used_at", .datetime)
            .field("expires_at", .datetime)
            .unique(on: "token_hash")
            .create()
        try await database.sql().create(index: "auth_tokens_user_id_idx")
            .on(AuthToken.schema).column("user_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuthToken.schema).delete()
    }
}

/// Gives an invitation the invited person's name (issue 44): its email greets them by it, and the join form is
/// filled with it.
struct AddNameToInvitation: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Invitation.schema).field("name", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Invitation.schema).deleteField("name").update()
    }
}

/// Addresses proved before they are trusted (issue 44): a member's confirmed address, and the address each wish
/// participant's round was opened with. Rounds already open keep their participants' addresses of now; members
/// who joined by an invitation to their very address count as confirmed.
struct AddAddressProof: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema).field("email_confirmed_at", .datetime).update()
        try await database.schema(WishParticipant.schema).field("email", .string).update()
        try await database.schema(Beneficiary.schema).field("email_set_by_id", .uuid).update()
        try await Self.fill(try database.sql())
    }

    /// What the hub knew before: open rounds keep their participants' addresses of now, and a member who joined
    /// by an invitation to their very address has it confirmed.
    static func fill(_ sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            UPDATE wish_participants SET email = (SELECT LOWER(email) FROM beneficiaries \
            WHERE beneficiaries.id = wish_participants.beneficiary_id) \
            WHERE round_id IN (SELECT id FROM wish_rounds WHERE state <> 'draft')
            """
        ).run()
        try await sql.raw(
            """
            UPDATE users SET email_confirmed_at = (SELECT MIN(accepted_at) FROM invitations \
            WHERE invitations.household_id = users.household_id AND LOWER(invitations.email) = users.email \
            AND invitations.accepted_at IS NOT NULL)
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(WishParticipant.schema).deleteField("email").update()
        try await database.schema(Beneficiary.schema).deleteField("email_set_by_id").update()
        try await database.schema(User.schema).deleteField("email_confirmed_at").update()
    }
}

/// Creates the invitations table.
struct CreateInvitation: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Invitation.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("created_by_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("token_hash", .string, .required)
            .field("role", .string, .required)
            .field("email", .string)
            .field("created_at", .datetime)
            .field("expires_at", .datetime, .required)
            .field("accepted_at", .datetime)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Invitation.schema).delete()
    }
}
