import Foundation

/// The money side of a division, in appraised values: each participant's part of the total by entitlement, and who
/// would pay whom to even it out (a statement, not a payment system).
enum DivisionSettlement {
    /// `total` split by `shares`, in whole minor units that add up to `total` exactly: everyone gets the whole part
    /// of their exact part, and the units left over go to the largest remainders (the earlier participant of equals).
    static func parts(of total: Int64, shares: [Double]) -> [Int64] {
        guard !shares.isEmpty else { return [] }
        let sum = shares.reduce(0, +)
        let exact = shares.map { Double(total) * $0 / sum }
        var parts = exact.map { Int64($0.rounded(.down)) }
        let order = shares.indices.sorted { a, b in
            let left = exact[a] - exact[a].rounded(.down)
            let right = exact[b] - exact[b].rounded(.down)
            return left != right ? left > right : a < b
        }
        // Floating point leaves a few units over (or, far beyond any estate, under); hand them round one at a time.
        var left = total - parts.reduce(0, +)
        var next = 0
        while left != 0 {
            let step: Int64 = left > 0 ? 1 : -1
            parts[order[next % order.count]] += step
            left -= step
            next += 1
        }
        return parts
    }

    /// Payments that even out `differences` (which add up to zero): whoever received most over their entitlement
    /// pays whoever received most under it, as much as one of them needs, until all are even. At most one payment
    /// fewer than there are participants; for each participant, what they pay less what they receive is their
    /// difference.
    static func transfers(_ differences: [Int64], ids: [UUID]) -> [DivisionResult.Transfer] {
        var over = differences.enumerated().filter { $0.element > 0 }.map { ($0.offset, $0.element) }
        var under = differences.enumerated().filter { $0.element < 0 }.map { ($0.offset, -$0.element) }
        let larger = { (a: (Int, Int64), b: (Int, Int64)) in a.1 != b.1 ? a.1 > b.1 : a.0 < b.0 }
        var transfers: [DivisionResult.Transfer] = []
        while !over.isEmpty, !under.isEmpty {
            over.sort(by: larger)
            under.sort(by: larger)
            let amount = min(over[0].1, under[0].1)
            transfers.append(.init(from: ids[over[0].0], to: ids[under[0].0], amount: amount))
            over[0].1 -= amount
            under[0].1 -= amount
            over.removeAll { $0.1 == 0 }
            under.removeAll { $0.1 == 0 }
        }
        return transfers
    }

    /// The shares of a division: each participant's things, their value, their entitlement's part and the difference.
    static func shares(_ owners: [Int], input: DivisionInput) -> [DivisionResult.Share] {
        let appraised = input.appraised
        let total = appraised.reduce(0, +)
        let parts = parts(of: total, shares: input.shares)
        return input.participants.indices.map { person in
            let mine = owners.indices.filter { owners[$0] == person }
            return DivisionResult.Share(
                participantID: input.participants[person].id, thingIDs: mine.map { input.things[$0].id },
                value: mine.reduce(0) { $0 + appraised[$1] }, entitlementValue: parts[person])
        }
    }
}
