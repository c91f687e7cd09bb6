import Fluent
import Foundation
import HeirloomCore

/// A promised item in a set that is to be sold: both cannot happen, so the family chooses which wins.
struct PromisedInSet: Sendable {
    var itemID: UUID
    var name: String
    var promise: Promise
    /// The item's beneficiary links, whose removal lifts the promise.
    var linkIDs: [UUID]
    /// The lot the set is in, if any.
    var lotNumber: Int?
    /// "Pearls is left to Lily, but the set Jewellery box is to be sold (it is in lot 1). Both cannot happen. Which
    /// wins?"
    var message: String
}

extension SetService {
    /// The promised items of a set that is marked to sell or consign or is in a lot (`SaleEligibility`), by message;
    /// the set's page and its API answer both show them, to owners and editors only (they name beneficiaries).
    func promisedItems(of set: ItemSet) async throws -> [PromisedInSet] {
        let setID = try set.requireID()
        let lot = try await LotMember.query(on: db).filter(\.$setID == setID).with(\.$lot).first()?.lot
        guard SaleEligibility.setIsForSale(set.disposition.value, inLot: lot != nil) else { return [] }
        let memberIDs = try await ItemSetMember.query(on: db).filter(\.$set.$id == setID).all(\.$item.$id)
        let things = try await SaleGuard(db: db).things(memberIDs)
        let links = try await ItemBeneficiary.query(on: db).filter(\.$item.$id ~~ memberIDs).all()
        let lotWords = lot.map { " (it is in lot \($0.number))" } ?? ""
        return things.compactMap { id, thing -> PromisedInSet? in
            guard let promise = thing.promise else { return nil }
            return PromisedInSet(
                itemID: id, name: thing.name, promise: promise,
                linkIDs: links.filter { $0.$item.id == id }.compactMap(\.id), lotNumber: lot?.number,
                message: "\(thing.name) is \(promise.words), but the set \(set.name) is to be sold\(lotWords). "
                    + "Both cannot happen. Which wins?")
        }.sorted { $0.message < $1.message }
    }
}
