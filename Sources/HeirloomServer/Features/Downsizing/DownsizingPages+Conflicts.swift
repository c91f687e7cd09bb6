import Fluent
import Foundation
import HeirloomCore

extension DownsizingPages {
    /// A promised item in a set that is to be sold: both cannot happen, so the page asks which wins.
    struct SetConflict: Encodable {
        var itemID: String
        var text: String
        var keepLabel: String
        /// Takes the item out of the set (the set's member removal).
        var keepAction: String
        var sellLabel: String
        /// Where the promise is lifted: the beneficiary link's removal, or the item's own choice.
        var sellHref: String
    }

    /// The promised items of a set that is marked to sell or consign or is in a lot, each with its two choices
    /// (`SaleEligibility`). Only owners and editors see them: they name beneficiaries.
    static func conflicts(ofSet set: ItemSet, on db: any Database) async throws -> [SetConflict] {
        let setID = try set.requireID()
        let lot = try await LotMember.query(on: db).filter(\.$setID == setID).with(\.$lot).first()?.lot
        guard SaleEligibility.setIsForSale(set.disposition.value, inLot: lot != nil) else { return [] }
        let memberIDs = try await ItemSetMember.query(on: db).filter(\.$set.$id == setID).all(\.$item.$id)
        let things = try await SaleGuard(db: db).things(memberIDs)
        let links = try await ItemBeneficiary.query(on: db).filter(\.$item.$id ~~ memberIDs).all()
        let lotWords = lot.map { " (it is in lot \($0.number))" } ?? ""
        return things.compactMap { id, thing -> SetConflict? in
            guard let promise = thing.promise else { return nil }
            let own = links.filter { $0.$item.id == id }
            let sellHref: String
            let sellLabel: String
            switch promise {
            case .leftTo(let names):
                sellLabel = "Sell it with the set: remove \(ListText.and(names))"
                sellHref =
                    own.count == 1 && own[0].id != nil
                    ? SiteURL.itemBeneficiaryDelete(.value(id), .value(own[0].id!)).path
                    : SiteURL.item(.value(id)).path + "#beneficiaries"
            case .kept:
                sellLabel = "Sell it with the set: change “Keep”"
                sellHref = SiteURL.item(.value(id)).path + "#disposition"
            }
            let keeper =
                switch promise {
                case .leftTo(let names) where !names.isEmpty: "Keep it for \(ListText.and(names))"
                default: "Keep it"
                }
            return SetConflict(
                itemID: id.text,
                text: "\(thing.name) is \(promise.words), but the set \(set.name) is to be sold\(lotWords). "
                    + "Both cannot happen. Which wins?",
                keepLabel: keeper + ": take it out of the set",
                keepAction: SiteURL.setMemberRemove(.value(setID), .value(id)).path, sellLabel: sellLabel,
                sellHref: sellHref)
        }.sorted { $0.text < $1.text }
    }
}
