import Foundation

/// What a lot is offered at, following its quantity: a lot's target price is for one piece when the lot is one item
/// of alike pieces (as an item's values are each), so twelve plates at $25 are offered at "$300 (12 × $25)"; a set,
/// or several things together, are priced as a whole. The lot's page, the sale's totals, the labels and the API
/// read it from here, so a helper at the sale never sells twelve for the price of one.
public struct LotPrice: Sendable, Equatable {
    /// The target price of one piece (of the whole lot, when `pieces` is 1).
    public var each: Money
    /// How many pieces the lot holds at that price.
    public var pieces: Int

    public init(each: Money, pieces: Int) {
        self.each = each
        self.pieces = max(1, pieces)
    }

    /// The pieces a lot's target counts: the quantity of its one item; one for a set, or several things together.
    public static func pieces(itemQuantities: [Int], setCount: Int) -> Int {
        guard setCount == 0, itemQuantities.count == 1, let quantity = itemQuantities.first else { return 1 }
        return max(1, quantity)
    }

    /// The whole lot: each × pieces, exact or marked too large.
    public var total: MoneyTotal { each.times(pieces) }

    /// "$300 (12 × $25)", or "$25" for one piece.
    public var text: String {
        guard pieces > 1 else { return each.displayString }
        return "\(total.displayString) (\(pieces) × \(each.displayString))"
    }

    /// The lots' totals together, one per currency.
    public static func totals(_ prices: some Sequence<LotPrice>) -> [MoneyTotal] {
        MoneyTotal.totals(prices.lazy.map(\.total))
    }
}
