import Fluent
import SQLKit

/// Gives `journal_cards.media_id` the foreign key to `media_objects` that `CreateJournalCard` left out, so a
/// voice card's recording can no longer be deleted from under it. A card whose recording is already gone keeps
/// its words and loses the dangling reference.
struct AddMediaForeignKeyToJournalCard: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw(
            """
            UPDATE journal_cards SET media_id = NULL
            WHERE media_id IS NOT NULL AND media_id NOT IN (SELECT id FROM media_objects)
            """
        ).run()
        if sql.dialect.name == "sqlite" {
            try await SQLiteTableRebuild(table: "journal_cards").run(on: database) { create in
                try SQLiteTableRebuild.adding(
                    #"REFERENCES "media_objects" ("id") ON DELETE NO ACTION"#, toColumn: "media_id", in: create)
            }
        } else {
            try await sql.raw(
                """
                ALTER TABLE journal_cards ADD CONSTRAINT journal_cards_media_id_fkey
                FOREIGN KEY (media_id) REFERENCES media_objects (id) ON DELETE NO ACTION
                """
            ).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name == "sqlite" {
            try await SQLiteTableRebuild(table: "journal_cards").run(on: database) { create in
                create.replacingOccurrences(of: #" REFERENCES "media_objects" ("id") ON DELETE NO ACTION"#, with: "")
            }
        } else {
            try await sql.raw("ALTER TABLE journal_cards DROP CONSTRAINT journal_cards_media_id_fkey").run()
        }
    }
}
