import Fluent
import Foundation
import HeirloomCore
import Vapor

/// Assigning an item to beneficiaries from its page (or from the Unassigned Items list), changing and removing
/// assignments. Registered under /items by `BeneficiaryWebController`.
struct ItemBeneficiaryWebController {
    struct LinkForm: Content {
        var beneficiaryId, newName, newEmail, relationship, relationshipCustom, accessPermission, accessDate,
            personalMessage, returnTo: String?

        var input: BeneficiaryLinkInput {
            BeneficiaryLinkInput(
                beneficiaryID: beneficiaryId.flatMap(UUID.init(uuidString:)), accessPermission: accessPermission,
                accessDate: accessPermission == AccessPermission.afterSpecificDate.rawValue ? accessDate ?? "" : "",
                personalMessage: personalMessage ?? "")
        }

        var values: [String: String] {
            [
                "beneficiaryId": beneficiaryId ?? "", "newName": newName ?? "", "newEmail": newEmail ?? "",
                "relationship": relationship ?? "",
                "relationshipCustom": relationshipCustom ?? "", "accessPermission": accessPermission ?? "immediate",
                "accessDate": accessDate ?? "", "personalMessage": personalMessage ?? "",
            ]
        }
    }

    func new(req: Request) async throws -> View {
        let principal = try req.principal()
        let item = try await req.heirloom.items.find(try req.id("item"), householdID: principal.householdID)
        return try await BeneficiaryPages.linkForm(
            req, item: item, values: ["accessPermission": "immediate"], errors: [:])
    }

    /// Assigns the item; with "new" chosen (or a new name typed), creates that beneficiary first.
    func create(req: Request) async throws -> Response {
        let principal = try req.principal()
        let itemID = try req.id("item")
        let item = try await req.heirloom.items.find(itemID, householdID: principal.householdID)
        let form = try req.content.decode(LinkForm.self)
        let takenOut: [String]
        do {
            takenOut = try await req.db.transaction { db in
                let service = BeneficiaryService(db: db)
                var input = form.input
                if form.beneficiaryId == "new" || (input.beneficiaryID == nil && !(form.newName ?? "").isEmpty) {
                    guard let name = form.newName, !name.trimmingWhitespace().isEmpty else {
                        throw AppError.invalid(
                            FieldError(field: "newName", message: "Please enter the new beneficiary's name."))
                    }
                    let relationship = BeneficiaryPages.relationshipInput(
                        select: form.relationship, custom: form.relationshipCustom)
                    do {
                        let person = try await service.create(
                            BeneficiaryInput(name: name, relationship: relationship, email: form.newEmail),
                            by: principal)
                        input.beneficiaryID = try person.requireID()
                    } catch let error as FieldError {
                        throw Self.aboutTheNewPerson(error)
                    } catch let errors as FieldErrors {
                        throw FieldErrors(errors.all.map(Self.aboutTheNewPerson))
                    }
                }
                if input.beneficiaryID == nil {
                    throw AppError.invalid(
                        FieldError(field: "beneficiaryId", message: "Please choose who should receive it."))
                }
                return try await service.designate(itemID, input, by: principal).takenOut
            }
        } catch {
            let error = try AppError.userFacing(error)
            guard error.field != nil || error.status == .conflict else { throw error }
            var errors = error.formErrors
            if error.status == .conflict { errors["beneficiaryId"] = error.message }
            let view = try await BeneficiaryPages.linkForm(req, item: item, values: form.values, errors: errors)
            return try await view.encodeResponse(status: error.status, for: req)
        }
        // Assigning it may have taken it out of a sale lot: the owner is told, and the sale keeps the line.
        let done: Notice = takenOut.isEmpty ? .itemAssigned : .takenOutOfSale
        if form.returnTo == "overview" {
            return req.redirect(to: SiteURL.beneficiaries.path(done: done, fragment: "unassigned"))
        }
        return req.redirect(to: SiteURL.item(.value(itemID)).path(done: done, fragment: "beneficiaries"))
    }

    func edit(req: Request) async throws -> View {
        let principal = try req.principal()
        let itemID = try req.id("item")
        let link = try await req.heirloom.beneficiaries.findLink(
            try req.id("assignment", .linkID), of: itemID, by: principal)
        let item = try await req.heirloom.items.find(itemID, householdID: principal.householdID)
        let values = [
            "accessPermission": link.permission.rawValue,
            "accessDate": BeneficiaryLinkDraft.dayText(link.accessDate) ?? "",
            "personalMessage": link.personalMessage ?? "",
        ]
        return try await BeneficiaryPages.linkForm(req, item: item, link: link, values: values, errors: [:])
    }

    func update(req: Request) async throws -> Response {
        let principal = try req.principal()
        let itemID = try req.id("item")
        let linkID = try req.id("assignment", .linkID)
        let form = try req.content.decode(LinkForm.self)
        var input = form.input
        input.beneficiaryID = nil
        return try await req.submitForm {
            _ = try await req.heirloom.beneficiaries.updateLink(linkID, of: itemID, input, by: principal)
            return req.redirect(
                to: SiteURL.item(.value(itemID)).path(done: .assignmentSaved, fragment: "beneficiaries"))
        } orShowAgain: { errors in
            let link = try await req.heirloom.beneficiaries.findLink(linkID, of: itemID, by: principal)
            let item = try await req.heirloom.items.find(itemID, householdID: principal.householdID)
            return try await BeneficiaryPages.linkForm(req, item: item, link: link, values: form.values, errors: errors)
        }
    }

    func confirmDelete(req: Request) async throws -> View {
        let principal = try req.principal()
        let itemID = try req.id("item")
        let link = try await req.heirloom.beneficiaries.findLink(
            try req.id("assignment", .linkID), of: itemID, by: principal)
        let item = try await req.heirloom.items.find(itemID, householdID: principal.householdID)
        let name = link.beneficiary.name
        let model = ConfirmPage(
            heading: "Remove \(name) from \(item.name)?",
            consequence:
                "\(name) will no longer receive \(item.name), and the rule and message for it are deleted. \(name) stays among your beneficiaries.",
            action: .itemBeneficiaryDelete(.value(itemID), .value(try link.requireID())),
            confirmLabel: "Remove \(name) from this item",
            cancel: SiteURL.item(.value(itemID)).path(fragment: "beneficiaries"))
        return try await model.render(title: "Remove a beneficiary", nav: .items, on: req)
    }

    func delete(req: Request) async throws -> Response {
        let principal = try req.principal()
        let itemID = try req.id("item")
        try await req.heirloom.beneficiaries.removeLink(try req.id("assignment", .linkID), of: itemID, by: principal)
        return req.redirect(to: SiteURL.item(.value(itemID)).path(done: .assignmentRemoved, fragment: "beneficiaries"))
    }

    /// A mistake in the new beneficiary's name or email, shown beside the form's "new person" fields.
    private static func aboutTheNewPerson(_ error: FieldError) -> FieldError {
        switch error.field {
        case "name": FieldError(field: "newName", message: error.message)
        case "email": FieldError(field: "newEmail", message: error.message)
        default: error
        }
    }
}
