import Fluent
import Foundation
import HeirloomCore

/// One member as a form or an API call gives it: which item and how many of it.
struct SetMemberInput: Sendable, Equatable {
    var itemID: UUID
    var quantity: Int
}

/// Sets of items that belong together: listing, creating, changing, deleting, and their members.
/// Shared by the API and the pages; everyone in the household sees sets, owners and editors change them.
struct SetService: Sendable {
    let db: any Database

    /// The household's sets by name, their members and items loaded.
    func list(householdID: UUID) async throws -> [ItemSet] {
        try await ItemSet.query(on: db).filter(\.$household.$id == householdID)
            .with(\.$members) { $0.with(\.$item) }
            .all()
            .sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
    }

    /// One set of the household, its members and their items loaded.
    func find(_ id: UUID, householdID: UUID) async throws -> ItemSet {
        guard
            let set = try await ItemSet.query(on: db).filter(\.$id == id).filter(\.$household.$id == householdID)
                .with(\.$members, { $0.with(\.$item) }).first()
        else { throw AppError.notFound("set") }
        return set
    }

    /// The set an item is in, if any.
    func set(of itemID: UUID, householdID: UUID) async throws -> ItemSet? {
        guard let member = try await ItemSetMember.query(on: db).filter(\.$item.$id == itemID).first() else {
            return nil
        }
        return try await ItemSet.query(on: db).filter(\.$id == member.$set.id)
            .filter(\.$household.$id == householdID).first()
    }

    func create(
        _ input: ItemSetInput, members: [SetMemberInput]?, disposition: DispositionInput?, by principal: Principal
    ) async throws -> ItemSet {
        try principal.requireEditor()
        guard input.name != nil else {
            throw AppError.invalid(FieldError(field: "name", message: "Please enter a name for the set."))
        }
        let currency = CurrencyCode(principal.householdCurrency) ?? .usd
        let draft = try ItemSetDraft(input, over: ItemSetDraft(name: "", currency: currency))
        let set = ItemSet()
        set.id = UUID()
        set.$household.id = principal.householdID
        set.$createdBy.id = principal.userID
        set.apply(draft)
        set.disposition = try Self.disposition(disposition, over: .undecided, currency: draft.currency)
        try await db.transaction { db in
            try await set.create(on: db)
            if let members {
                try await SetService(db: db).replaceMembers(
                    of: try set.requireID(), with: members, householdID: principal.householdID)
            }
        }
        return try await find(try set.requireID(), householdID: principal.householdID)
    }

    /// Changes the fields given; `members`, when given, replaces the whole list.
    func update(
        _ id: UUID, _ input: ItemSetInput, members: [SetMemberInput]?, disposition: DispositionInput?,
        by principal: Principal
    ) async throws -> ItemSet {
        try principal.requireEditor()
        let set = try await find(id, householdID: principal.householdID)
        let draft = try ItemSetDraft(input, over: set.draft)
        var base = set.disposition
        if let amount = base.amount, draft.currency != set.currency {
            base.amount = try Money.parse(amount.decimalString, currency: draft.currency, field: "disposition.amount")
        }
        let newDisposition = try Self.disposition(disposition, over: base, currency: draft.currency)
        if SaleEligibility.marksSold(from: set.disposition, to: newDisposition) {
            try await SaleGuard(db: db).requireSellable(itemIDs: [], setIDs: [id])
        }
        set.apply(draft)
        set.disposition = newDisposition
        try await db.transaction { db in
            try await set.save(on: db)
            if let members {
                try await SetService(db: db).replaceMembers(of: id, with: members, householdID: principal.householdID)
            }
            // A set now kept, or now holding a promised item, leaves its lot (`SaleGuard`).
            try await SaleGuard(db: db).release(itemIDs: members?.map(\.itemID) ?? [], setIDs: [id])
        }
        return try await find(id, householdID: principal.householdID)
    }

    /// Deletes the set; its items stay as they are.
    func delete(_ id: UUID, by principal: Principal) async throws {
        try principal.requireEditor()
        let set = try await find(id, householdID: principal.householdID)
        try await set.delete(on: db)
    }

    /// Puts `quantity` of an item in the set, or changes how many of it are in.
    func addMember(_ setID: UUID, _ member: SetMemberInput, by principal: Principal) async throws -> ItemSet {
        try principal.requireEditor()
        let set = try await find(setID, householdID: principal.householdID)
        var members = set.members.map { SetMemberInput(itemID: $0.$item.id, quantity: $0.quantity) }
        members.removeAll { $0.itemID == member.itemID }
        members.append(member)
        let list = members
        try await db.transaction { db in
            try await SetService(db: db).replaceMembers(of: setID, with: list, householdID: principal.householdID)
            try await SaleGuard(db: db).release(itemIDs: [member.itemID], setIDs: [setID])
        }
        return try await find(setID, householdID: principal.householdID)
    }

    /// Takes an item out of the set; the item stays.
    func removeMember(_ setID: UUID, itemID: UUID, by principal: Principal) async throws -> ItemSet {
        try principal.requireEditor()
        _ = try await find(setID, householdID: principal.householdID)
        try await ItemSetMember.query(on: db).filter(\.$set.$id == setID).filter(\.$item.$id == itemID).delete()
        return try await find(setID, householdID: principal.householdID)
    }

    /// The set's worth: each member's estimated value × how many of it are in the set, per currency; a worth too
    /// large to add up is marked so.
    static func value(of set: ItemSet) -> [MoneyTotal] {
        MoneyTotal.totals(
            set.members.compactMap { member -> MoneyTotal? in
                guard let item = member.$item.value, let each = item.money(item.estimatedValue) else { return nil }
                return each.times(SetUnits.split(itemQuantity: item.quantity, memberQuantity: member.quantity).inSet)
            })
    }

    /// Checks and writes the members of a set, replacing those it had. Call inside a transaction.
    private func replaceMembers(of setID: UUID, with members: [SetMemberInput], householdID: UUID) async throws {
        guard members.count <= ItemSetDraft.maximumMembers else {
            throw AppError.invalid(FieldError(field: "members", message: "A set can hold at most 500 items."))
        }
        guard Set(members.map(\.itemID)).count == members.count else {
            throw AppError.invalid(FieldError(field: "members", message: "Each item can be listed once in a set."))
        }
        let ids = members.map(\.itemID)
        let items = try await Item.query(on: db).filter(\.$id ~~ ids).filter(\.$household.$id == householdID).all()
        let byID = Dictionary(uniqueKeysWithValues: try items.map { (try $0.requireID(), $0) })
        let elsewhere = try await ItemSetMember.query(on: db).filter(\.$item.$id ~~ ids)
            .filter(\.$set.$id != setID).with(\.$set).all()
        if let taken = elsewhere.first, let item = byID[taken.$item.id] {
            throw AppError.conflict(
                code: "item_in_another_set",
                message: "\(item.name) is already in the set \(taken.set.name); take it out there first.")
        }
        try await ItemSetMember.query(on: db).filter(\.$set.$id == setID).delete()
        for member in members {
            guard let item = byID[member.itemID] else {
                throw AppError.invalid(FieldError(field: "members", message: "One of the items does not exist."))
            }
            let quantity = try ItemSetDraft.memberQuantity(member.quantity, itemQuantity: item.quantity)
            try await ItemSetMember(setID: setID, itemID: member.itemID, quantity: quantity).create(on: db)
        }
    }

    /// Checks a set's disposition: as an item's, except that a set never goes to a beneficiary itself.
    static func disposition(_ input: DispositionInput?, over base: Disposition, currency: CurrencyCode) throws
        -> Disposition
    {
        guard let input, !input.isEmpty else { return base }
        if input.value?.trimmingWhitespace() == DispositionValue.legacy.rawValue {
            throw AppError.invalid(
                FieldError(
                    field: "disposition.value",
                    message: "A set goes to beneficiaries through its items; assign the items instead."))
        }
        return try Disposition(input, over: base, currency: currency, hasBeneficiary: false)
    }
}
