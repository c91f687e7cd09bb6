import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The treasure chest pages: list and search, an item, its photos, documents and stories.
struct ItemWebController {
    // MARK: List

    func index(req: Request) async throws -> View {
        let principal = try req.principal()
        let text = (req.query[String.self, at: "q"] ?? "").trimmingWhitespace()
        let categoryName = req.query[String.self, at: "category"] ?? ""
        let category = ItemCategory.allCases.first { $0.rawValue == categoryName }
        var sort = req.query[String.self, at: "sort"].flatMap(ItemService.Sort.init(rawValue:)) ?? .newest
        // An order by worth would tell a viewer kept from values what things are worth.
        if sort == .value, !principal.seesValues { sort = .newest }
        let offset = max(0, req.query[Int.self, at: "offset"] ?? 0)
        let items = req.heirloom.items
        let summary = try await items.summary(householdID: principal.householdID)
        var model = ItemPages.Index(
            query: text, category: category?.rawValue ?? "", sort: sort.rawValue,
            categories: ItemCategory.allCases.map(\.rawValue), canEdit: principal.role.canEdit,
            isSearching: !text.isEmpty, groups: [], results: [], totalCount: summary.count
        )
        let link = { (offset: Int) -> String in
            var query = URLComponents()
            query.queryItems = [
                .init(name: "q", value: text), .init(name: "category", value: category?.rawValue ?? ""),
                .init(name: "sort", value: sort.rawValue), .init(name: "offset", value: String(offset)),
            ]
            return SiteURL.items.path + "?\(query.percentEncodedQuery ?? "")"
        }
        if !text.isEmpty || category != nil {
            // A search, or one category: a flat list, a page at a time.
            let query = ItemService.Query(text: text, category: category, sort: sort, limit: 30, offset: offset)
            let page = try await items.list(query, householdID: principal.householdID)
            model.results = page.items.map(ItemPages.Card.init)
            model.nextHref = page.nextOffset.map(link)
            model.prevHref = offset > 0 ? link(max(0, offset - 30)) : nil
            if category != nil, text.isEmpty, let group = summary.byCategory.first(where: { $0.category == category }) {
                model.groups = [
                    .init(
                        name: group.category.rawValue, count: group.count, totals: group.totals.map(\.displayString),
                        items: model.results, href: link(0))
                ]
                model.results = []
            }
        } else {
            // Everything, grouped by category: each group's count, total and first few items.
            for group in summary.byCategory {
                let page = try await items.list(
                    .init(category: group.category, sort: sort, limit: 8), householdID: principal.householdID)
                var query = URLComponents()
                query.queryItems = [
                    .init(name: "category", value: group.category.rawValue), .init(name: "sort", value: sort.rawValue),
                ]
                model.groups.append(
                    .init(
                        name: group.category.rawValue, count: group.count, totals: group.totals.map(\.displayString),
                        items: page.items.map(ItemPages.Card.init),
                        href: SiteURL.items.path + "?\(query.percentEncodedQuery ?? "")"))
            }
        }
        if !principal.seesValues { model.hideValues() }
        return try await Page.render(
            .itemsIndex, base: PageBase(request: req, title: "Items", nav: .items), model, on: req)
    }

    // MARK: Create and edit

    struct ItemForm: Content {
        var name, description, category, estimatedValue, currencyCode, suggestedPriceNew, suggestedPriceUsed,
            purchasePrice, purchaseDate, maker, serialNumber, quantity: String?

        var input: ItemInput {
            ItemInput(
                name: name ?? "", description: description, category: category, estimatedValue: estimatedValue,
                currencyCode: currencyCode, suggestedPriceNew: suggestedPriceNew,
                suggestedPriceUsed: suggestedPriceUsed,
                purchasePrice: purchasePrice, purchaseDate: purchaseDate, maker: maker, serialNumber: serialNumber,
                quantity: quantity.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 })
        }

        var values: [String: String] {
            [
                "name": name ?? "", "description": description ?? "", "category": category ?? "",
                "estimatedValue": estimatedValue ?? "", "currencyCode": currencyCode ?? "",
                "suggestedPriceNew": suggestedPriceNew ?? "", "suggestedPriceUsed": suggestedPriceUsed ?? "",
                "purchasePrice": purchasePrice ?? "", "purchaseDate": purchaseDate ?? "", "maker": maker ?? "",
                "serialNumber": serialNumber ?? "",
                "quantity": quantity ?? "1",
            ]
        }
    }

    func new(req: Request) async throws -> View {
        let principal = try req.principal()
        let household = try await req.heirloom.households.household(of: principal)
        var values = ItemForm().values
        values["currencyCode"] = household.defaultCurrency
        values["category"] = ItemCategory.other.rawValue
        return try await form(req, mode: "new", action: .itemNew, cancel: .items, values: values, errors: [:])
    }

    func create(req: Request) async throws -> Response {
        let form = try req.content.decode(ItemForm.self)
        return try await req.submitForm {
            let (item, _) = try await req.heirloom.items.create(id: nil, form.input, by: try req.principal())
            return req.redirect(to: SiteURL.item(.value(try item.requireID())).path)
        } orShowAgain: { errors in
            try await self.form(req, mode: "new", action: .itemNew, cancel: .items, values: form.values, errors: errors)
        }
    }

    func edit(req: Request) async throws -> View {
        let principal = try req.principal()
        let item = try await req.heirloom.items.find(try req.id("item"), householdID: principal.householdID)
        let draft = ItemDraft(item)
        let values = [
            "name": draft.name, "description": draft.description, "category": draft.category.rawValue,
            "estimatedValue": draft.estimatedValue?.decimalString ?? "", "currencyCode": draft.currency.code,
            "suggestedPriceNew": draft.suggestedPriceNew?.decimalString ?? "",
            "suggestedPriceUsed": draft.suggestedPriceUsed?.decimalString ?? "",
            "purchasePrice": draft.purchasePrice?.decimalString ?? "", "purchaseDate": draft.purchaseDate ?? "",
            "maker": draft.maker ?? "", "serialNumber": draft.serialNumber ?? "",
            "quantity": String(draft.quantity),
        ]
        let page = SiteURL.item(.value(try item.requireID()))
        return try await form(
            req, mode: "edit", action: .itemEdit(.value(try item.requireID())), cancel: page, values: values,
            errors: [:])
    }

    func update(req: Request) async throws -> Response {
        let id = try req.id("item")
        let form = try req.content.decode(ItemForm.self)
        let page = SiteURL.item(.value(id))
        return try await req.submitForm {
            _ = try await req.heirloom.items.update(id, form.input, by: try req.principal())
            return req.redirect(to: page.path)
        } orShowAgain: { errors in
            try await self.form(
                req, mode: "edit", action: .itemEdit(.value(id)), cancel: page, values: form.values, errors: errors)
        }
    }

    private func form(
        _ req: Request, mode: String, action: SiteURL, cancel: SiteURL, values: [String: String],
        errors: [String: String]
    ) async throws -> View {
        let model = ItemPages.Form(
            mode: mode, action: action.path, cancelHref: cancel.path, form: values, errors: errors,
            categories: ItemCategory.allCases.map(\.rawValue), currencies: ItemPages.currencies)
        let title = mode == "new" ? "Add an item" : "Edit \(values["name"] ?? "item")"
        return try await Page.render(
            .itemForm, base: PageBase(request: req, title: title, nav: .items), model, on: req)
    }

    // MARK: Show and delete

    func show(req: Request) async throws -> View {
        try await ItemPages.show(req, id: try req.id("item"))
    }

    func confirmDelete(req: Request) async throws -> View {
        let principal = try req.principal()
        let item = try await req.heirloom.items.find(try req.id("item"), householdID: principal.householdID)
        let id = try item.requireID()
        var lost = ["its details"]
        if !item.photos.isEmpty { lost.append("\(item.photos.count) photo\(item.photos.count == 1 ? "" : "s")") }
        if !item.documents.isEmpty {
            lost.append("\(item.documents.count) document\(item.documents.count == 1 ? "" : "s")")
        }
        if !item.audioStories.isEmpty {
            lost.append("\(item.audioStories.count) recorded stor\(item.audioStories.count == 1 ? "y" : "ies")")
        }
        let model = ConfirmPage(
            heading: "Delete \(item.name)?",
            consequence: "This deletes \(item.name) with \(lost.joined(separator: ", ")). It cannot be undone.",
            action: .itemDelete(.value(id)), confirmLabel: "Delete \(item.name)", cancel: .item(.value(id)))
        return try await model.render(title: "Delete an item", nav: .items, on: req)
    }

    func delete(req: Request) async throws -> Response {
        try await req.heirloom.items.delete(try req.id("item"), by: try req.principal())
        return req.redirect(to: SiteURL.items.path(done: .itemDeleted))
    }
}
