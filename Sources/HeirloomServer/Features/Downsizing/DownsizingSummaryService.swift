import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The household's things at a glance: totals per currency (all, legacy vs everything else, by category, by disposition),
/// valuation readiness, the most valuable items and the next steps. One query per figure, whatever the number of
/// items; the adding up without counting a set twice is `DownsizingTally`'s.
struct DownsizingSummaryService: Sendable {
    let db: any Database

    /// One of the most valuable items: its value each and in all (each × quantity).
    struct Valuable: Sendable {
        var id: UUID
        var name: String
        var category: ItemCategory
        var quantity: Int
        var each: Money
        var total: MoneyTotal
    }

    /// Counts of what still needs doing.
    struct NextSteps: Sendable {
        /// Items that are undecided and not in a decided set.
        var undecidedItems: Int
        var itemsWithoutPhoto: Int
        var beneficiariesWithoutEmail: Int
        /// Estate-sale lots that are not ready yet (`DownsizingSummaryService+Lots.swift`).
        var lotsNotReady: Int
    }

    struct Summary: Sendable {
        var tally: DownsizingTally
        /// False when the values were too large to add up exactly; counts are still right.
        var totalsAvailable: Bool
        var setCount: Int
        var mostValuable: [Valuable]
        var nextSteps: NextSteps
    }

    static let mostValuableCount = 5

    func summary(householdID: UUID) async throws -> Summary {
        let (lines, totalsAvailable) = try await lines(householdID: householdID)
        let (sets, setTotalsAvailable) = try await setLines(householdID: householdID)
        var tally: DownsizingTally
        var available = totalsAvailable && setTotalsAvailable
        do {
            tally = try DownsizingTally(lines: lines, sets: sets)
        } catch {
            tally = try DownsizingTally(lines: lines.map(\.withoutValues), sets: sets.map(\.withoutValues))
            available = false
        }
        return Summary(
            tally: tally,
            totalsAvailable: available,
            setCount: sets.reduce(0) { $0 + $1.sets },
            mostValuable: try await mostValuable(householdID: householdID),
            nextSteps: NextSteps(
                undecidedItems: try await undecidedItems(householdID: householdID),
                itemsWithoutPhoto: try await itemsWithoutPhoto(householdID: householdID),
                beneficiariesWithoutEmail: try await beneficiariesWithoutEmail(householdID: householdID),
                lotsNotReady: try await lotsNotReady(householdID: householdID)))
    }

    /// The household's items, summed up by category, currency, their own disposition and their set's: one row per
    /// combination, so a few dozen rows for ten thousand items. Falls back to counts when a sum overflows.
    func lines(householdID: UUID) async throws -> (lines: [DownsizingLine], totalsAvailable: Bool) {
        do {
            return (try await lines(householdID: householdID, values: true), true)
        } catch let error where !(error is AppError) {
            return (try await lines(householdID: householdID, values: false), false)
        }
    }

    private func lines(householdID: UUID, values: Bool) async throws -> [DownsizingLine] {
        let inSet =
            "CASE WHEN m.quantity IS NULL THEN 0 WHEN m.quantity < i.quantity THEN m.quantity ELSE i.quantity END"
        let loose = values ? "CAST(SUM(COALESCE(i.estimated_value, 0) * (i.quantity - (\(inSet)))) AS BIGINT)" : "0"
        let grouped = values ? "CAST(SUM(COALESCE(i.estimated_value, 0) * (\(inSet))) AS BIGINT)" : "0"
        let fetched = values ? "CAST(SUM(COALESCE(i.disposition_amount, 0)) AS BIGINT)" : "0"
        // SQLite turns an overflowing product into a rounded REAL that the exact sum clamps without a word; this
        // estimate tells when the exact sums cannot be trusted.
        let estimate =
            values
            ? "SUM(ABS(CAST(COALESCE(i.estimated_value, 0) AS DOUBLE PRECISION)) * i.quantity)"
            : "CAST(0 AS DOUBLE PRECISION)"
        let rows = try await db.sql().raw(
            """
            SELECT i.category, i.currency_code, i.disposition_value AS own_value, i.disposition_status AS own_status, \
            s.disposition_value AS set_value, s.disposition_status AS set_status, COUNT(*) AS items, \
            CAST(SUM(CASE WHEN i.estimated_value IS NULL THEN 0 ELSE 1 END) AS BIGINT) AS valued_items, \
            CAST(SUM(i.quantity - (\(unsafeRaw: inSet))) AS BIGINT) AS loose_units, \
            CAST(SUM(\(unsafeRaw: inSet)) AS BIGINT) AS set_units, \
            \(unsafeRaw: loose) AS loose_value, \(unsafeRaw: grouped) AS set_value_sum, \(unsafeRaw: fetched) AS fetched, \
            \(unsafeRaw: estimate) AS estimate \
            FROM items i LEFT JOIN item_set_members m ON m.item_id = i.id LEFT JOIN item_sets s ON s.id = m.set_id \
            WHERE i.household_id = \(bind: householdID) \
            GROUP BY i.category, i.currency_code, i.disposition_value, i.disposition_status, s.disposition_value, \
            s.disposition_status
            """
        ).all()
        return try rows.map { row in
            guard try row.decode(column: "estimate", as: Double.self) < ItemService.exactSumLimit else {
                throw MoneyError.tooLarge
            }
            let setValue = try row.decodeIfPresent(column: "set_value", as: String.self)
            return DownsizingLine(
                category: ItemCategory.normalise(try row.decode(column: "category", as: String.self)),
                currency: CurrencyCode(try row.decode(column: "currency_code", as: String.self)) ?? .usd,
                own: DispositionValue(rawValue: try row.decode(column: "own_value", as: String.self)) ?? .undecided,
                ownDone: try row.decode(column: "own_status", as: String.self) == DispositionStatus.done.rawValue,
                set: setValue.map { DispositionValue(rawValue: $0) ?? .undecided },
                setDone: try row.decodeIfPresent(column: "set_status", as: String.self)
                    == DispositionStatus.done.rawValue,
                items: try row.decode(column: "items", as: Int.self),
                valuedItems: try row.decode(column: "valued_items", as: Int.self),
                looseUnits: try row.decode(column: "loose_units", as: Int.self),
                setUnits: try row.decode(column: "set_units", as: Int.self),
                looseValue: try row.decode(column: "loose_value", as: Int64.self),
                setValue: try row.decode(column: "set_value_sum", as: Int64.self),
                fetched: try row.decode(column: "fetched", as: Int64.self))
        }
    }

    /// The household's sets, counted by currency and disposition with what they fetched. Falls back to counts when
    /// a sum overflows.
    func setLines(householdID: UUID) async throws -> (lines: [DownsizingSetLine], totalsAvailable: Bool) {
        do {
            return (try await setLines(householdID: householdID, values: true), true)
        } catch let error where !(error is AppError) {
            return (try await setLines(householdID: householdID, values: false), false)
        }
    }

    private func setLines(householdID: UUID, values: Bool) async throws -> [DownsizingSetLine] {
        let fetched = values ? "CAST(SUM(COALESCE(disposition_amount, 0)) AS BIGINT)" : "CAST(0 AS BIGINT)"
        let rows = try await db.sql().raw(
            """
            SELECT currency_code, disposition_value, disposition_status, COUNT(*) AS sets, \
            \(unsafeRaw: fetched) AS fetched \
            FROM item_sets WHERE household_id = \(bind: householdID) \
            GROUP BY currency_code, disposition_value, disposition_status
            """
        ).all()
        return try rows.map { row in
            DownsizingSetLine(
                currency: CurrencyCode(try row.decode(column: "currency_code", as: String.self)) ?? .usd,
                value: DispositionValue(rawValue: try row.decode(column: "disposition_value", as: String.self))
                    ?? .undecided,
                done: try row.decode(column: "disposition_status", as: String.self) == DispositionStatus.done.rawValue,
                sets: try row.decode(column: "sets", as: Int.self),
                fetched: try row.decode(column: "fetched", as: Int64.self))
        }
    }

    /// The items worth most in all (each × quantity), largest first.
    func mostValuable(householdID: UUID, limit: Int = mostValuableCount) async throws -> [Valuable] {
        let rows: [any SQLRow]
        do {
            rows = try await mostValuableRows(householdID: householdID, order: "estimated_value * quantity", limit)
        } catch let error where !(error is AppError) {
            rows = try await mostValuableRows(householdID: householdID, order: "estimated_value", limit)
        }
        return try rows.compactMap { row in
            let currency = CurrencyCode(try row.decode(column: "currency_code", as: String.self)) ?? .usd
            let each = Money(minorUnits: try row.decode(column: "estimated_value", as: Int64.self), currency: currency)
            let quantity = try row.decode(column: "quantity", as: Int.self)
            return Valuable(
                id: try row.uuid("id"), name: try row.decode(column: "name", as: String.self),
                category: ItemCategory.normalise(try row.decode(column: "category", as: String.self)),
                quantity: quantity, each: each, total: each.times(quantity))
        }
    }

    private func mostValuableRows(householdID: UUID, order: String, _ limit: Int) async throws -> [any SQLRow] {
        try await db.sql().raw(
            """
            SELECT id, name, category, currency_code, estimated_value, quantity FROM items \
            WHERE household_id = \(bind: householdID) AND estimated_value IS NOT NULL AND estimated_value > 0 \
            ORDER BY \(unsafeRaw: order) DESC, name ASC, id ASC LIMIT \(unsafeRaw: String(limit))
            """
        ).all()
    }

    /// Items with no choice made, for themselves or through a decided set.
    func undecidedItems(householdID: UUID) async throws -> Int {
        try await count(
            """
            SELECT COUNT(*) AS n FROM items i WHERE i.household_id = \(bind: householdID) \
            AND i.disposition_value = 'undecided' AND NOT EXISTS (SELECT 1 FROM item_set_members m \
            JOIN item_sets s ON s.id = m.set_id WHERE m.item_id = i.id AND s.disposition_value <> 'undecided')
            """)
    }

    func itemsWithoutPhoto(householdID: UUID) async throws -> Int {
        try await count(
            """
            SELECT COUNT(*) AS n FROM items i WHERE i.household_id = \(bind: householdID) \
            AND NOT EXISTS (SELECT 1 FROM item_photos p WHERE p.item_id = i.id)
            """)
    }

    func beneficiariesWithoutEmail(householdID: UUID) async throws -> Int {
        try await count(
            """
            SELECT COUNT(*) AS n FROM beneficiaries WHERE household_id = \(bind: householdID) \
            AND (email IS NULL OR email = '')
            """)
    }

    /// Runs a `SELECT COUNT(*) AS n …`.
    func count(_ query: SQLQueryString) async throws -> Int {
        guard let row = try await db.sql().raw(query).first() else { return 0 }
        return try row.decode(column: "n", as: Int.self)
    }
}

extension DownsizingLine {
    /// The line with its amounts left out, when they are too large to add up.
    fileprivate var withoutValues: DownsizingLine {
        var line = self
        line.looseValue = 0
        line.setValue = 0
        line.fetched = 0
        return line
    }
}

extension DownsizingSetLine {
    fileprivate var withoutValues: DownsizingSetLine {
        var line = self
        line.fetched = 0
        return line
    }
}
