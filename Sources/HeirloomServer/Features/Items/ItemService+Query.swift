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
        var items: [Item]
        if !ItemSearchIndex.terms(query.text).isEmpty {
            let ids = try await ItemSearchIndex(db).search(
                query.text,
                householdID: householdID,
                category: query.category?.rawValue,
                limit: limit + 1,
                offset: offset
            )
            let found = try await withMedia(Item.query(on: db).filter(\.$id ~~ ids)).all()
            let byID = Dictionary(
                found.compactMap { item in item.id.map { ($0, item) } }, uniquingKeysWith: { a, _ in a })
            items = ids.compactMap { byID[$0] }
        } else {
            var builder = withMedia(Item.query(on: db).filter(\.$household.$id == householdID))
            if let category = query.category { builder = builder.filter(\.$category == category.rawValue) }
            switch query.sort {
            case .newest: builder = builder.sort(\.$createdAt, .descending).sort(\.$id, .descending)
            case .name: builder = builder.sort(.sql(unsafeRaw: "LOWER(name)"), .ascending).sort(\.$id)
            case .value:
                builder = builder.sort(.sql(unsafeRaw: "estimated_value DESC NULLS LAST, created_at"), .descending)
            }
            items = try await builder.range(offset..<(offset + limit + 1)).all()
        }
        let hasMore = items.count > limit
        return (Array(items.prefix(limit)), hasMore ? offset + limit : nil)
    }

    /// Loads photos, documents and stories with their media.
    func withMedia(_ builder: QueryBuilder<Item>) -> QueryBuilder<Item> {
        builder
            .with(\.$photos) { $0.with(\.$media) }
            .with(\.$documents) { $0.with(\.$media) }
            .with(\.$audioStories) { $0.with(\.$media) }
    }

    /// Counts and estimated totals of a household's items, per currency and per category.
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
                SELECT category, currency_code, COUNT(*) AS item_count, CAST(SUM(estimated_value) AS BIGINT) AS total \
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
