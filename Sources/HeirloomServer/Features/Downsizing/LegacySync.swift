import Fluent
import Foundation
import HeirloomCore

/// Keeps items' dispositions in step with their beneficiary links (`LegacyRule`), after the links change.
struct LegacySync: Sendable {
    let db: any Database

    /// Settles each item: undecided with a beneficiary becomes legacy, legacy without one becomes undecided.
    func settle(_ itemIDs: [UUID]) async throws {
        guard !itemIDs.isEmpty else { return }
        let linked = Set(
            try await ItemBeneficiary.query(on: db).filter(\.$item.$id ~~ itemIDs).all(\.$item.$id))
        for item in try await Item.query(on: db).filter(\.$id ~~ itemIDs).all() {
            let settled = LegacyRule.settled(item.disposition, hasBeneficiary: linked.contains(try item.requireID()))
            guard settled != item.disposition else { continue }
            item.disposition = settled
            try await item.save(on: db)
        }
    }

    /// Whether the item has at least one beneficiary.
    func hasBeneficiary(_ itemID: UUID) async throws -> Bool {
        try await ItemBeneficiary.query(on: db).filter(\.$item.$id == itemID).count() > 0
    }
}
