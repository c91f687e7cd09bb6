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
    /// (`SetService.promisedItems`). Only owners and editors see them: they name beneficiaries.
    static func conflicts(ofSet set: ItemSet, on db: any Database) async throws -> [SetConflict] {
        let setID = try set.requireID()
        return try await SetService(db: db).promisedItems(of: set).map { found in
            let id = found.itemID
            let sellHref: String
            let sellLabel: String
            switch found.promise {
            case .leftTo(let names):
                sellLabel = "Sell it with the set: remove \(ListText.and(names))"
                sellHref =
                    found.linkIDs.count == 1
                    ? SiteURL.itemBeneficiaryDelete(.value(id), .value(found.linkIDs[0])).path
                    : SiteURL.item(.value(id)).path + "#beneficiaries"
            case .kept:
                sellLabel = "Sell it with the set: change “Keep”"
                sellHref = SiteURL.item(.value(id)).path + "#disposition"
            }
            let keeper =
                switch found.promise {
                case .leftTo(let names) where !names.isEmpty: "Keep it for \(ListText.and(names))"
                default: "Keep it"
                }
            return SetConflict(
                itemID: id.text, text: found.message, keepLabel: keeper + ": take it out of the set",
                keepAction: SiteURL.setMemberRemove(.value(setID), .value(id)).path, sellLabel: sellLabel,
                sellHref: sellHref)
        }
    }
}
