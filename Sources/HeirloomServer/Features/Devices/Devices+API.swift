import Foundation
import HeirloomAPI
import Vapor

extension APIHandler {
    func pairDevice(_ input: Operations.PairDevice.Input) async throws -> Operations.PairDevice.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let pairing = try await request.heirloom.pairing.pair(name: body.name, for: try principal)
        let settings = pairing.settings
        return .created(
            .init(
                body: .json(
                    .init(
                        tokenId: pairing.tokenID.text,
                        settings: .init(
                            serverURL: settings.serverURL, host: settings.host, port: settings.port,
                            token: settings.token, hubName: settings.hubName),
                        qrText: settings.json,
                        qrSvg: pairing.qrSVG))))
    }
}
