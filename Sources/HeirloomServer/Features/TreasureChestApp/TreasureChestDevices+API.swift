import Foundation
import HeirloomAPI
import HeirloomCore

/// Owners approve a Legacy Treasure Chest phone by the code it shows or its device id, as on the devices page.
extension APIHandler {
    func approveTreasureChestDevice(_ input: Operations.ApproveTreasureChestDevice.Input) async throws
        -> Operations.ApproveTreasureChestDevice.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        var service = TreasureChestDeviceService(db: try request.db, now: try request.heirloom.now)
        service.guesses = (
            try request.heirloom.services.treasureChestLimiter.approvalGuesses, try request.clientAddress
        )
        let device = try await service.approve(
            entered: body.device, name: body.name, dailyAnalyses: body.dailyAnalyses, by: try principal)
        let phone = Components.Schemas.TreasureChestPhone(
            id: try device.requireID().text, name: device.name,
            fingerprint: TreasureChestApproval.fingerprint(device.deviceKey),
            state: .init(rawValue: device.state.rawValue) ?? .approved, dailyAnalyses: device.dailyAnalyses)
        return .ok(.init(body: .json(phone)))
    }
}
