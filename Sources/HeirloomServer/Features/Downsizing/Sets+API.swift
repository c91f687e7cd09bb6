import Foundation
import HeirloomAPI
import HeirloomCore
import Vapor

extension APIHandler {
    func listSets(_ input: Operations.ListSets.Input) async throws -> Operations.ListSets.Output {
        let principal = try principal
        let sets = try await request.heirloom.sets.list(householdID: principal.householdID)
        let mapped = try sets.map { try Components.Schemas.ItemSet($0).valuesShown(to: principal) }
        return .ok(.init(body: .json(.init(sets: mapped))))
    }

    func createSet(_ input: Operations.CreateSet.Input) async throws -> Operations.CreateSet.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let set = try await request.heirloom.sets.create(
            ItemSetInput(body), members: try Self.members(body),
            disposition: body.disposition.map(DispositionInput.init),
            by: try principal)
        return .created(.init(body: .json(try .init(set))))
    }

    func getSet(_ input: Operations.GetSet.Input) async throws -> Operations.GetSet.Output {
        let principal = try principal
        let sets = try request.heirloom.sets
        let set = try await sets.find(try uuid(input.path.id, "set"), householdID: principal.householdID)
        var body = try Components.Schemas.ItemSet(set).valuesShown(to: principal)
        // As the set's page: the promised items of a set to be sold, to owners and editors (they name beneficiaries).
        if principal.role.canEdit {
            let found = try await sets.promisedItems(of: set)
            body.conflicts = found.isEmpty ? nil : found.map(Components.Schemas.ItemSetConflict.init)
        }
        return .ok(.init(body: .json(body)))
    }

    func updateSet(_ input: Operations.UpdateSet.Input) async throws -> Operations.UpdateSet.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let set = try await request.heirloom.sets.update(
            try uuid(input.path.id, "set"), ItemSetInput(body), members: try Self.members(body),
            disposition: body.disposition.map(DispositionInput.init), by: try principal)
        return .ok(.init(body: .json(try .init(set))))
    }

    func deleteSet(_ input: Operations.DeleteSet.Input) async throws -> Operations.DeleteSet.Output {
        try await request.heirloom.sets.delete(try uuid(input.path.id, "set"), by: try principal)
        return .noContent(.init())
    }

    func getEstateSummary(_ input: Operations.GetEstateSummary.Input) async throws
        -> Operations.GetEstateSummary.Output
    {
        let principal = try principal
        let summary = try await request.heirloom.downsizingSummary.summary(householdID: principal.householdID)
        return .ok(.init(body: .json(Components.Schemas.EstateSummary(summary).valuesShown(to: principal))))
    }

    private static func members(_ body: Components.Schemas.ItemSetInput) throws -> [SetMemberInput]? {
        try body.members.map { members in
            try members.map { member in
                guard let id = UUID(uuidString: member.itemId) else {
                    throw AppError.invalid(FieldError(field: "members", message: "One of the items does not exist."))
                }
                return SetMemberInput(itemID: id, quantity: member.quantity ?? 1)
            }
        }
    }
}
