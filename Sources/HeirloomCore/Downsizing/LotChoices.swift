import Foundation

/// What "Add a lot" offers: exactly the things a new lot accepts. An item or a set in no lot that passes
/// `SaleEligibility.check`, the same check that refuses a lot (409 `promised`), so the page never offers what the
/// service would then refuse: not a thing left to someone or kept, nor a set that is kept or holds such an item.
public struct LotChoices<ID: Hashable & Sendable>: Sendable {
    /// Items that can go in a lot, in the order given.
    public var items: [ID] = []
    /// Sets that can go in a lot, in the order given.
    public var sets: [ID] = []

    /// Picks from the household's items and sets (`setID` is what set an item is in, if any).
    public init(items: [UndecidedSelection<ID>.Item], sets: [UndecidedSelection<ID>.Group]) {
        var membersBySet: [ID: [SaleThing]] = [:]
        for item in items { if let setID = item.setID { membersBySet[setID, default: []].append(item.thing) } }
        self.items = items.filter { item in
            !item.inLot && (try? SaleEligibility.check(item: item.thing)) != nil
        }.map(\.id)
        self.sets = sets.filter { set in
            !set.inLot && (try? SaleEligibility.check(set: set.thing, items: membersBySet[set.id] ?? [])) != nil
        }.map(\.id)
    }
}
