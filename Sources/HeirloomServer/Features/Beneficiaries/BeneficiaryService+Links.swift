import Fluent
import Foundation
import HeirloomCore

extension BeneficiaryService {
    /// Who receives an item, by beneficiary name, their beneficiaries loaded.
    func links(of itemID: UUID, by principal: Principal) async throws -> [ItemBeneficiary] {
        try Self.requirePlanner(principal, "item")
        _ = try await item(itemID, householdID: principal.householdID)
        return try await ItemBeneficiary.query(on: db).filter(\.$item.$id == itemID).with(\.$beneficiary).all()
            .sorted { $0.beneficiary.name.localizedCaseInsensitiveCompare($1.beneficiary.name) == .orderedAscending }
    }

    /// Assigns an item to a beneficiary of the same household; a second link for the same pair is a conflict.
    func link(_ itemID: UUID, _ input: BeneficiaryLinkInput, by principal: Principal) async throws -> ItemBeneficiary {
        try await designate(itemID, input, by: principal).link
    }

    /// Assigns an item, as `link`, and says what that changed in sales: the promised item leaves its lot in the same
    /// transaction (`LegacySync`, `SaleGuard`).
    func designate(_ itemID: UUID, _ input: BeneficiaryLinkInput, by principal: Principal) async throws
        -> (link: ItemBeneficiary, takenOut: [String])
    {
        try Self.requirePlanner(principal, "item")
        let item = try await item(itemID, householdID: principal.householdID)
        guard let beneficiaryID = input.beneficiaryID else {
            throw AppError.invalid(FieldError(field: "beneficiaryId", message: "Please choose who receives it."))
        }
        let person = try await find(beneficiaryID, by: principal)
        let draft = try BeneficiaryLinkDraft(input, over: BeneficiaryLinkDraft())
        let existing = try await ItemBeneficiary.query(on: db).filter(\.$item.$id == itemID)
            .filter(\.$beneficiary.$id == beneficiaryID).count()
        guard existing == 0 else { throw Self.alreadyAssigned(person.name, item.name) }
        let link = ItemBeneficiary()
        link.$item.id = itemID
        link.$beneficiary.id = beneficiaryID
        link.notificationStatus = NotificationStatus.notSent.rawValue
        draft.apply(to: link)
        let takenOut: [String]
        do {
            takenOut = try await db.transaction { db in
                try await link.create(on: db)
                return try await LegacySync(db: db).settle([itemID])
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Two requests for the same pair at once: the unique index keeps one.
            throw Self.alreadyAssigned(person.name, item.name)
        }
        link.$beneficiary.value = person
        return (link, takenOut)
    }

    /// Changes a link's rule, date or message.
    func updateLink(
        _ linkID: UUID, of itemID: UUID, _ input: BeneficiaryLinkInput, by principal: Principal
    ) async throws -> ItemBeneficiary {
        let link = try await findLink(linkID, of: itemID, by: principal)
        if let other = input.beneficiaryID, other != link.$beneficiary.id {
            throw AppError.invalid(
                FieldError(
                    field: "beneficiaryId",
                    message: "A link cannot move to another beneficiary; remove it and assign the item again."))
        }
        try BeneficiaryLinkDraft(input, over: BeneficiaryLinkDraft(link)).apply(to: link)
        try await link.save(on: db)
        return link
    }

    /// Removes a link; the beneficiary stays.
    func removeLink(_ linkID: UUID, of itemID: UUID, by principal: Principal) async throws {
        let link = try await findLink(linkID, of: itemID, by: principal)
        try await db.transaction { db in
            try await link.delete(on: db)
            try await LegacySync(db: db).settle([itemID])
        }
    }

    /// One link of an item of the household, its beneficiary loaded.
    func findLink(_ linkID: UUID, of itemID: UUID, by principal: Principal) async throws -> ItemBeneficiary {
        try Self.requirePlanner(principal, "item")
        _ = try await item(itemID, householdID: principal.householdID)
        guard
            let link = try await ItemBeneficiary.query(on: db).filter(\.$id == linkID).filter(\.$item.$id == itemID)
                .with(\.$beneficiary).first()
        else { throw AppError.notFound("assignment") }
        return link
    }

    private func item(_ id: UUID, householdID: UUID) async throws -> Item {
        guard
            let item = try await Item.query(on: db).filter(\.$id == id).filter(\.$household.$id == householdID)
                .first()
        else { throw AppError.notFound("item") }
        return item
    }

    private static func alreadyAssigned(_ person: String, _ item: String) -> AppError {
        AppError.conflict(
            code: "already_assigned",
            message: "\(item) is already assigned to \(person). Change that assignment instead of adding another.")
    }
}
