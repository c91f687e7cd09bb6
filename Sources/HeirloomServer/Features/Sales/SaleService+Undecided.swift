import Fluent
import Foundation
import HeirloomCore

extension SaleService {
    /// The household's items that are in no lot, by name, for adding to a lot.
    func itemsInNoLot(householdID: UUID) async throws -> [Item] {
        let taken = try await LotMember.query(on: db).join(Lot.self, on: \LotMember.$lot.$id == \Lot.$id)
            .filter(Lot.self, \.$household.$id == householdID).all().compactMap { $0.$item.id }
        let takenSet = Set(taken)
        return try await Item.query(on: db).filter(\.$household.$id == householdID).sort(\.$name).all()
            .filter { item in item.id.map { !takenSet.contains($0) } ?? false }
    }

    /// The household's sets that are in no lot, by name.
    func setsInNoLot(householdID: UUID) async throws -> [ItemSet] {
        let taken = Set(
            try await LotMember.query(on: db).join(Lot.self, on: \LotMember.$lot.$id == \Lot.$id)
                .filter(Lot.self, \.$household.$id == householdID).all().compactMap(\.setID))
        return try await ItemSet.query(on: db).filter(\.$household.$id == householdID).sort(\.$name).all()
            .filter { set in set.id.map { !taken.contains($0) } ?? false }
    }

    /// The items and sets whose disposition is undecided and that are in no lot.
    func undecided(householdID: UUID) async throws -> (items: [Item], sets: [(id: UUID, name: String)]) {
        let members = try await LotMember.query(on: db).join(Lot.self, on: \LotMember.$lot.$id == \Lot.$id)
            .filter(Lot.self, \.$household.$id == householdID).all()
        let itemsInLots = Set(members.compactMap { $0.$item.id })
        let setsInLots = Set(members.compactMap(\.setID))
        let sets = try await ItemSet.query(on: db).filter(\.$household.$id == householdID)
            .filter(\.$dispositionValue == DispositionValue.undecided.rawValue).sort(\.$name).all()
            .filter { set in set.id.map { !setsInLots.contains($0) } ?? false }
        // An item of a set goes with its set: into the sale with it, or as the set was decided.
        let covered = Set(
            try await ItemSetMember.query(on: db).join(ItemSet.self, on: \ItemSetMember.$set.$id == \ItemSet.$id)
                .filter(ItemSet.self, \.$household.$id == householdID).all().map { $0.$item.id })
        let items = try await Item.query(on: db).filter(\.$household.$id == householdID)
            .filter(\.$dispositionValue == DispositionValue.undecided.rawValue).sort(\.$name).all()
            .filter { item in item.id.map { !itemsInLots.contains($0) && !covered.contains($0) } ?? false }
        return (items, sets.compactMap { set in set.id.map { (id: $0, name: set.name) } })
    }

    /// A new sale with one lot for each undecided item and set in no lot, in one transaction.
    func createFromUndecided(_ input: SaleInput, by principal: Principal) async throws -> (Sale, [Lot]) {
        try principal.requireEditor()
        let sale = try Self.validated(input, householdID: principal.householdID)
        let (items, sets) = try await undecided(householdID: principal.householdID)
        guard !(items.isEmpty && sets.isEmpty) else {
            throw AppError.conflict(
                code: "nothing_undecided",
                message: "Every item and set is decided or already in a lot, so there is nothing to put in a new sale.")
        }
        let household = try await Household.find(principal.householdID, on: db)
        let lots = try await db.transaction { db -> [Lot] in
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
