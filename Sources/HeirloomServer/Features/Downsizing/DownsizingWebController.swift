import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The downsizing pages: "What happens to it" on an item, and sets of items with their own disposition.
struct DownsizingWebController {
    struct DispositionForm: Content {
        var value: String?
        var status: String?
        var note: String?
        var amount: String?

        var input: DispositionInput {
            DispositionInput(value: value, status: status, note: note ?? "", amount: amount ?? "")
        }
    }

    struct SetForm: Content {
        var name: String?
        var type: String?
        var story: String?
        var sellTogether: String?

        var input: ItemSetInput {
            ItemSetInput(name: name ?? "", type: type, story: story ?? "", sellTogether: sellTogether == "yes")
        }
    }

    struct MemberForm: Content {
        var itemId: String?
        var quantity: String?
    }

    // MARK: An item's disposition

    func itemDisposition(req: Request) async throws -> Response {
        let id = try req.id("item")
        let form = try req.content.decode(DispositionForm.self)
        let page = SiteURL.item(.value(id))
        return try await req.submitForm {
            let (_, takenOut) = try await req.heirloom.items.change(
                id, ItemInput(disposition: form.input), by: try req.principal())
            let done: Notice = takenOut.isEmpty ? .dispositionSaved : .takenOutOfSale
            return req.redirect(to: page.path(done: done, fragment: "disposition"))
        } orShowAgain: { errors in
            try await ItemPages.show(req, id: id, dispositionErrors: errors, typed: form.input)
        }
    }

    // MARK: Sets

    func index(req: Request) async throws -> View {
        try await indexPage(req, form: [:], errors: [:])
    }

    func create(req: Request) async throws -> Response {
        let form = try req.content.decode(SetForm.self)
        return try await req.submitForm {
            let set = try await req.heirloom.sets.create(
                form.input, members: nil, disposition: nil, by: try req.principal())
            return req.redirect(to: SiteURL.set(.value(try set.requireID())).path(done: .setSaved))
        } orShowAgain: { errors in
            try await indexPage(req, form: ["name": form.name ?? "", "type": form.type ?? ""], errors: errors)
        }
    }

    func show(req: Request) async throws -> View {
        try await showPage(req, id: try req.id("set"), errors: [:])
    }

    func update(req: Request) async throws -> Response {
        let id = try req.id("set")
        let form = try req.content.decode(SetForm.self)
        return try await req.submitForm {
            _ = try await req.heirloom.sets.update(
                id, form.input, members: nil, disposition: nil, by: try req.principal())
            return req.redirect(to: SiteURL.set(.value(id)).path(done: .setSaved))
        } orShowAgain: { errors in
            try await showPage(req, id: id, errors: errors)
        }
    }

    func setDisposition(req: Request) async throws -> Response {
        let id = try req.id("set")
        let form = try req.content.decode(DispositionForm.self)
        return try await req.submitForm {
            _ = try await req.heirloom.sets.update(
                id, ItemSetInput(), members: nil, disposition: form.input, by: try req.principal())
            return req.redirect(to: SiteURL.set(.value(id)).path(done: .dispositionSaved, fragment: "disposition"))
        } orShowAgain: { errors in
            try await showPage(req, id: id, errors: errors, typed: form.input)
        }
    }

    func addMember(req: Request) async throws -> Response {
        let id = try req.id("set")
        let form = try req.content.decode(MemberForm.self)
        return try await req.submitForm(conflictsOn: "members") {
            guard let itemID = form.itemId.flatMap(UUID.init(uuidString:)) else {
                throw AppError.invalid(FieldError(field: "members", message: "Please choose an item."))
            }
            let raw = (form.quantity ?? "").trimmingWhitespace()
            guard let quantity = raw.isEmpty ? 1 : Int(raw) else {
                throw AppError.invalid(FieldError(field: "members", message: "Please give how many: a whole number."))
            }
            _ = try await req.heirloom.sets.addMember(
                id, SetMemberInput(itemID: itemID, quantity: quantity), by: try req.principal())
            return req.redirect(to: SiteURL.set(.value(id)).path(done: .setSaved, fragment: "members"))
        } orShowAgain: { errors in
            try await showPage(req, id: id, errors: errors)
        }
    }

    func removeMember(req: Request) async throws -> Response {
        let id = try req.id("set")
        _ = try await req.heirloom.sets.removeMember(
            id, itemID: try req.id("item", .memberID), by: try req.principal())
        return req.redirect(to: SiteURL.set(.value(id)).path(done: .setSaved, fragment: "members"))
    }

    func confirmDelete(req: Request) async throws -> View {
        let id = try req.id("set")
        let set = try await req.heirloom.sets.find(id, householdID: try req.principal().householdID)
        return try await ConfirmPage(
            heading: "Delete the set \(set.name)?",
            consequence: "Its items stay in the treasure chest, each with its own choice; only the grouping goes.",
            action: .setDelete(.value(id)), confirmLabel: "Delete the set", cancel: .set(.value(id))
        ).render(title: "Delete a set", nav: .items, on: req)
    }

    func delete(req: Request) async throws -> Response {
        try await req.heirloom.sets.delete(try req.id("set"), by: try req.principal())
        return req.redirect(to: SiteURL.sets.path(done: .setDeleted))
    }

    private func indexPage(_ req: Request, form: [String: String], errors: [String: String]) async throws -> View {
        let principal = try req.principal()
        let sets = try await req.heirloom.sets.list(householdID: principal.householdID)
        let rows = try sets.map { set in
            DownsizingPages.SetRow(
                name: set.name, href: SiteURL.set(.value(try set.requireID())).path, type: set.type.displayName,
                memberCount: set.members.count,
                value: principal.seesValues ? SetService.value(of: set).map(\.displayString) : [],
                disposition: set.disposition.value.displayName, status: set.disposition.status.displayName)
        }
        let model = DownsizingPages.SetsIndex(
            sets: rows, canEdit: principal.role.canEdit, types: Self.types(selected: form["type"] ?? "other"),
            form: form, errors: errors)
        return try await Page.render(
            .setsIndex, base: PageBase(request: req, title: "Sets", nav: .items), model, on: req)
    }

    private func showPage(
        _ req: Request, id: UUID, errors: [String: String], typed: DispositionInput? = nil
    ) async throws -> View {
        let principal = try req.principal()
        let set = try await req.heirloom.sets.find(id, householdID: principal.householdID)
        let canEdit = principal.role.canEdit
        var choices: [DownsizingPages.Option] = []
        if canEdit {
            let taken = try await ItemSetMember.query(on: req.db).all(\.$item.$id)
            let items = try await Item.query(on: req.db).filter(\.$household.$id == principal.householdID)
                .sort(\.$name).limit(1_000).all()
            choices = try items.filter { !taken.contains(try $0.requireID()) }.map {
                DownsizingPages.Option(
                    value: try $0.requireID().text,
                    label: $0.quantity == 1 ? $0.name : "\($0.name) (\($0.quantity))",
                    selected: false)
            }
        }
        let members = try set.members.compactMap { member -> DownsizingPages.MemberRow? in
            guard let item = member.$item.value else { return nil }
            let itemID = try item.requireID()
            return DownsizingPages.MemberRow(
                name: item.name, href: SiteURL.item(.value(itemID)).path, quantity: member.quantity,
                itemQuantity: item.quantity,
                each: principal.seesValues ? item.money(item.estimatedValue)?.displayString ?? "" : "",
                removeAction: SiteURL.setMemberRemove(.value(id), .value(itemID)).path)
        }.sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
        var disposition = DownsizingPages.DispositionSection(
            set.disposition, currency: set.currency, action: .setDisposition(.value(id)), page: .set(.value(id)),
            canEdit: canEdit,
            allowLegacy: false, errors: errors.filter { $0.key.hasPrefix("disposition") }, typed: typed)
        if canEdit { disposition.conflicts = try await DownsizingPages.conflicts(ofSet: set, on: req.db) }
        if !principal.seesValues {
            disposition.amount = ""
            disposition.amountDisplay = ""
        }
        let model = DownsizingPages.SetShow(
            id: id.text, name: set.name, type: set.type.displayName, story: set.story,
            sellTogether: set.sellTogether,
            value: principal.seesValues ? SetService.value(of: set).map(\.displayString) : [], members: members,
            showsValues: principal.seesValues, canEdit: canEdit, disposition: disposition,
            types: Self.types(selected: set.type.rawValue), updateAction: SiteURL.set(.value(id)).path,
            addAction: SiteURL.setMembers(.value(id)).path, deleteHref: SiteURL.setDelete(.value(id)).path,
            choices: choices, errors: errors.filter { !$0.key.hasPrefix("disposition") })
        return try await Page.render(
            .setShow, base: PageBase(request: req, title: set.name, nav: .items), model, on: req)
    }

    private static func types(selected: String) -> [DownsizingPages.Option] {
        ItemSetType.allCases.map { .init(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == selected) }
    }
}
