import Foundation
import HeirloomCore
import Vapor

/// Settings → Partners: the household's list of shops, auction houses and charities, kept by owners.
struct PartnerWebController {
    struct Row: Encodable {
        var id: String
        var name: String
        var type: String
        var contact: [String]
        var categories: String
        var notes: String?
    }

    struct IndexPage: Encodable {
        var partners: [Row]
    }

    struct FormFields: Codable {
        var name: String?
        var partnerType: String?
        var phone: String?
        var website: String?
        var email: String?
        var address: String?
        var city: String?
        var region: String?
        var categories: String?
        var notes: String?
        var questionsToAsk: String?

        var input: PartnerInput {
            PartnerInput(
                name: name ?? "", partnerType: partnerType ?? "", phone: phone ?? "", website: website ?? "",
                email: email ?? "", address: address ?? "", city: city ?? "", region: region ?? "",
                categories: [categories ?? ""], notes: notes ?? "", questionsToAsk: [questionsToAsk ?? ""])
        }
    }

    struct TypeOption: Encodable {
        var value: String
        var name: String
    }

    struct FormPage: Encodable {
        var mode: String
        var action: String
        var form: FormFields
        var errors: [String: String]
        var types: [TypeOption]
        var deleteHref: String?
    }

    func index(req: Request) async throws -> View {
        let principal = try req.principal()
        let partners = try await req.heirloom.partners.list(householdID: principal.householdID)
        let rows = try partners.map { partner in
            Row(
                id: try partner.requireID().text, name: partner.name,
                type: PartnerType(rawValue: partner.partnerType)?.displayName ?? partner.partnerType,
                contact: [partner.phone, partner.email, partner.website, PartnerPages.place(partner)].compactMap { $0 },
                categories: partner.categories.joined(separator: ", "), notes: partner.notes)
        }
        return try await Page.render(
            .partnersIndex, base: PageBase(request: req, title: "Partners", nav: .settings),
            IndexPage(partners: rows), on: req)
    }

    func new(req: Request) async throws -> View {
        try await form(req, mode: "new", action: SiteURL.partnerNew, fields: FormFields(), errors: [:])
    }

    func create(req: Request) async throws -> Response {
        let fields = try req.content.decode(FormFields.self)
        return try await req.submitForm {
            _ = try await req.heirloom.partners.create(fields.input, by: try req.principal())
            return req.redirect(to: SiteURL.partners.path(done: .partnerSaved))
        } orShowAgain: { errors in
            try await form(req, mode: "new", action: SiteURL.partnerNew, fields: fields, errors: errors)
        }
    }

    func edit(req: Request) async throws -> View {
        let id = try req.id("partner")
        let partner = try await req.heirloom.partners.find(id, householdID: try req.principal().householdID)
        let fields = FormFields(
            name: partner.name, partnerType: partner.partnerType, phone: partner.phone, website: partner.website,
            email: partner.email, address: partner.address, city: partner.city, region: partner.region,
            categories: partner.categories.joined(separator: "\n"), notes: partner.notes,
            questionsToAsk: partner.questions.joined(separator: "\n"))
        return try await form(req, mode: "edit", action: .partnerEdit(.value(id)), fields: fields, errors: [:])
    }

    func update(req: Request) async throws -> Response {
        let id = try req.id("partner")
        let fields = try req.content.decode(FormFields.self)
        return try await req.submitForm {
            _ = try await req.heirloom.partners.update(id, fields.input, by: try req.principal())
            return req.redirect(to: SiteURL.partners.path(done: .partnerSaved))
        } orShowAgain: { errors in
            try await form(req, mode: "edit", action: .partnerEdit(.value(id)), fields: fields, errors: errors)
        }
    }

    func confirmDelete(req: Request) async throws -> View {
        let id = try req.id("partner")
        let partner = try await req.heirloom.partners.find(id, householdID: try req.principal().householdID)
        return try await ConfirmPage(
            heading: "Remove \(partner.name)?",
            consequence: "It will no longer be suggested in the Legacy Treasure Chest app.",
            action: .partnerDelete(.value(id)), confirmLabel: "Remove partner", cancel: SiteURL.partners
        ).render(title: "Remove partner", nav: .settings, on: req)
    }

    func delete(req: Request) async throws -> Response {
        try await req.heirloom.partners.delete(try req.id("partner"), by: try req.principal())
        return req.redirect(to: SiteURL.partners.path(done: .partnerDeleted))
    }

    private func form(_ req: Request, mode: String, action: SiteURL, fields: FormFields, errors: [String: String])
        async throws -> View
    {
        let title = mode == "edit" ? "Edit partner" : "Add a partner"
        var deleteHref: String?
        if case .partnerEdit(let id) = action { deleteHref = SiteURL.partnerDelete(id).path }
        return try await Page.render(
            .partnerForm, base: PageBase(request: req, title: title, nav: .settings),
            FormPage(
                mode: mode, action: action.path, form: fields, errors: errors,
                types: PartnerType.allCases.map { TypeOption(value: $0.rawValue, name: $0.displayName) },
                deleteHref: deleteHref),
            on: req)
    }
}
