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
    func list(_ query: Query, householdID: UUID) async throws -> (items: [Item], nextOffset: Int?) {
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
        return try await db.withReads(on: readers) { sql in
            let items: [Item]
            if let ids = found {
                let byID = Dictionary(
                    try await sql.rows(of: Item.self, where: "id", in: ids).compactMap { item in
                        item.id.map { ($0, item) }
                    },
                    uniquingKeysWith: { a, _ in a })
                items = ids.compactMap { byID[$0] }
            } else {
                var select = sql.select().column("*").from(Item.schema).where("household_id", .equal, householdID)
                if let category = query.category { select = select.where("category", .equal, category.rawValue) }
                switch query.sort {
                case .newest: select = select.orderBy("created_at", .descending).orderBy("id", .descending)
                case .name: select = select.orderBy(SQLRaw("LOWER(name) ASC, id ASC"))
                case .value: select = select.orderBy(SQLRaw("estimated_value DESC NULLS LAST, created_at DESC"))
                }
                items = try await select.limit(limit + 1).offset(offset).all()
                    .map { try $0.decode(fluentModel: Item.self) }
            }
            let page = Array(items.prefix(limit))
            try await Self.loadMedia(of: page, on: sql)
            return (page, items.count > limit ? offset + limit : nil)
        }
    }

    /// Loads the photos, documents and stories of `items` with their media, as `withMedia` does, for a whole
    /// page at once: four reads (three when nothing has media), whatever the number of items.
    static func loadMedia(of items: [Item], on sql: any SQLDatabase) async throws {
        let ids = try items.map { try $0.requireID() }
        let photos = try await sql.rows(of: ItemPhoto.self, where: "item_id", in: ids)
        let documents = try await sql.rows(of: ItemDocument.self, where: "item_id", in: ids)
        let stories = try await sql.rows(of: ItemAudio.self, where: "item_id", in: ids)
        let mediaIDs = Set(photos.map(\.$media.id) + documents.map(\.$media.id) + stories.map(\.$media.id))
        var media: [UUID: MediaObject] = [:]
        for object in try await sql.rows(of: MediaObject.self, where: "id", in: Array(mediaIDs)) {
            media[try object.requireID()] = object
        }
        func attach(_ parent: ParentProperty<some Model, MediaObject>) throws {
            guard let object = media[parent.id] else {
                throw AppError.internalProblem("A file of an item has no media record.")
            }
            parent.value = object
        }
        var photosByItem: [UUID: [ItemPhoto]] = [:]
        for photo in photos {
            try attach(photo.$media)
            photosByItem[photo.$item.id, default: []].append(photo)
        }
        var documentsByItem: [UUID: [ItemDocument]] = [:]
        for document in documents {
            try attach(document.$media)
            documentsByItem[document.$item.id, default: []].append(document)
        }
        var storiesByItem: [UUID: [ItemAudio]] = [:]
        for story in stories {
            try attach(story.$media)
            storiesByItem[story.$item.id, default: []].append(story)
        }
        for item in items {
            let id = try item.requireID()
            item.$photos.value = photosByItem[id] ?? []
            item.$documents.value = documentsByItem[id] ?? []
            item.$audioStories.value = storiesByItem[id] ?? []
        }
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
            var totals: [Money]
        }

        var count: Int
        var totals: [Money]
        var byCategory: [Group]
    }

    func summary(householdID: UUID) async throws -> Summary {
        let rows: [any SQLRow]
        do {
            rows = try await db.sql().raw(
                """
                SELECT category, currency_code, COUNT(*) AS item_count, \
                CAST(SUM(estimated_value * quantity) AS BIGINT) AS total \
                FROM items WHERE household_id = \(bind: householdID) GROUP BY category, currency_code
                """
            ).all()
        } catch {
            // Absurd values can overflow a sum; the counts are still worth showing.
            rows = try await db.sql().raw(
                """
                SELECT category, currency_code, COUNT(*) AS item_count, CAST(NULL AS BIGINT) AS total \
                FROM items WHERE household_id = \(bind: householdID) GROUP BY category, currency_code
                """
            ).all()
        }
        var counts: [ItemCategory: Int] = [:]
        var amounts: [ItemCategory: [Money]] = [:]
        for row in rows {
            let category = ItemCategory.normalise(try row.decode(column: "category", as: String.self))
            let currency = CurrencyCode(try row.decode(column: "currency_code", as: String.self)) ?? .usd
            counts[category, default: 0] += try row.decode(column: "item_count", as: Int.self)
            if let total = try row.decode(column: "total", as: Int64?.self) {
                amounts[category, default: []].append(Money(minorUnits: total, currency: currency))
            }
        }
        let groups = try ItemCategory.allCases.compactMap { category -> Summary.Group? in
            guard let count = counts[category] else { return nil }
            return Summary.Group(
                category: category, count: count, totals: (try? Money.totals(amounts[category] ?? [])) ?? [])
        }
        return Summary(
            count: groups.reduce(0) { $0 + $1.count },
            totals: (try? Money.totals(amounts.values.flatMap { $0 })) ?? [],
            byCategory: groups
        )
    }
}
