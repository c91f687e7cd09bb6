import Fluent
import Foundation
import HeirloomCore

extension ItemService {
    /// Gives several items the same disposition, all or nothing: an item of another household is a 404, a choice
    /// one of them cannot take a 422 naming it, and then nothing changes. Lots that sold items were in let go of
    /// them, as when one item is decided. Owners and editors.
    func decide(_ ids: [UUID], _ input: DispositionInput, by principal: Principal) async throws
        -> (items: [Item], takenOut: [String])
    {
        try principal.requireEditor()
        let chosen = try ItemDecision.selection(ids)
        let found = try await withMedia(
            Item.query(on: db).filter(\.$household.$id == principal.householdID).filter(\.$id ~~ chosen)
        ).all()
        let byID = Dictionary(uniqueKeysWithValues: found.compactMap { item in item.id.map { ($0, item) } })
        var decided: [Item] = []
        var selling: [UUID] = []
        for id in chosen {
            guard let item = byID[id] else { throw AppError.notFound("item") }
            let disposition: Disposition
            do {
                disposition = try await self.disposition(input, of: item, currency: item.currency)
            } catch let error as FieldError {
                throw ItemDecision.naming(error, item: item.name)
            }
            if SaleEligibility.marksSold(from: item.disposition, to: disposition) { selling.append(id) }
            item.disposition = disposition
            decided.append(item)
        }
        if !selling.isEmpty { try await SaleGuard(db: db).requireSellable(itemIDs: selling, setIDs: []) }
        let saving = decided
        let takenOut = try await db.transaction { db in
            for item in saving {
                try await item.save(on: db)
                try await ItemSearchIndex(db).update(item)
            }
            return try await SaleGuard(db: db).release(itemIDs: chosen)
        }
        return (decided, takenOut)
    }

    /// The household's items a decision can be made for, by name: those not decided yet, or all of them; at most
    /// `ItemDecision.maximumItems`, with whether there are more.
    func decisionChoices(householdID: UUID, undecidedOnly: Bool) async throws -> (items: [Item], more: Bool) {
        var query = Item.query(on: db).filter(\.$household.$id == householdID)
        if undecidedOnly { query = query.filter(\.$dispositionValue == DispositionValue.undecided.rawValue) }
        let items = try await query.sort(\.$name).limit(ItemDecision.maximumItems + 1).all()
        return (Array(items.prefix(ItemDecision.maximumItems)), items.count > ItemDecision.maximumItems)
    }
}
