import Foundation
import HeirloomCore

/// How a sale and its lots read on pages and printed labels.
enum SalePages {
    /// "Estate sale at the Old Barn", or the kind of sale alone.
    static func title(_ sale: Sale) -> String {
        let kind = SaleKind(rawValue: sale.kind)?.displayName ?? "Sale"
        if let venue = sale.venue { return "\(kind) at \(venue)" }
        return kind
    }

    /// Where a lot stands in the house: "Dining room, Ground floor".
    static func place(_ lot: Lot) -> String? {
        let parts = [lot.room, lot.floor].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The price a lot is offered at, following its quantity: "$300 (12 × $25)", or "$25" for one piece.
    static func target(_ lot: Lot) -> String? {
        lot.price?.text
    }

    /// What a sale's lots are offered at together, per currency: "$340", "$340 and €80"; nil when none has a target.
    static func total(_ totals: [MoneyTotal]) -> String? {
        totals.isEmpty ? nil : ListText.and(totals.map(\.displayString))
    }
}
