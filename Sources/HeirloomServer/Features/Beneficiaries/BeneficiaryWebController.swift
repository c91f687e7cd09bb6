import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The beneficiary pages: Your Beneficiaries with unassigned items, a beneficiary, the forms and the contacts import.
/// A viewer gets "not found" everywhere here (`routes.swift` hides the pages from them).
struct BeneficiaryWebController {
    // MARK: List

    func index(req: Request) async throws -> View {
        let overview = try await req.heirloom.beneficiaries.overview(by: try req.principal())
        let model = BeneficiaryPages.Index(
            beneficiaries: try overview.beneficiaries.map(BeneficiaryPages.Card.init),
            unassigned: try overview.unassigned.map(ItemPages.Card.init),
            choices: try BeneficiaryPages.choices(overview.beneficiaries.map(\.beneficiary)))
        return try await Page.render(
            .beneficiariesIndex, base: PageBase(request: req, title: "Beneficiaries", nav: .beneficiaries), model,
            on: req)
    }

    func show(req: Request) async throws -> View {
        let detail = try await req.heirloom.beneficiaries.detail(try req.id("beneficiary"), by: try req.principal())
        let passing = try await req.heirloom.estate.passingWords(for: try req.principal())
        let assigned = try detail.assigned.map { link in
            BeneficiaryPages.Assigned(
                item: try ItemPages.Card(link.item), rule: BeneficiaryPages.rule(link.rule, passing: passing),
                message: link.personalMessage ?? "",
                editHref: SiteURL.itemBeneficiaryEdit(.value(link.$item.id), .value(try link.requireID())).path)
        }
        let model = BeneficiaryPages.Show(
            person: try BeneficiaryPages.Card(detail.summary), assigned: assigned,
            canInvite: try req.principal().role.canManageHousehold,
            invitedOn: try detail.summary.beneficiary.invitedAt.map { try req.principal().days.day($0) })
        return try await Page.render(
            .beneficiaryShow,
            base: PageBase(request: req, title: detail.summary.beneficiary.name, nav: .beneficiaries), model, on: req)
    }

    // MARK: Create and edit

    struct BeneficiaryForm: Content {
        var name, relationship, relationshipCustom, email, phoneNumber: String?

        var input: BeneficiaryInput {
            BeneficiaryInput(
                name: name ?? "",
                relationship: BeneficiaryPages.relationshipInput(select: relationship, custom: relationshipCustom),
                email: email ?? "", phoneNumber: phoneNumber ?? "")
        }

        var values: [String: String] {
            [
                "name": name ?? "", "relationship": relationship ?? "", "relationshipCustom": relationshipCustom ?? "",
                "email": email ?? "", "phoneNumber": phoneNumber ?? "",
            ]
        }
    }

    func new(req: Request) async throws -> View {
        try await form(req, mode: "new", action: .beneficiaryNew, cancel: .beneficiaries, values: [:], errors: [:])
    }

    func create(req: Request) async throws -> Response {
        let form = try req.content.decode(BeneficiaryForm.self)
        return try await req.submitForm {
            let person = try await req.heirloom.beneficiaries.create(form.input, by: try req.principal())
            return req.redirect(to: SiteURL.beneficiary(.value(try person.requireID())).path)
        } orShowAgain: { errors in
            try await self.form(
                req, mode: "new", action: .beneficiaryNew, cancel: .beneficiaries, values: form.values, errors: errors)
        }
    }

    func edit(req: Request) async throws -> View {
        let person = try await req.heirloom.beneficiaries.find(try req.id("beneficiary"), by: try req.principal())
        let relationship = BeneficiaryPages.relationshipFields(person.relationship)
        let values = [
            "name": person.name, "relationship": relationship.select, "relationshipCustom": relationship.custom,
            "email": person.email ?? "", "phoneNumber": person.phoneNumber ?? "",
        ]
        let page = SiteURL.beneficiary(.value(try person.requireID()))
        // Sent here by "Invite to see their items" for someone without an address.
        let errors =
            req.query[String.self, at: "needs"] == "email" && (person.email ?? "").isEmpty
            ? ["email": "Add \(person.name)’s email address and save; then invite them from their page."] : [:]
        return try await form(
            req, mode: "edit", action: .beneficiaryEdit(.value(try person.requireID())), cancel: page, values: values,
            errors: errors)
    }

    func update(req: Request) async throws -> Response {
        let id = try req.id("beneficiary")
        let form = try req.content.decode(BeneficiaryForm.self)
        let page = SiteURL.beneficiary(.value(id))
        return try await req.submitForm {
            _ = try await req.heirloom.beneficiaries.update(id, form.input, by: try req.principal())
            return req.redirect(to: page.path)
        } orShowAgain: { errors in
            try await self.form(
                req, mode: "edit", action: .beneficiaryEdit(.value(id)), cancel: page, values: form.values,
                errors: errors)
        }
    }

    private func form(
        _ req: Request, mode: String, action: SiteURL, cancel: SiteURL, values: [String: String],
        errors: [String: String]
    ) async throws -> View {
        let model = BeneficiaryPages.Form(
            mode: mode, action: action.path, cancelHref: cancel.path, form: values, errors: errors,
            relationships: BeneficiaryPages.relationships)
        let title = mode == "new" ? "Add a beneficiary" : "Edit \(values["name"] ?? "beneficiary")"
        return try await Page.render(
            .beneficiaryForm, base: PageBase(request: req, title: title, nav: .beneficiaries), model, on: req)
    }

    // MARK: Delete

    func confirmDelete(req: Request) async throws -> View {
        let detail = try await req.heirloom.beneficiaries.detail(try req.id("beneficiary"), by: try req.principal())
        let person = detail.summary.beneficiary
        let id = try person.requireID()
        let base = PageBase(request: req, title: "Delete a beneficiary", nav: .beneficiaries)
        guard detail.assigned.isEmpty else {
            let model = BeneficiaryPages.StillAssigned(
                name: person.name,
                message: BeneficiaryService.stillAssigned(person.name, count: detail.assigned.count).message,
                href: SiteURL.beneficiary(.value(id)).path,
                items: try detail.assigned.map { try ItemPages.Card($0.item) })
            return try await Page.render(.beneficiaryStillAssigned, base: base, model, on: req)
        }
        let model = ConfirmPage(
            heading: "Delete \(person.name)?",
            consequence:
                "This removes \(person.name) from your beneficiaries. They have no items, so nothing else changes. It cannot be undone.",
            action: .beneficiaryDelete(.value(id)), confirmLabel: "Delete \(person.name)",
            cancel: .beneficiary(.value(id)))
        return try await Page.render(.confirm, base: base, model, on: req)
    }

    func delete(req: Request) async throws -> Response {
        try await req.heirloom.beneficiaries.delete(try req.id("beneficiary"), by: try req.principal())
        return req.redirect(to: SiteURL.beneficiaries.path(done: .beneficiaryDeleted))
    }

    // MARK: Import

    struct ImportForm: Encodable {
        var error: String?
    }

    func importForm(req: Request) async throws -> View {
        try await importPage(req, error: nil)
    }

    private func importPage(_ req: Request, error: String?) async throws -> View {
        try await Page.render(
            .beneficiariesImport,
            base: PageBase(request: req, title: "Import contacts", nav: .beneficiaries), ImportForm(error: error),
            on: req)
    }

    func importContacts(req: Request) async throws -> Response {
        let principal = try req.principal()
        let form = try await FormUpload.read(
            req,
            temporaryDirectory: req.heirloom.services.media.store.temporaryDirectory,
            maximumFileBytes: Int64(BeneficiaryService.maximumImportBytes)
        )
        defer { form.removeFiles() }
        try CSRF.verify(form.fields[CSRF.fieldName], req)
        var data = Data()
        for file in form.files where file.field == "file" {
            let size = (try? FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? Int) ?? 0
            guard size <= BeneficiaryService.maximumImportBytes else {
                throw AppError.payloadTooLarge("The contacts file is larger than the 10 MB an import accepts.")
            }
            data.append(try Data(contentsOf: file.url))
            data.append(contentsOf: Array("\r\n".utf8))
        }
        if let pasted = form.fields["text"], !pasted.trimmingWhitespace().isEmpty { data.append(Data(pasted.utf8)) }
        let cards: [BeneficiaryService.ImportedCard]
        do {
            cards = try await req.heirloom.beneficiaries.importContacts(data, by: principal)
        } catch {
            let error = try AppError.userFacing(error)
            guard error.field != nil else { throw error }
            return try await importPage(req, error: error.message).encodeResponse(status: error.status, for: req)
        }
        let labels = [
            "created": "Added", "merged": "Updated", "unchanged": "Already here", "rejected": "Not imported",
        ]
        let rows = cards.map { card in
            BeneficiaryPages.ImportResults.Row(
                name: card.name, status: card.status, label: labels[card.status] ?? card.status,
                reason: card.reason ?? Self.explanation(card.status),
                href: card.beneficiaryID.map { SiteURL.beneficiary(.value($0)).path })
        }
        let count = { (status: String) in cards.filter { $0.status == status }.count }
        let model = BeneficiaryPages.ImportResults(
            rows: rows, created: count("created"), merged: count("merged"), unchanged: count("unchanged"),
            rejected: count("rejected"))
        let view = try await Page.render(
            .beneficiariesImportResults,
            base: PageBase(request: req, title: "Contacts imported", nav: .beneficiaries), model, on: req)
        return try await view.encodeResponse(for: req)
    }

    private static func explanation(_ status: String) -> String {
        switch status {
        case "created": "Added as a new beneficiary."
        case "merged": "Matched someone already here; we filled in what was missing and kept the name you typed."
        case "unchanged": "Already here with everything this card has."
        default: ""
        }
    }
}
