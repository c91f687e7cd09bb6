import HeirloomCore
import Vapor

extension DownsizingPages {
    /// "What happens to it" on an item's page, with the set the item is in.
    static func disposition(
        for item: Item, req: Request, canEdit: Bool, errors: [String: String] = [:], typed: DispositionInput? = nil
    ) async throws -> DispositionSection {
        let itemID = try item.requireID()
        let principal = try req.principal()
        let hasBeneficiary = try await req.heirloom.legacy.hasBeneficiary(itemID)
        var section = DispositionSection(
            item.disposition, currency: item.currency, action: .itemDisposition(.value(itemID)),
            page: .item(.value(itemID)),
            canEdit: canEdit,
            allowLegacy: hasBeneficiary, errors: errors, typed: typed)
        if let set = try await req.heirloom.sets.set(of: itemID, householdID: principal.householdID) {
            section.setName = set.name
            section.setHref = SiteURL.set(.value(try set.requireID())).path
            section.setChoice = set.disposition.value == .undecided ? nil : set.disposition.value.displayName
            if canEdit {
                section.conflicts = try await conflicts(ofSet: set, on: req.db).filter { $0.itemID == itemID.text }
            }
        }
        return section
    }
}
