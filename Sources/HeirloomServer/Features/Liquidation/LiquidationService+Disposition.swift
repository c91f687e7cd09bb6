import Fluent
import Foundation
import HeirloomCore

extension LiquidationService {
    /// What choosing a path decides: selling, consigning or donating; nil while more information is needed.
    static func disposition(for path: LiquidationPath) -> DispositionValue? {
        switch path {
        case .maximizePrice, .quickExit: .sell
        case .delegateConsign: .consign
        case .donate: .donate
        case .needsInfo: nil
        }
    }

    /// Keeps the subject's disposition in step with its plan: an undecided one takes the chosen path's value, and
    /// the status is in progress until every step is ticked, then done. Something going to a beneficiary, or
    /// still undecided, is left as it is.
    static func settle(_ subject: LiquidationSubject, path: LiquidationPath, done: Bool, on db: any Database)
        async throws
    {
        func settled(_ current: Disposition) -> Disposition? {
            var next = current
            guard next.value != .legacy else { return nil }
            if next.value == .undecided, let value = disposition(for: path) { next.value = value }
            guard next.value != .undecided else { return nil }
            next.status = done ? .done : .inProgress
            return next == current ? nil : next
        }
        // The last step of a plan to sell records the sale: never for a promised thing (`SaleEligibility`).
        switch subject {
        case .item(let id):
            guard let item = try await Item.find(id, on: db), let next = settled(item.disposition) else { return }
            if SaleEligibility.marksSold(from: item.disposition, to: next) {
                try await SaleGuard(db: db).requireSellable(itemIDs: [id], setIDs: [])
            }
            item.disposition = next
            try await item.save(on: db)
        case .set(let id):
            guard let set = try await ItemSet.find(id, on: db), let next = settled(set.disposition) else { return }
            if SaleEligibility.marksSold(from: set.disposition, to: next) {
                try await SaleGuard(db: db).requireSellable(itemIDs: [], setIDs: [id])
            }
            set.disposition = next
            try await set.save(on: db)
        }
    }
}
