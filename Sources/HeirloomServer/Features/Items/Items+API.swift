import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func listCategories(_ input: Operations.ListCategories.Input) async throws -> Operations.ListCategories.Output {
        _ = try principal
        return .ok(.init(body: .json(.init(categories: ItemCategory.allCases.map(\.rawValue)))))
    }

    func listItems(_ input: Operations.ListItems.Input) async throws -> Operations.ListItems.Output {
        let principal = try principal
        var query = ItemService.Query()
        query.text = input.query.q ?? ""
        query.category = try input.query.category.map(Self.category)
        query.sort = input.query.sort.flatMap { ItemService.Sort(rawValue: $0.rawValue) } ?? .newest
        query.limit = input.query.limit ?? 30
        if let cursor = input.query.cursor {
            guard let offset = Int(cursor), (0...ItemService.Query.maximumOffset).contains(offset) else {
                throw AppError.badRequest("The cursor is not one this hub gave.")
            }
            query.offset = offset
        }
        // Things in order of worth would tell a viewer kept from values what they are worth.
        if query.sort == .value, !principal.seesValues { query.sort = .newest }
        let page = try await request.heirloom.items.list(query, householdID: principal.householdID)
        let items = try await withTranscripts(page.items.map(Components.Schemas.Item.init))
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: items.map { $0.valuesShown(to: principal) },
                        nextCursor: page.nextOffset.map(String.init)))))
    }

    func createItem(_ input: Operations.CreateItem.Input) async throws -> Operations.CreateItem.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let id = try body.id.map { try uuid($0, "item") }
        let (item, created) = try await request.heirloom.items.create(id: id, ItemInput(body), by: try principal)
        let json = try await withTranscripts(try Components.Schemas.Item(item))
        return created ? .created(.init(body: .json(json))) : .ok(.init(body: .json(json)))
    }

    func getItem(_ input: Operations.GetItem.Input) async throws -> Operations.GetItem.Output {
        let principal = try principal
        let item = try await request.heirloom.items.find(
            try uuid(input.path.id, "item"), householdID: principal.householdID)
        return .ok(.init(body: .json(try await withTranscripts(try .init(item)).valuesShown(to: principal))))
    }

    func updateItem(_ input: Operations.UpdateItem.Input) async throws -> Operations.UpdateItem.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let (item, takenOut) = try await request.heirloom.items.change(
            try uuid(input.path.id, "item"), ItemInput(body), by: try principal)
        var mapped = try await withTranscripts(try Components.Schemas.Item(item))
        mapped.takenOutOfLots = takenOut.isEmpty ? nil : takenOut
        return .ok(.init(body: .json(mapped)))
    }

    func deleteItem(_ input: Operations.DeleteItem.Input) async throws -> Operations.DeleteItem.Output {
        try await request.heirloom.items.delete(try uuid(input.path.id, "item"), by: try principal)
        return .noContent(.init())
    }

    static func category(_ raw: String) throws -> ItemCategory {
        guard let category = ItemCategory.allCases.first(where: { $0.rawValue.lowercased() == raw.lowercased() }) else {
            throw AppError.invalid(
                FieldError(field: "category", message: "There is no category called \(raw.prefix(50))."))
        }
        return category
    }
}

extension ItemInput {
    init(_ body: Components.Schemas.ItemInput) {
        self.init(
            name: body.name,
            description: body.description,
            category: body.category,
            estimatedValue: body.estimatedValue,
            currencyCode: body.currencyCode,
            suggestedPriceNew: body.suggestedPriceNew,
            suggestedPriceUsed: body.suggestedPriceUsed,
            purchasePrice: body.purchasePrice,
            purchaseDate: body.purchaseDate,
            maker: body.maker,
            serialNumber: body.serialNumber,
            quantity: body.quantity.map(String.init),
            disposition: body.disposition.map(DispositionInput.init)
        )
    }
}
