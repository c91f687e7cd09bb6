import Fluent
import SQLKit

/// Makes the time zone a household setting (it was the estate's) and adds the household's paper size.
///
/// The zone an owner already chose for passing on moves to the household; households without one keep the
/// server's (nil).
struct AddSettingsToHousehold: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One change per statement: SQLite alters a table one column at a time.
        try await database.schema(Household.schema).field("time_zone", .string).update()
        try await database.schema(Household.schema).field("paper_size", .string).update()
        try await database.sql().raw(
            """
            UPDATE households SET time_zone = \
            (SELECT estates.time_zone FROM estates WHERE estates.household_id = households.id)
            """
        ).run()
        try await database.schema(Estate.schema).deleteField("time_zone").update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Estate.schema).field("time_zone", .string).update()
        try await database.sql().raw(
            """
            UPDATE estates SET time_zone = \
            (SELECT households.time_zone FROM households WHERE households.id = estates.household_id)
            """
        ).run()
        try await database.schema(Household.schema).deleteField("paper_size").update()
        try await database.schema(Household.schema).deleteField("time_zone").update()
    }
}

/// Family pages first (#34): whether viewers see what things are worth (not until an owner chooses it), and whether
/// the owners put Home's "Getting started" list away.
struct AddFamilyPagesToHousehold: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One change per statement: SQLite alters a table one column at a time.
        try await database.schema(Household.schema)
            .field("show_values_to_viewers", .bool, .required, .sql(.default(false))).update()
        try await database.schema(Household.schema)
            .field("getting_started_dismissed", .bool, .required, .sql(.default(false))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Household.schema).deleteField("getting_started_dismissed").update()
        try await database.schema(Household.schema).deleteField("show_values_to_viewers").update()
    }
}

/// The family's second walk-through (issue 45): when an owner last downloaded the whole household, for "Keep a copy"
/// and Home's "Getting started".
struct AddLastCopyToHousehold: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Household.schema).field("last_copy_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Household.schema).deleteField("last_copy_at").update()
    }
}
