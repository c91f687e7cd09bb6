import Fluent
import Foundation
import HeirloomCore

/// Keeps items' dispositions in step with their beneficiary links (`LegacyRule`), after the links change, and keeps
/// the items now promised out of sales (`SaleGuard`). Every path that changes links calls it.
struct LegacySync: Sendable {
    let db: any Database

    /// Settles each item: undecided with a beneficiary becomes legacy, legacy without one becomes undecided; an item
    /// now promised leaves its lot. Returns what changed in sales, in words.
    @discardableResult
    func settle(_ itemIDs: [UUID]) async throws -> [String] {
        guard !itemIDs.isEmpty else { return [] }
        let linked = Set(
            try await ItemBeneficiary.query(on: db).filter(\.$item.$id ~~ itemIDs).all(\.$item.$id))
        for item in try await Item.query(on: db).filter(\.$id ~~ itemIDs).all() {
            let settled = LegacyRule.settled(item.disposition, hasBeneficiary: linked.contains(try item.requireID()))
            guard settled != item.disposition else { continue }
            item.disposition = settled
            try await item.save(on: db)
        }
        return try await SaleGuard(db: db).release(itemIDs: itemIDs)
    }

    /// Whether the item has at least one beneficiary.
    func hasBeneficiary(_ itemID: UUID) async throws -> Bool {
        try await ItemBeneficiary.query(on: db).filter(\.$item.$id == itemID).count() > 0
    }
}
