import Fluent
import Foundation
import HeirloomCore

/// Who receives which item: beneficiaries, their totals and the overview. Shared by the API and the pages.
///
/// Only owners and editors plan who gets what; to a viewer every beneficiary and link is "not found", so that
/// a viewer never learns who gets what.
struct BeneficiaryService: Sendable {
    let db: any Database

    /// A beneficiary with how many items they are assigned and what those are worth, per currency.
    struct Summary: Sendable {
        var beneficiary: Beneficiary
        var itemCount: Int
        /// Each total exact, or marked too large to add up.
        var totals: [MoneyTotal]
    }

    /// A beneficiary with their assignments (links with their items, photos loaded), by item name.
    struct Detail: Sendable {
        var summary: Summary
        var assigned: [ItemBeneficiary]
    }

    /// Throws "not found" unless the member may see who gets what.
    static func requirePlanner(_ principal: Principal, _ what: String = "beneficiary") throws(AppError) {
        guard principal.role.canEdit else { throw AppError.notFound(what) }
    }

    /// The household's beneficiaries by name, with their counts and totals.
    func list(by principal: Principal) async throws -> [Summary] {
        try Self.requirePlanner(principal)
        let people = try await Beneficiary.query(on: db).filter(\.$household.$id == principal.householdID)
            .sort(\.$name).all()
        let links = try await ItemBeneficiary.query(on: db)
            .join(Beneficiary.self, on: \ItemBeneficiary.$beneficiary.$id == \Beneficiary.$id)
            .filter(Beneficiary.self, \.$household.$id == principal.householdID)
            .with(\.$item).all()
        let byPerson = Dictionary(grouping: links, by: { $0.$beneficiary.id })
        return try people.map { person in
            try Self.summary(person, links: byPerson[try person.requireID()] ?? [])
        }.sorted { $0.beneficiary.name.localizedCaseInsensitiveCompare($1.beneficiary.name) == .orderedAscending }
    }

    /// One beneficiary of the household.
    func find(_ id: UUID, by principal: Principal) async throws -> Beneficiary {
        try Self.requirePlanner(principal)
        guard
            let person = try await Beneficiary.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID).first()
        else { throw AppError.notFound("beneficiary") }
        return person
    }

    /// A beneficiary with their assigned items and totals.
    func detail(_ id: UUID, by principal: Principal) async throws -> Detail {
        let person = try await find(id, by: principal)
        let links = try await ItemBeneficiary.query(on: db).filter(\.$beneficiary.$id == id)
            .with(\.$item) { item in item.with(\.$photos) { $0.with(\.$media) } }
            .all()
            .sorted { $0.item.name.localizedCaseInsensitiveCompare($1.item.name) == .orderedAscending }
        return Detail(summary: try Self.summary(person, links: links), assigned: links)
    }

    /// Adds a beneficiary by hand; the name counts as typed by a person.
    func create(_ input: BeneficiaryInput, by principal: Principal) async throws -> Beneficiary {
        try Self.requirePlanner(principal)
        guard input.name != nil else {
            throw AppError.invalid(FieldError(field: "name", message: "Please enter the beneficiary's name."))
        }
        let draft = try BeneficiaryDraft(input, over: BeneficiaryDraft(name: ""))
        let person = Beneficiary()
        person.$household.id = principal.householdID
        person.isLinkedToContact = false
        person.nameEditedByUser = true
        draft.apply(to: person)
        if person.email != nil { person.emailSetByID = principal.userID }
        try await person.create(on: db)
        return person
    }

    /// Changes the fields given; a changed name is marked as the user's, so imports leave it alone.
    func update(_ id: UUID, _ input: BeneficiaryInput, by principal: Principal) async throws -> Beneficiary {
        let person = try await find(id, by: principal)
        let before = BeneficiaryDraft(person)
        let draft = try BeneficiaryDraft(input, over: before)
        if draft.name != before.name { person.nameEditedByUser = true }
        draft.apply(to: person)
        if draft.email != before.email { person.emailSetByID = principal.userID }
        try await person.save(on: db)
        return person
    }

    /// Deletes a beneficiary who has no items; one who still has items is a conflict that says what to do.
    func delete(_ id: UUID, by principal: Principal) async throws {
        let person = try await find(id, by: principal)
        let count = try await ItemBeneficiary.query(on: db).filter(\.$beneficiary.$id == id).count()
        guard count == 0 else { throw Self.stillAssigned(person.name, count: count) }
        // A round under way would lose a participant (and a live draft its turns): take them out of it first.
        let rounds = try await WishParticipant.query(on: db).filter(\.$beneficiary.$id == id).with(\.$round).all()
            .filter { $0.round.state != WishRoundState.confirmed.rawValue }
        if let round = rounds.first?.round {
            throw AppError.conflict(
                code: "beneficiary_in_wish_round",
                message: "\(person.name) takes part in the wish round “\(round.title)”. Take them out of it first, "
                    + "or wait until it is confirmed.")
        }
        try await person.delete(on: db)
    }

    static func stillAssigned(_ name: String, count: Int) -> AppError {
        let items = count == 1 ? "1 item" : "\(count) items"
        return AppError.conflict(
            code: "beneficiary_has_items",
            message:
                "\(name) is still assigned \(items). Remove \(name) from \(count == 1 ? "that item" : "each of them") first (on the item's page, under Beneficiaries), then delete."
        )
    }

    /// Every beneficiary with counts and totals, and the household's items nobody is assigned, newest first.
    func overview(by principal: Principal) async throws -> (beneficiaries: [Summary], unassigned: [Item]) {
        let people = try await list(by: principal)
        let assignedIDs = try await ItemBeneficiary.query(on: db)
            .join(Item.self, on: \ItemBeneficiary.$item.$id == \Item.$id)
            .filter(Item.self, \.$household.$id == principal.householdID)
            .all().map { $0.$item.id }
        var query = Item.query(on: db).filter(\.$household.$id == principal.householdID)
            .with(\.$photos) { $0.with(\.$media) }.with(\.$documents) { $0.with(\.$media) }
            .with(\.$audioStories) { $0.with(\.$media) }
        if !assignedIDs.isEmpty { query = query.filter(\.$id !~ Array(Set(assignedIDs))) }
        let unassigned = try await query.sort(\.$createdAt, .descending).sort(\.$id, .descending).all()
        return (people, unassigned)
    }

    private static func summary(_ person: Beneficiary, links: [ItemBeneficiary]) throws -> Summary {
        let amounts = links.compactMap { link in link.item.money(link.item.estimatedValue)?.times(link.item.quantity) }
        return Summary(beneficiary: person, itemCount: links.count, totals: MoneyTotal.totals(amounts))
    }
}
