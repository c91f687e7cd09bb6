import Fluent
import Foundation
import HeirloomCore
import SQLKit

extension ItemService {
    /// How a list of items is ordered.
    enum Sort: String, Sendable, CaseIterable {
        case newest, name, value
    }

    /// What to list: a search (ranked) or everything, optionally in one category.
    struct Query: Sendable {
        var text: String = ""
        var category: ItemCategory?
        var sort: Sort = .newest
        var limit = 30
        var offset = 0

        static let maximumLimit = 100
        /// Deeper pages are refused (a cursor past this is nonsense, and must not overflow).
        static let maximumOffset = 1_000_000
    }

    /// One page of items and the offset of the next, if there is one.
    func list(_ query: Query, householdID: UUID) async throws -> (items: [ItemRecord], nextOffset: Int?) {
        let limit = max(1, min(query.limit, Query.maximumLimit))
        let offset = min(max(0, query.offset), Query.maximumOffset)
        var searchResults: [UUID]?
        if !ItemSearchIndex.terms(query.text).isEmpty {
            searchResults = try await ItemSearchIndex(db).search(
                query.text,
                householdID: householdID,
                category: query.category?.rawValue,
                limit: limit + 1,
                offset: offset
            )
        }
        let found = searchResults
        return try await database.reading { sql in
            var items: [ItemRecord]
            if let ids = found {
                var byID: [UUID: ItemRecord] = [:]
                if !ids.isEmpty {
                    for row in try await sql.select().column("*").from(Item.schema).where("id", .in, ids).all() {
                        let item = try ItemRecord(row: row)
                        byID[item.id] = item
                    }
                }
                items = ids.compactMap { byID[$0] }
            } else {
                var select = sql.select().column("*").from(Item.schema).where("household_id", .equal, householdID)
                if let category = query.category { select = select.where("category", .equal, category.rawValue) }
                switch query.sort {
                case .newest: select = select.orderBy("created_at", .descending).orderBy("id", .descending)
                case .name: select = select.orderBy(SQLRaw("LOWER(name) ASC, id ASC"))
                case .value: select = select.orderBy(SQLRaw("estimated_value DESC NULLS LAST, created_at DESC"))
                }
                items = try await select.limit(limit + 1).offset(offset).all().map(ItemRecord.init(row:))
            }
            let more = items.count > limit
            items.removeLast(max(0, items.count - limit))
            try await Self.loadFiles(of: &items, on: sql)
            return (items, more ? offset + limit : nil)
        }
    }

    /// Reads the photos, documents and stories of `items` with their media: one read for each kind, whatever
    /// the number of items.
    static func loadFiles(of items: inout [ItemRecord], on sql: any SQLDatabase) async throws {
        guard !items.isEmpty else { return }
        let ids = items.map(\.id)
        var index: [UUID: Int] = [:]
        for (position, item) in items.enumerated() { index[item.id] = position }
        func files(_ table: String, _ columns: String...) async throws -> [(item: Int, row: any SQLRow)] {
            try await sql.fileRows(of: table, owner: "item_id", in: ids, columns: columns).compactMap { row in
                try index[row.uuid("file_owner")].map { ($0, row) }
            }
        }
        for (item, row) in try await files(ItemPhoto.schema, "id", "position") {
            items[item].photos.append(
                .init(
                    id: try row.uuid("file_id"),
                    position: try row.decode(column: "file_position", as: Int.self), media: try MediaRecord(row: row)))
        }
        for (item, row) in try await files(ItemDocument.schema, "id", "created_at", "title", "document_type") {
            items[item].documents.append(
                .init(
                    id: try row.uuid("file_id"),
                    createdAt: try row.decodeIfPresent(column: "file_created_at", as: Date.self),
                    title: try row.decodeIfPresent(column: "file_title", as: String.self),
                    type: DocumentType(stored: try row.decode(column: "file_document_type", as: String.self)),
                    media: try MediaRecord(row: row)))
        }
        for (item, row) in try await files(ItemAudio.schema, "id", "title", "created_at") {
            items[item].stories.append(
                .init(
                    id: try row.uuid("file_id"),
                    title: try row.decode(column: "file_title", as: String.self),
                    createdAt: try row.decodeIfPresent(column: "file_created_at", as: Date.self),
                    media: try MediaRecord(row: row)))
        }
        for position in items.indices { items[position].sortFiles() }
    }

    /// Loads photos, documents and stories with their media.
    func withMedia(_ builder: QueryBuilder<Item>) -> QueryBuilder<Item> {
        builder
            .with(\.$photos) { $0.with(\.$media) }
            .with(\.$documents) { $0.with(\.$media) }
            .with(\.$audioStories) { $0.with(\.$media) }
    }

    /// Counts and estimated totals (each × quantity) of a household's items, per currency and per category.
    struct Summary: Sendable {
        struct Group: Sendable {
            var category: ItemCategory
            var count: Int
            var totals: [MoneyTotal]
        }

        var count: Int
        var totals: [MoneyTotal]
        var byCategory: [Group]
    }

    /// Sums below this (as a floating-point estimate) are exact in the database's 64-bit integers.
    static let exactSumLimit = 9.0e18

    func summary(householdID: UUID) async throws -> Summary {
        var counts: [ItemCategory: Int] = [:]
        var amounts: [ItemCategory: [MoneyTotal]] = [:]
        do {
            // The estimate comes first: SQLite turns an overflowing product into a rounded REAL, which the exact
            // sum would then clamp without a word, and PostgreSQL refuses it.
            let rows = try await db.sql().raw(
                """
                SELECT category, currency_code, COUNT(*) AS item_count, \
                SUM(ABS(CAST(COALESCE(estimated_value, 0) AS DOUBLE PRECISION)) * quantity) AS estimate, \
                CAST(SUM(estimated_value * quantity) AS BIGINT) AS total \
                FROM items WHERE household_id = \(bind: householdID) GROUP BY category, currency_code
                """
            ).all()
            for row in rows {
                guard try row.decode(column: "estimate", as: Double.self) < Self.exactSumLimit else {
                    throw MoneyError.tooLarge
                }
                let category = ItemCategory.normalise(try row.decode(column: "category", as: String.self))
                let currency = CurrencyCode(try row.decode(column: "currency_code", as: String.self)) ?? .usd
                counts[category, default: 0] += try row.decode(column: "item_count", as: Int.self)
                if let total = try row.decodeIfPresent(column: "total", as: Int64.self) {
                    amounts[category, default: []].append(.exact(Money(minorUnits: total, currency: currency)))
                }
            }
        } catch {
            // Absurd values: each item's worth added up here, where a sum too large is marked so.
            (counts, amounts) = try await itemByItemSummary(householdID: householdID)
        }
        let groups = ItemCategory.allCases.compactMap { category -> Summary.Group? in
            guard let count = counts[category] else { return nil }
            return Summary.Group(category: category, count: count, totals: MoneyTotal.totals(amounts[category] ?? []))
        }
        return Summary(
            count: groups.reduce(0) { $0 + $1.count },
            totals: MoneyTotal.totals(amounts.values.flatMap { $0 }),
            byCategory: groups
        )
    }

    /// The summary's counts and worths, read item by item.
    private func itemByItemSummary(householdID: UUID) async throws -> (
        counts: [ItemCategory: Int], amounts: [ItemCategory: [MoneyTotal]]
    ) {
        let rows = try await db.sql().raw(
            """
            SELECT category, currency_code, estimated_value, quantity FROM items \
            WHERE household_id = \(bind: householdID)
            """
        ).all()
        var counts: [ItemCategory: Int] = [:]
        var amounts: [ItemCategory: [MoneyTotal]] = [:]
        for row in rows {
            let category = ItemCategory.normalise(try row.decode(column: "category", as: String.self))
            let currency = CurrencyCode(try row.decode(column: "currency_code", as: String.self)) ?? .usd
            counts[category, default: 0] += 1
            if let each = try row.decodeIfPresent(column: "estimated_value", as: Int64.self) {
                let quantity = try row.decode(column: "quantity", as: Int.self)
                amounts[category, default: []].append(Money(minorUnits: each, currency: currency).times(quantity))
            }
        }
        return (counts, amounts)
    }
}

extension ItemService {
    /// A recorded story about an item, as Home lists the newest.
    struct RecentStory: Sendable {
        var itemID: UUID
        var itemName: String
        var title: String
        var recordedAt: Date?
    }

    /// The household's newest recorded stories about its items, newest first.
    func recentStories(householdID: UUID, limit: Int = 4) async throws -> [RecentStory] {
        try await db.sql().raw(
            """
            SELECT a.item_id, i.name, a.title, a.created_at FROM item_audio a JOIN items i ON i.id = a.item_id \
            WHERE i.household_id = \(bind: householdID) ORDER BY a.created_at DESC, a.id LIMIT \(bind: limit)
            """
        ).all().map {
            RecentStory(
                itemID: try $0.decode(column: "item_id", as: UUID.self),
                itemName: try $0.decode(column: "name", as: String.self),
                title: try $0.decode(column: "title", as: String.self),
                recordedAt: try $0.decodeIfPresent(column: "created_at", as: Date.self))
        }
    }
}
