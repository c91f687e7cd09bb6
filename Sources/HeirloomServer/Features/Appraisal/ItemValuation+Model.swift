import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// An item's one valuation snapshot, replaced by each run, with the owner's notes for the AI expert, kept across runs.
final class ItemValuation: Model, @unchecked Sendable {
    static let schema = "item_valuations"

    @ID(key: .id) var id: UUID?
    @Parent(key: "item_id") var item: Item
    /// Amounts in minor units of `currencyCode`.
    @OptionalField(key: "low") var low: Int64?
    @OptionalField(key: "high") var high: Int64?
    @OptionalField(key: "currency_code") var currencyCode: String?
    @OptionalField(key: "confidence") var confidence: Double?
    /// JSON array of strings.
    @Field(key: "sources") var sourcesJSON: String
    @OptionalField(key: "provider") var provider: String?
    @OptionalField(key: "model") var model: String?
    @OptionalField(key: "valued_at") var valuedAt: Date?
    @OptionalField(key: "ai_notes") var aiNotes: String?
    /// "More details for the AI expert", sent with every run.
    @Field(key: "user_notes") var userNotes: String

    init() {}

    init(itemID: UUID) {
        self.$item.id = itemID
        sourcesJSON = "[]"
        userNotes = ""
    }

    var sources: [String] {
        get { (try? JSONDecoder().decode([String].self, from: Data(sourcesJSON.utf8))) ?? [] }
        set { sourcesJSON = (try? String(decoding: JSONEncoder().encode(newValue), as: UTF8.self)) ?? "[]" }
    }

    var currency: CurrencyCode? { currencyCode.flatMap(CurrencyCode.init) }

    func money(_ minorUnits: Int64?) -> Money? {
        guard let minorUnits, let currency else { return nil }
        return Money(minorUnits: minorUnits, currency: currency)
    }

    /// Replaces the snapshot with a new analysis; the notes stay.
    func record(_ analysis: ItemAnalysis, at date: Date) {
        let hints = analysis.valueHints
        let currency = hints.flatMap { CurrencyCode($0.currencyCode) }
        currencyCode = currency?.code
        low = currency.flatMap { c in hints.flatMap { AnalysisMerge.money($0.low, currency: c)?.minorUnits } }
        high = currency.flatMap { c in hints.flatMap { AnalysisMerge.money($0.high, currency: c)?.minorUnits } }
        confidence = hints?.confidence
        sources = hints?.sources ?? []
        provider = analysis.provider
        model = analysis.model
        valuedAt = date
        aiNotes = analysis.aiNotes
    }
}

/// Creates the table of item valuations: one row per item.
struct CreateItemValuation: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ItemValuation.schema)
            .id()
            .field("item_id", .uuid, .required, .references(Item.schema, .id, onDelete: .cascade))
            .field("low", .int64)
            .field("high", .int64)
            .field("currency_code", .string)
            .field("confidence", .double)
            .field("sources", .string, .required)
            .field("provider", .string)
            .field("model", .string)
            .field("valued_at", .datetime)
            .field("ai_notes", .string)
            .field("user_notes", .string, .required)
            .unique(on: "item_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ItemValuation.schema).delete()
    }
}

/// Makes the owner's notes for the AI expert findable by the item search: on PostgreSQL an expression index
/// over them (the search looks there too); SQLite's FTS5 rows take the notes with the description.
struct AddValuationNotesToItemSearch: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw(
            "CREATE INDEX item_valuations_notes_search_idx ON item_valuations USING GIN (to_tsvector('simple', user_notes))"
        ).run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("DROP INDEX item_valuations_notes_search_idx").run()
    }
}
