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

    /// The items and sets whose disposition is undecided and that are in no lot.
    func undecided(householdID: UUID) async throws -> (items: [Item], sets: [(id: UUID, name: String)]) {
        // Dispositions arrive with the downsizing data layer; until then nothing is undecided.
        ([], [])
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
        lot.title = String(title.prefix(maximumFieldLength))
        return lot
    }
}
