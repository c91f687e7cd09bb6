import Foundation
import HeirloomCore
import Vapor

extension SaleWebController {
    func confirmDelete(req: Request) async throws -> View {
        let principal = try req.principal()
        try principal.requireEditor()
        let id = try req.id("sale")
        let sales = req.heirloom.sales
        let sale = try await sales.find(id, householdID: principal.householdID)
        let lots = try await sales.lots(saleID: id, householdID: principal.householdID)
        let title = SalePages.title(sale)
        let lotWords = lots.count == 1 ? "its lot" : "its \(lots.count) lots"
        let model = ConfirmPage(
            heading: "Remove \(title)?",
            consequence: "This removes \(title) and \(lotWords) with their checklists. The items themselves stay "
                + "exactly as they are, and can go in another sale.",
            action: .saleDelete(.value(id)), confirmLabel: "Remove this sale", cancel: .sale(.value(id)))
        return try await model.render(title: "Remove a sale", nav: .items, on: req)
    }

    func delete(req: Request) async throws -> Response {
        try await req.heirloom.sales.delete(try req.id("sale"), by: try req.principal())
        return req.redirect(to: SiteURL.sales.path(done: .saleDeleted))
    }

    func confirmDeleteLot(req: Request) async throws -> View {
        let principal = try req.principal()
        try principal.requireEditor()
        let id = try req.id("lot")
        let lot = try await req.heirloom.sales.lot(id, householdID: principal.householdID)
        let model = ConfirmPage(
            heading: "Remove lot \(lot.number), \(lot.title)?",
            consequence: "This takes the lot and its checklist out of the sale. The items in it stay exactly as "
                + "they are, and can go in another lot.",
            action: .lotDelete(.value(id)), confirmLabel: "Remove this lot", cancel: .lot(.value(id)))
        return try await model.render(title: "Remove a lot", nav: .items, on: req)
    }

    func deleteLot(req: Request) async throws -> Response {
        let saleID = try await req.heirloom.sales.deleteLot(try req.id("lot"), by: try req.principal())
        return req.redirect(to: SiteURL.sale(.value(saleID)).path(done: .lotDeleted))
    }

    func confirmEmptyLot(req: Request) async throws -> View {
        let principal = try req.principal()
        try principal.requireEditor()
        let id = try req.id("lot")
        let service = req.heirloom.sales
        let lot = try await service.lot(id, householdID: principal.householdID)
        let names = try await service.members(of: lot).map(\.title)
        let model = ConfirmPage(
            heading: "Take everything out of lot \(lot.number), \(lot.title)?",
            consequence: "This takes \(names.isEmpty ? "what is in it" : ListText.and(names)) out of the lot. "
                + "The lot stays in the sale with its number, title, place, target price and checklist. The things "
                + "themselves stay exactly as they are, and can go in another lot.",
            action: .lotEmpty(.value(id)), confirmLabel: "Take everything out", cancel: .lot(.value(id)))
        return try await model.render(title: "Empty a lot", nav: .items, on: req)
    }

    func emptyLot(req: Request) async throws -> Response {
        let id = try req.id("lot")
        _ = try await req.heirloom.sales.emptyLot(id, by: try req.principal())
        return req.redirect(to: SiteURL.lot(.value(id)).path(done: .lotEmptied))
    }
}
