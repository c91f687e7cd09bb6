import Foundation
import HeirloomAPI
import HeirloomCore
import Vapor

extension APIHandler {
    func listSales(_ input: Operations.ListSales.Input) async throws -> Operations.ListSales.Output {
        let principal = try principal
        try principal.requireSeesValues(hidingAs: "sale")
        let sales = try await request.heirloom.sales.list(householdID: principal.householdID)
        return .ok(.init(body: .json(.init(sales: try sales.map(Components.Schemas.Sale.init)))))
    }

    func createSale(_ input: Operations.CreateSale.Input) async throws -> Operations.CreateSale.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let service = try request.heirloom.sales
        let sale = try await service.create(SaleInput(body), by: try principal)
        let summary = try await service.summary(try sale.requireID(), householdID: try principal.householdID)
        return .created(.init(body: .json(try .init(summary))))
    }

    func createSaleFromUndecided(_ input: Operations.CreateSaleFromUndecided.Input) async throws
        -> Operations.CreateSaleFromUndecided.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let service = try request.heirloom.sales
        let principal = try principal
        let (sale, lots) = try await service.createFromUndecided(SaleInput(body), by: principal)
        let summary = try await service.summary(try sale.requireID(), householdID: principal.householdID)
        return .created(.init(body: .json(.init(sale: try .init(summary), lots: try await mapped(lots)))))
    }

    func listLots(_ input: Operations.ListLots.Input) async throws -> Operations.ListLots.Output {
        let principal = try principal
        try principal.requireSeesValues(hidingAs: "sale")
        let service = try request.heirloom.sales
        let lots = try await service.lots(saleID: try uuid(input.path.id, "sale"), householdID: principal.householdID)
        return .ok(.init(body: .json(.init(lots: try await mapped(lots)))))
    }

    func createLot(_ input: Operations.CreateLot.Input) async throws -> Operations.CreateLot.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let service = try request.heirloom.sales
        let lot = try await service.createLot(
            saleID: try uuid(input.path.id, "sale"), try LotInput(body), by: try principal)
        return .created(.init(body: .json(try await mapped([lot])[0])))
    }

    func deleteSale(_ input: Operations.DeleteSale.Input) async throws -> Operations.DeleteSale.Output {
        try await request.heirloom.sales.delete(try uuid(input.path.id, "sale"), by: try principal)
        return .noContent(.init())
    }

    func deleteLot(_ input: Operations.DeleteLot.Input) async throws -> Operations.DeleteLot.Output {
        try await request.heirloom.sales.deleteLot(try uuid(input.path.id, "lot"), by: try principal)
        return .noContent(.init())
    }

    func emptyLot(_ input: Operations.EmptyLot.Input) async throws -> Operations.EmptyLot.Output {
        let lot = try await request.heirloom.sales.emptyLot(try uuid(input.path.id, "lot"), by: try principal)
        return .ok(.init(body: .json(try await mapped([lot])[0])))
    }

    func updateLot(_ input: Operations.UpdateLot.Input) async throws -> Operations.UpdateLot.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let service = try request.heirloom.sales
        let lot = try await service.updateLot(try uuid(input.path.id, "lot"), LotUpdate(body), by: try principal)
        return .ok(.init(body: .json(try await mapped([lot])[0])))
    }

    func previewSaleFromUndecided(_ input: Operations.PreviewSaleFromUndecided.Input) async throws
        -> Operations.PreviewSaleFromUndecided.Output
    {
        let principal = try principal
        try principal.requireEditor()
        let preview = try await request.heirloom.sales.undecided(householdID: principal.householdID)
        return .ok(.init(body: .json(try .init(preview))))
    }

    /// Lots as the API gives them: members, the lines their sale kept about them, and why they cannot be ready.
    private func mapped(_ lots: [Lot]) async throws -> [Components.Schemas.Lot] {
        let service = try request.heirloom.sales
        let base = try request.heirloom.config.publicBaseURL
        let ids = try lots.map { try $0.requireID() }
        let notices = try await service.notices(lotIDs: ids)
        let problems = try await SaleGuard(db: request.db).problems(lotIDs: ids)
        var mapped: [Components.Schemas.Lot] = []
        for lot in lots {
            var body = try Components.Schemas.Lot(lot, members: try await service.members(of: lot), base: base)
            // They name beneficiaries, whom only owners and editors see.
            if try principal.role.canEdit {
                body.notices = notices[try lot.requireID()]
                body.problems = problems[try lot.requireID()]
            }
            mapped.append(body)
        }
        return mapped
    }
}
