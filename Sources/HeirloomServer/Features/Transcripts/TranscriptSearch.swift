import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// How transcripts join the searches of items, memories and journal cards: a recording's words find what it is
/// attached to, ranked with the rest (items), or matched as its own text is (memories and cards).
enum TranscriptSearch {
    /// The typed copies of an item's recorded stories, for its SQLite full-text row.
    static func storyText(of itemID: UUID, on sql: any SQLDatabase) async throws -> String {
        try await sql.raw(
            """
            SELECT t.search_text AS words FROM item_audio a JOIN media_objects m ON m.id = a.media_id \
            JOIN transcripts t ON t.media_object_id = m.id \
            WHERE a.item_id = \(bind: itemID) ORDER BY a.created_at
            """
        ).all().map { try $0.decode(column: "words", as: String.self) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// The ids of the household's items with a story whose transcript matches `tsquery` (PostgreSQL).
    static func itemsWithStoriesMatching(tsquery: String, householdID: UUID) -> SQLQueryString {
        """
        SELECT a.item_id FROM item_audio a JOIN media_objects m ON m.id = a.media_id \
        JOIN transcripts t ON t.media_object_id = m.id \
        WHERE m.household_id = \(bind: householdID) \
        AND to_tsvector('simple', t.search_text) @@ to_tsquery('simple', \(bind: tsquery))
        """
    }

    /// A condition on `memories`: one of its files has a transcript containing `pattern` (a LIKE pattern).
    static func memoryFileMatches(_ pattern: String) -> SQLQueryString {
        """
        \(ident: "memories").\(ident: "id") IN (SELECT mm.memory_id FROM memory_media mm \
        JOIN media_objects m ON m.id = mm.media_id \
        JOIN transcripts t ON t.media_object_id = m.id \
        WHERE t.search_text LIKE \(bind: pattern) ESCAPE '\\')
        """
    }

    /// The typed copy of a journal card's recording (selected with `journal_cards`), lowercased; NULL for none.
    static let journalCardWords: SQLQueryString = """
        (SELECT t.search_text FROM media_objects m \
        JOIN transcripts t ON t.media_object_id = m.id \
        WHERE m.id = \(ident: "journal_cards").\(ident: "media_id"))
        """

    /// Brings the item search up to date after a transcript changed: the item whose story it types out
    /// (SQLite's index; PostgreSQL reads transcripts as it searches).
    static func reindex(_ transcript: Transcript, on db: any Database) async throws {
        let sql = try db.sql()
        guard sql.dialect.name != "postgresql", let recording = transcript.$recording.id else { return }
        let rows = try await sql.raw(
            """
            SELECT DISTINCT a.item_id AS item FROM item_audio a WHERE a.media_id = \(bind: recording)
            """
        ).all()
        let ids = try rows.map { try $0.uuid("item") }
        guard !ids.isEmpty else { return }
        for item in try await Item.query(on: db).filter(\.$id ~~ ids).all() {
            try await ItemSearchIndex(db).update(item)
        }
    }
}
