import Fluent
import Foundation
import SQLKit

/// Full-text search over items: SQLite's FTS5 or PostgreSQL's text search, behind one small type.
///
/// Ranked, with prefix matches ("sil" finds "silver"). SQLite keeps a separate FTS5 table that the item
/// service updates with each save; PostgreSQL keeps a generated `tsvector` column with a GIN index.
struct ItemSearchIndex: Sendable {
    let db: any SQLDatabase

    init(_ database: any Database) throws {
        db = try database.sql()
    }

    private var isPostgres: Bool { db.dialect.name == "postgresql" }

    /// Up to this many matches are ranked by relevance (bm25); more are listed newest first.
    static let rankingLimit = 2000

    /// The words of a query, cleaned to letters and digits (at most ten, each at most 50 characters).
    static func terms(_ query: String) -> [String] {
        query.lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map { String($0.prefix(50)) }
            .prefix(10)
            .map { $0 }
    }

    /// The ids of matching items of a household, best first.
    func search(_ query: String, householdID: UUID, category: String?, limit: Int, offset: Int) async throws -> [UUID] {
        let terms = Self.terms(query)
        guard !terms.isEmpty else { return [] }
        if isPostgres {
            let tsquery = terms.map { "\($0):*" }.joined(separator: " & ")
            // The owner's notes for the AI expert count too (item_valuations.user_notes, indexed by its own migration).
            var sql: SQLQueryString = """
                SELECT id FROM items WHERE household_id = \(bind: householdID) \
                AND (search_vector @@ to_tsquery('simple', \(bind: tsquery)) \
                OR id IN (SELECT item_id FROM item_valuations \
                WHERE to_tsvector('simple', user_notes) @@ to_tsquery('simple', \(bind: tsquery))) \
                OR id IN (\(TranscriptSearch.itemsWithStoriesMatching(tsquery: tsquery, householdID: householdID))))
                """
            if let category { sql = sql + " AND category = \(bind: category)" }
            sql =
                sql + """
                     ORDER BY ts_rank(search_vector, to_tsquery('simple', \(bind: tsquery))) DESC, created_at DESC \
                    LIMIT \(literal: limit) OFFSET \(literal: offset)
                    """
            return try await db.raw(sql).all().map { try $0.uuid("id") }
        }
        let match = terms.map { "\"\($0)\"*" }.joined(separator: " ")
        // Ranking costs a little for every match; a query that matches thousands of items ("s") ranks
        // nothing useful, so such broad queries list their matches newest first instead.
        let broad =
            try await db.raw(
                """
                SELECT COUNT(*) AS matches FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH \(bind: match) \
                LIMIT \(literal: Self.rankingLimit + 1))
                """
            ).first().map { try $0.decode(column: "matches", as: Int.self) > Self.rankingLimit } ?? false
        var sql: SQLQueryString = """
            SELECT item_id FROM items_fts WHERE items_fts MATCH \(bind: match) \
            AND household_id = \(bind: householdID.text)
            """
        if let category { sql = sql + " AND category = \(bind: category)" }
        sql = sql + (broad ? " ORDER BY rowid DESC" : " ORDER BY rank")
        sql = sql + " LIMIT \(literal: limit) OFFSET \(literal: offset)"
        return try await db.raw(sql).all().compactMap {
            UUID(uuidString: try $0.decode(column: "item_id", as: String.self))
        }
    }

    /// Brings the index up to date with an item (SQLite; PostgreSQL's column updates itself). The owner's notes for
    /// the AI expert and the typed copies of its recorded stories are indexed with the description.
    func update(_ item: Item) async throws {
        guard !isPostgres, let id = item.id else { return }
        let notes =
            try await db.raw("SELECT user_notes FROM item_valuations WHERE item_id = \(bind: id)").first()
            .map { try $0.decode(column: "user_notes", as: String.self) } ?? ""
        let spoken = try await TranscriptSearch.storyText(of: id, on: db)
        let text = [item.description, notes, spoken].filter { !$0.isEmpty }.joined(separator: "\n\n")
        try await remove(id)
        try await db.raw(
            """
            INSERT INTO items_fts (item_id, household_id, name, category, description) VALUES \
            (\(bind: id.text), \(bind: item.$household.id.text), \(bind: item.name), \
            \(bind: item.category), \(bind: text))
            """
        ).run()
    }

    func remove(_ itemID: UUID) async throws {
        guard !isPostgres else { return }
        try await db.raw("DELETE FROM items_fts WHERE item_id = \(bind: itemID.text)").run()
    }
}

/// Creates the full-text index of items for the database in use.
struct CreateItemSearchIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name == "postgresql" {
            try await sql.raw(
                """
                ALTER TABLE items ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
                  setweight(to_tsvector('simple', coalesce(name, '')), 'A') ||
                  setweight(to_tsvector('simple', coalesce(category, '')), 'B') ||
                  setweight(to_tsvector('simple', coalesce(description, '')), 'C')
                ) STORED
                """
            ).run()
            try await sql.raw("CREATE INDEX items_search_idx ON items USING GIN (search_vector)").run()
        } else {
            try await sql.raw(
                """
                CREATE VIRTUAL TABLE items_fts USING fts5(
                  name, category, description, item_id UNINDEXED, household_id UNINDEXED,
                  tokenize = 'unicode61 remove_diacritics 2'
                )
                """
            ).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name == "postgresql" {
            try await sql.raw("ALTER TABLE items DROP COLUMN search_vector").run()
        } else {
            try await sql.raw("DROP TABLE items_fts").run()
        }
    }
}
