import Foundation

/// What "add everything undecided" would put in a new sale, and what it leaves out and why.
public struct UndecidedSelection<ID: Hashable & Sendable>: Sendable {
    /// An item the household has, as the selection sees it.
    public struct Item: Sendable {
        public var id: ID
        public var thing: SaleThing
        /// The set it is in, if any: such an item goes with its set, never alone.
        public var setID: ID?
        public var inLot: Bool

        public init(id: ID, thing: SaleThing, setID: ID? = nil, inLot: Bool = false) {
            self.id = id
            self.thing = thing
            self.setID = setID
            self.inLot = inLot
        }
    }

    /// A set the household has.
    public struct Group: Sendable {
        public var id: ID
        public var thing: SaleThing
        public var inLot: Bool

        public init(id: ID, thing: SaleThing, inLot: Bool = false) {
            self.id = id
            self.thing = thing
            self.inLot = inLot
        }
    }

    /// Something left out, with the reason the owner reads.
    public struct LeftOut: Sendable, Equatable {
        public var id: ID
        public var isSet: Bool
        public var name: String
        public var refusal: SaleRefusal
    }

    /// Items to add, each in a lot of its own, in the order given.
    public var items: [ID] = []
    /// Sets to add (with their items), in the order given.
    public var sets: [ID] = []
    /// Promised things left out, in the order given: sets first, then items.
    public var leftOut: [LeftOut] = []

    public var isEmpty: Bool { items.isEmpty && sets.isEmpty }

    /// Picks the items and sets that are undecided or marked to sell, not promised and in no lot; a set goes only
    /// if none of its items is promised, and an item of a set goes with its set, never alone. Promised things in
    /// no lot are listed in `leftOut` with their reason.
    public init(items: [Item], sets: [Group]) {
        var membersBySet: [ID: [SaleThing]] = [:]
        for item in items { if let setID = item.setID { membersBySet[setID, default: []].append(item.thing) } }
        for set in sets where !set.inLot {
            do {
                try SaleEligibility.check(set: set.thing, items: membersBySet[set.id] ?? [])
                if SaleEligibility.isUndecidedOrSell(set.thing.disposition) { self.sets.append(set.id) }
            } catch {
                leftOut.append(LeftOut(id: set.id, isSet: true, name: set.thing.name, refusal: error))
            }
        }
        for item in items where !item.inLot {
            do {
                try SaleEligibility.check(item: item.thing)
                if item.setID == nil, SaleEligibility.isUndecidedOrSell(item.thing.disposition) {
                    self.items.append(item.id)
                }
            } catch {
                leftOut.append(LeftOut(id: item.id, isSet: false, name: item.thing.name, refusal: error))
            }
        }
    }
}
