import Fluent
import Foundation
import HeirloomCore

/// The treasure chest: creating, changing, finding and deleting items. Shared by the API and the pages.
struct ItemService: Sendable {
    /// The hub's database: lists read through `database.reading`.
    let database: HubDatabase
    let media: MediaService

    var db: any Database { database.db }

    /// An item with its photos (in order), documents and audio stories, their media loaded.
    func find(_ id: UUID, householdID: UUID) async throws -> Item {
        let query = withMedia(Item.query(on: db).filter(\.$id == id).filter(\.$household.$id == householdID))
        guard let item = try await query.first() else { throw AppError.notFound("item") }
        return item
    }

    /// Creates an item. A client may give the id (made offline on a phone): repeating the same create
    /// answers the existing item (`created` false); the same id with other content is a conflict.
    func create(id: UUID?, _ input: ItemInput, by principal: Principal) async throws -> (item: Item, created: Bool) {
        try principal.requireEditor()
        let household = try await householdCurrency(principal.householdID)
        guard input.name != nil else {
            throw AppError.invalid(FieldError(field: "name", message: "Please enter a name for the item."))
        }
        let draft = try ItemDraft(input, over: ItemDraft(name: "", currency: household))
        if let id, let existing = try await Item.find(id, on: db) {
            return (try await repeated(existing, draft: draft, principal: principal), false)
        }
        let disposition = try Disposition(
            input.disposition ?? DispositionInput(), over: .undecided, currency: draft.currency, hasBeneficiary: false)
        let item = Item()
        item.id = id ?? UUID()
        item.$household.id = principal.householdID
        item.$createdBy.id = principal.userID
        draft.apply(to: item)
        item.disposition = disposition
        do {
            try await db.transaction { db in
                try await item.create(on: db)
                try await ItemSearchIndex(db).update(item)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // The same create sent twice at once: the second finds the first.
            guard let id, let existing = try await Item.find(id, on: db) else {
                throw AppError.conflict(code: "id_in_use", message: "Another item already has this id.")
            }
            return (try await repeated(existing, draft: draft, principal: principal), false)
        }
        return (try await find(try item.requireID(), householdID: principal.householdID), true)
    }

    /// A create repeated with an existing id: the same content answers the item; other content is a conflict,
    /// and another household's item is not found.
    private func repeated(_ existing: Item, draft: ItemDraft, principal: Principal) async throws -> Item {
        guard existing.$household.id == principal.householdID else { throw AppError.notFound("item") }
        guard ItemDraft(existing) == draft else {
            throw AppError.conflict(code: "id_in_use", message: "Another item already has this id.")
        }
        return try await find(try existing.requireID(), householdID: principal.householdID)
    }

    /// Changes the fields given; the others stay.
    func update(_ id: UUID, _ input: ItemInput, by principal: Principal) async throws -> Item {
        try await change(id, input, by: principal).item
    }

    /// Changes the fields given, as `update`, and says what that changed in sales: an item now kept leaves its lot
    /// in the same transaction (`SaleGuard`).
    func change(_ id: UUID, _ input: ItemInput, by principal: Principal) async throws
        -> (item: Item, takenOut: [String])
    {
        try principal.requireEditor()
        let item = try await find(id, householdID: principal.householdID)
        let draft = try ItemDraft(input, over: ItemDraft(item))
        let disposition = try await disposition(input.disposition, of: item, currency: draft.currency)
        if SaleEligibility.marksSold(from: item.disposition, to: disposition) {
            try await SaleGuard(db: db).requireSellable(itemIDs: [id], setIDs: [])
        }
        draft.apply(to: item)
        item.disposition = disposition
        let takenOut = try await db.transaction { db in
            try await item.save(on: db)
            try await ItemSearchIndex(db).update(item)
            return try await SaleGuard(db: db).release(itemIDs: [id])
        }
        return (try await find(id, householdID: principal.householdID), takenOut)
    }

    /// Deletes the item with its photos, documents and stories, and frees their storage.
    func delete(_ id: UUID, by principal: Principal) async throws {
        try principal.requireEditor()
        let item = try await find(id, householdID: principal.householdID)
        let objects = item.photos.map(\.media) + item.documents.map(\.media) + item.audioStories.map(\.media)
        try await media.delete(objects) { db in
            try await ItemSearchIndex(db).remove(id)
            try await Item.query(on: db).filter(\.$id == id).delete()
        }
    }

    /// The item's disposition with `input` applied, its amount kept as written when the currency changes.
    func disposition(_ input: DispositionInput?, of item: Item, currency: CurrencyCode) async throws
        -> Disposition
    {
        var base = item.disposition
        if let amount = base.amount, currency != item.currency {
            base.amount = try Money.parse(amount.decimalString, currency: currency, field: "disposition.amount")
        }
        guard let input, !input.isEmpty else { return base }
        let hasBeneficiary = try await LegacySync(db: db).hasBeneficiary(try item.requireID())
        return try Disposition(input, over: base, currency: currency, hasBeneficiary: hasBeneficiary)
    }

    private func householdCurrency(_ householdID: UUID) async throws -> CurrencyCode {
        let household = try await Household.find(householdID, on: db)
        return household.flatMap { CurrencyCode($0.defaultCurrency) } ?? .usd
    }
}
