import Fluent
import Foundation
import HeirloomCore

/// What "add everything undecided" would add, and the promised things it leaves out.
struct UndecidedPreview: Sendable {
    var items: [Item]
    var sets: [(id: UUID, name: String)]
    var leftOut: [LeftOutThing]

    var isEmpty: Bool { items.isEmpty && sets.isEmpty }
}

/// The household's items and sets as the sale rules see them, with the records by id.
private struct SaleCandidates {
    var things: [UndecidedSelection<UUID>.Item]
    var groups: [UndecidedSelection<UUID>.Group]
    var item: [UUID: Item]
    var set: [UUID: ItemSet]
}

/// A promised thing "add everything undecided" leaves out, and why ("Left to Lily").
struct LeftOutThing: Sendable {
    var scope: LiquidationScope
    var id: UUID
    var name: String
    var reason: String
}

extension SaleService {
    /// What "Add a lot" offers (`LotChoices`): the household's items and sets in no lot that a new lot accepts, by
    /// name; the same rule `createLot` checks, so nothing offered is then refused as promised.
    func lotChoices(householdID: UUID) async throws -> (items: [Item], sets: [ItemSet]) {
        let candidates = try await candidates(householdID: householdID)
        let choices = LotChoices(items: candidates.things, sets: candidates.groups)
        return (choices.items.compactMap { candidates.item[$0] }, choices.sets.compactMap { candidates.set[$0] })
    }

    /// What "add everything undecided" would add now (`UndecidedSelection`): items and sets undecided or marked to
    /// sell, not promised and in no lot, by name; and the promised things it leaves out, with the reason.
    func undecided(householdID: UUID) async throws -> UndecidedPreview {
        let candidates = try await candidates(householdID: householdID)
        let selection = UndecidedSelection(items: candidates.things, sets: candidates.groups)
        return UndecidedPreview(
            items: selection.items.compactMap { candidates.item[$0] },
            sets: selection.sets.compactMap { id in candidates.set[id].map { (id: id, name: $0.name) } },
            leftOut: selection.leftOut.map {
                LeftOutThing(scope: $0.isSet ? .set : .item, id: $0.id, name: $0.name, reason: $0.refusal.reason)
            })
    }

    /// The household's items and sets by name, as the sale rules see them: promised or not, in a lot or not, and
    /// which set each item is in.
    private func candidates(householdID: UUID) async throws -> SaleCandidates {
        let members = try await LotMember.query(on: db).join(Lot.self, on: \LotMember.$lot.$id == \Lot.$id)
            .filter(Lot.self, \.$household.$id == householdID).all()
        let itemsInLots = Set(members.compactMap { $0.$item.id })
        let setsInLots = Set(members.compactMap(\.setID))
        let sets = try await ItemSet.query(on: db).filter(\.$household.$id == householdID).sort(\.$name).all()
        let setOf = Dictionary(
            try await ItemSetMember.query(on: db).join(ItemSet.self, on: \ItemSetMember.$set.$id == \ItemSet.$id)
                .filter(ItemSet.self, \.$household.$id == householdID).all().map { ($0.$item.id, $0.$set.id) },
            uniquingKeysWith: { first, _ in first })
        var names: [UUID: [String]] = [:]
        for link in try await ItemBeneficiary.query(on: db).join(Item.self, on: \ItemBeneficiary.$item.$id == \Item.$id)
            .filter(Item.self, \.$household.$id == householdID).with(\.$beneficiary).all()
        {
            names[link.$item.id, default: []].append(link.beneficiary.name)
        }
        let items = try await Item.query(on: db).filter(\.$household.$id == householdID).sort(\.$name).all()
        return SaleCandidates(
            things: try items.map { item in
                let id = try item.requireID()
                return .init(
                    id: id,
                    thing: SaleThing(
                        name: item.name, disposition: item.disposition.value, beneficiaries: (names[id] ?? []).sorted()),
                    setID: setOf[id], inLot: itemsInLots.contains(id))
            },
            groups: try sets.map { set in
                let id = try set.requireID()
                return .init(
                    id: id, thing: SaleThing(name: set.name, disposition: set.disposition.value),
                    inLot: setsInLots.contains(id))
            },
            item: Dictionary(uniqueKeysWithValues: items.compactMap { item in item.id.map { ($0, item) } }),
            set: Dictionary(uniqueKeysWithValues: sets.compactMap { set in set.id.map { ($0, set) } }))
    }

    /// A new sale with one lot for each thing `undecided` picks, in one transaction that picks them again.
    func createFromUndecided(_ input: SaleInput, by principal: Principal) async throws -> (Sale, [Lot]) {
        try principal.requireEditor()
        let sale = try Self.validated(input, householdID: principal.householdID)
        let household = try await Household.find(principal.householdID, on: db)
        let now = now
        let lots = try await db.transaction { db -> [Lot] in
            let preview = try await SaleService(db: db, now: now).undecided(householdID: principal.householdID)
            let (items, sets) = (preview.items, preview.sets)
            guard !(items.isEmpty && sets.isEmpty) else {
                throw AppError.conflict(
                    code: "nothing_undecided",
                    message: "Every item and set is decided, promised or already in a lot, so there is nothing to "
                        + "put in a new sale.")
            }
            var lots: [Lot] = []
            try await sale.create(on: db)
            var number = 0
            for item in items {
                number += 1
                let lot = Self.newLot(sale, number: number, title: item.name, principal: principal)
                lot.currencyCode = item.currencyCode
                lot.targetPrice = item.estimatedValue
                try await Self.insert(lot, itemIDs: [try item.requireID()], setIDs: [], on: db)
                lots.append(lot)
            }
            for set in sets {
                number += 1
                let lot = Self.newLot(sale, number: number, title: set.name, principal: principal)
                lot.currencyCode = household?.defaultCurrency ?? "USD"
                try await Self.insert(lot, itemIDs: [], setIDs: [set.id], on: db)
                lots.append(lot)
            }
            return lots
        }
        var loaded: [Lot] = []
        for lot in lots { loaded.append(try await self.lot(try lot.requireID(), householdID: principal.householdID)) }
        return (sale, loaded)
    }

    private static func newLot(_ sale: Sale, number: Int, title: String, principal: Principal) -> Lot {
        let lot = Lot()
        lot.$household.id = principal.householdID
        lot.$sale.id = sale.id!
        lot.number = number
        lot.title = TextLimit.clipped(title, to: maximumFieldLength)
        return lot
    }
}
