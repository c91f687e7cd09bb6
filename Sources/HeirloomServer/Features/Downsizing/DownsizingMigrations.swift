import Fluent
import SQLKit

/// Adds how many pieces an item stands for and what happens to it; items with a beneficiary start as legacy.
struct AddQuantityAndDispositionToItem: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds columns one at a time.
        try await database.schema(Item.schema).field("quantity", .int, .required, .sql(.default(1))).update()
        try await database.schema(Item.schema)
            .field("disposition_value", .string, .required, .sql(.default("undecided"))).update()
        try await database.schema(Item.schema)
            .field("disposition_status", .string, .required, .sql(.default("notStarted"))).update()
        try await database.schema(Item.schema)
            .field("disposition_note", .string, .required, .sql(.default(""))).update()
        try await database.schema(Item.schema).field("disposition_amount", .int64).update()
        let sql = try database.sql()
        try await sql.raw(
            """
            UPDATE items SET disposition_value = 'legacy' \
            WHERE EXISTS (SELECT 1 FROM item_beneficiaries WHERE item_beneficiaries.item_id = items.id)
            """
        ).run()
        // The summary counts by disposition within a household straight from an index.
        try await sql.create(index: "items_household_disposition_idx").on(Item.schema)
            .column("household_id").column("disposition_value").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().drop(index: "items_household_disposition_idx").run()
        for column in ["disposition_amount", "disposition_note", "disposition_status", "disposition_value", "quantity"]
        {
            try await database.schema(Item.schema).deleteField(.string(column)).update()
        }
    }
}

/// Creates sets (groups of items that belong together) and their members; an item is in at most one set.
struct CreateItemSet: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ItemSet.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("set_type", .string, .required)
            .field("story", .string, .required)
            .field("sell_together", .bool, .required)
            .field("currency_code", .string, .required)
            .field("disposition_value", .string, .required)
            .field("disposition_status", .string, .required)
            .field("disposition_note", .string, .required)
            .field("disposition_amount", .int64)
            .field("created_by_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.schema(ItemSetMember.schema)
            .id()
            .field("set_id", .uuid, .required, .references(ItemSet.schema, .id, onDelete: .cascade))
            .field("item_id", .uuid, .required, .references(Item.schema, .id, onDelete: .cascade))
            .field("quantity", .int, .required)
            .field("created_at", .datetime)
            .unique(on: "item_id")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "item_sets_household_name_idx").on(ItemSet.schema)
            .column("household_id").column("name").run()
        try await sql.create(index: "item_set_members_set_idx").on(ItemSetMember.schema).column("set_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ItemSetMember.schema).delete()
        try await database.schema(ItemSet.schema).delete()
    }
}
