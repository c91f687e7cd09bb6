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

    /// The price a lot is offered at.
    static func target(_ lot: Lot) -> String? {
        lot.targetPrice.map { Money(minorUnits: $0, currency: CurrencyCode(lot.currencyCode) ?? .usd).displayString }
    }
}
