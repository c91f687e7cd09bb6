import Fluent
import SQLKit

/// Creates the journal's drawers; a member's drawer names are unique.
struct CreateJournalDrawer: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(JournalDrawer.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("is_locked", .bool, .required)
            .field("sort_order", .int, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "user_id", "name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(JournalDrawer.schema).delete()
    }
}

/// Creates the journal's cards, with room for a voice card's recording, duration and waveform.
struct CreateJournalCard: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(JournalCard.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("drawer_id", .uuid, .required, .references(JournalDrawer.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("title", .string)
            .field("body", .string, .required)
            .field("written_on", .string, .required)
            .field("search_text", .string, .required)
            .field("media_id", .uuid)
            .field("duration_seconds", .double)
            .field("waveform", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.sql().create(index: "journal_cards_user_written_idx")
            .on(JournalCard.schema).column("user_id").column("written_on").run()
        try await database.sql().create(index: "journal_cards_drawer_id_idx")
            .on(JournalCard.schema).column("drawer_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(JournalCard.schema).delete()
    }
}

/// Creates the journal's tags and the table of which card has which tag.
struct CreateJournalTag: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(JournalTag.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "user_id", "name")
            .create()
        try await database.schema(JournalCardTag.schema)
            .id()
            .field("card_id", .uuid, .required, .references(JournalCard.schema, .id, onDelete: .cascade))
            .field("tag_id", .uuid, .required, .references(JournalTag.schema, .id, onDelete: .cascade))
            .unique(on: "card_id", "tag_id")
            .create()
        try await database.sql().create(index: "journal_card_tags_tag_id_idx")
            .on(JournalCardTag.schema).column("tag_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(JournalCardTag.schema).delete()
        try await database.schema(JournalTag.schema).delete()
    }
}

/// Adds the time until which a session or token may read locked journal drawers.
struct AddJournalUnlockedUntilToAuthToken: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AuthToken.schema)
            .field("journal_unlocked_until", .datetime)
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuthToken.schema)
            .deleteField("journal_unlocked_until")
            .update()
    }
}
