import Fluent
import HeirloomCore
import SQLKit

/// Adds the household's default currency (USD unless changed in Settings).
struct AddDefaultCurrencyToHousehold: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Household.schema)
            .field("default_currency", .string, .required, .sql(.default("USD")))
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Household.schema).deleteField("default_currency").update()
    }
}

/// Creates the items table.
struct CreateItem: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Item.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("description", .string, .required)
            .field("category", .string, .required)
            .field("currency_code", .string, .required)
            .field("estimated_value", .int64)
            .field("suggested_price_new", .int64)
            .field("suggested_price_used", .int64)
            .field("purchase_price", .int64)
            .field("purchase_date", .string)
            .field("created_by_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        let sql = try database.sql()
        // The list orders: newest first, and newest first within a category, straight from an index.
        try await sql.create(index: "items_household_created_idx").on(Item.schema)
            .column("household_id").column("created_at").column("id").run()
        try await sql.create(index: "items_household_category_idx").on(Item.schema)
            .column("household_id").column("category").column("created_at").column("id").run()
        try await sql.create(index: "items_household_name_idx").on(Item.schema)
            .column("household_id").column("name").run()
        try await sql.create(index: "items_household_value_idx").on(Item.schema)
            .column("household_id").column("estimated_value").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Item.schema).delete()
    }
}

/// Creates the tables that attach photos, documents and audio stories to items.
struct CreateItemMedia: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ItemPhoto.schema)
            .id()
            .field("item_id", .uuid, .required, .references(Item.schema, .id, onDelete: .cascade))
            .field("media_id", .uuid, .required, .references(MediaObject.schema, .id, onDelete: .cascade))
            .field("position", .int, .required)
            .field("created_at", .datetime)
            .create()
        try await database.schema(ItemDocument.schema)
            .id()
            .field("item_id", .uuid, .required, .references(Item.schema, .id, onDelete: .cascade))
            .field("media_id", .uuid, .required, .references(MediaObject.schema, .id, onDelete: .cascade))
            .field("created_at", .datetime)
            .create()
        try await database.schema(ItemAudio.schema)
            .id()
            .field("item_id", .uuid, .required, .references(Item.schema, .id, onDelete: .cascade))
            .field("media_id", .uuid, .required, .references(MediaObject.schema, .id, onDelete: .cascade))
            .field("title", .string, .required)
            .field("created_at", .datetime)
            .create()
        let sql = try database.sql()
        for table in [ItemPhoto.schema, ItemDocument.schema, ItemAudio.schema] {
            try await sql.create(index: "\(table)_item_id_idx").on(table).column("item_id").run()
        }
    }

    func revert(on database: any Database) async throws {
        for table in [ItemAudio.schema, ItemDocument.schema, ItemPhoto.schema] {
            try await database.schema(table).delete()
        }
    }
}

/// Adds the maker and the serial number insurers ask for (issue 18); both optional.
struct AddMakerAndSerialNumberToItem: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite alters a table one change at a time.
        try await database.schema(Item.schema).field("maker", .string).update()
        try await database.schema(Item.schema).field("serial_number", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Item.schema).deleteField("serial_number").update()
        try await database.schema(Item.schema).deleteField("maker").update()
    }
}

/// Adds a title and a kind to each paper kept with an item (issue 34): papers kept before have no title (their
/// file's name is shown, as before) and the kind other, the same as a paper added without saying what it is.
struct AddTitleAndTypeToItemDocument: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite alters a table one change at a time.
        try await database.schema(ItemDocument.schema).field("title", .string).update()
        try await database.schema(ItemDocument.schema)
            .field("document_type", .string, .required, .sql(.default(DocumentType.other.rawValue))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ItemDocument.schema).deleteField("document_type").update()
        try await database.schema(ItemDocument.schema).deleteField("title").update()
    }
}
