import Foundation
import HeirloomAPI
import HeirloomCore

extension APIHandler {
    /// POST /api/items/disposition: the same disposition for several items, all or nothing.
    func decideItems(_ input: Operations.DecideItems.Input) async throws -> Operations.DecideItems.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        let ids = try body.itemIds.map { raw in
            guard let id = UUID(uuidString: raw) else { throw AppError.notFound("item") }
            return id
        }
        let (items, takenOut) = try await request.heirloom.items.decide(
            ids, DispositionInput(body.disposition), by: principal)
        let mapped = try await withTranscripts(try items.map { try Components.Schemas.Item($0) })
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: mapped.map { $0.valuesShown(to: principal) },
                        takenOutOfLots: takenOut.isEmpty ? nil : takenOut))))
    }
}
