import Foundation
import HeirloomAPI
import HeirloomCore
import Vapor

extension APIHandler {
    func listPartners(_ input: Operations.ListPartners.Input) async throws -> Operations.ListPartners.Output {
        let partners = try await request.heirloom.partners.list(householdID: try principal.householdID)
        return .ok(.init(body: .json(.init(partners: try partners.map(Components.Schemas.Partner.init)))))
    }

    func createPartner(_ input: Operations.CreatePartner.Input) async throws -> Operations.CreatePartner.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let partner = try await request.heirloom.partners.create(PartnerInput(body), by: try principal)
        return .created(.init(body: .json(try .init(partner))))
    }

    func updatePartner(_ input: Operations.UpdatePartner.Input) async throws -> Operations.UpdatePartner.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let partner = try await request.heirloom.partners.update(
            try uuid(input.path.id, "partner"), PartnerInput(body), by: try principal)
        return .ok(.init(body: .json(try .init(partner))))
    }

    func deletePartner(_ input: Operations.DeletePartner.Input) async throws -> Operations.DeletePartner.Output {
        try await request.heirloom.partners.delete(try uuid(input.path.id, "partner"), by: try principal)
        return .noContent(.init())
    }
}
