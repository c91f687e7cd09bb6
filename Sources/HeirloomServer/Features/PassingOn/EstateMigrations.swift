import Fluent
import SQLKit

/// Creates the estates table: one row per household.
struct CreateEstate: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Estate.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("holder_user_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("waiting_period_days", .int, .required)
            .field("inactivity_months", .int)
            .field("show_values_to_recipients", .bool, .required, .sql(.default(false)))
            .field("time_zone", .string, .required)
            .field("state", .string, .required)
            .field("reported_at", .datetime)
            .field("reported_by", .string)
            .field("date_of_passing", .string)
            .field("report_note", .string)
            .field("release_at", .datetime)
            .field("released_at", .datetime)
            .field("halfway_notice_at", .datetime)
            .field("holder_seen_at", .datetime)
            .field("inactivity_reminders", .int, .required, .sql(.default(0)))
            .field("inactivity_executors_told_at", .datetime)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "household_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Estate.schema).delete()
    }
}

/// Creates the executors (trusted contacts) table.
struct CreateExecutor: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Executor.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("email", .string, .required)
            .field("status", .string, .required)
            .field("created_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Executor.schema).delete()
    }
}

/// Creates the estate's audit log, read newest first.
struct CreateEstateAudit: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AuditEntry.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("at", .datetime, .required)
            .field("event", .string, .required)
            .field("detail", .string, .required)
            .create()
        try await database.sql().create(index: "estate_audit_household_at_idx").on(AuditEntry.schema)
            .column("household_id").column("at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuditEntry.schema).delete()
    }
}

/// Creates the table of executors' and recipients' links and sessions (hashes only).
struct CreatePassingToken: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LinkToken.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("subject_id", .uuid, .required)
            .field("token_hash", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "token_hash")
            .create()
        try await database.sql().create(index: "passing_tokens_subject_idx").on(LinkToken.schema)
            .column("subject_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LinkToken.schema).delete()
    }
}

/// Gives executors' and recipients' sessions an end, and notes when a link's opening was last logged; sessions
/// made before have none, so they end now (the link in the email opens a new one).
struct AddExpiryToPassingToken: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds columns one at a time.
        try await database.schema(LinkToken.schema).field("expires_at", .datetime).update()
        try await database.schema(LinkToken.schema).field("opening_recorded_at", .datetime).update()
        try await LinkToken.query(on: database)
            .filter(\.$kind ~~ [.executorSession, .recipientSession]).delete()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LinkToken.schema).deleteField("opening_recorded_at").update()
        try await database.schema(LinkToken.schema).deleteField("expires_at").update()
    }
}
