import Fluent
import Foundation
import HeirloomCore

/// Pairs a phone: a new device token for the signed-in member and the QR code that carries it.
struct PairingService: Sendable {
    let tokens: TokenService
    let config: HeirloomConfig
    /// Where the Memory Palace app reaches the hub; nil when there is no home-network address.
    let lan: LANEndpoint.Address?

    struct Pairing: Sendable {
        var tokenID: UUID
        var settings: PairingSettings
        var qrSVG: String
    }

    func pair(name: String?, for principal: Principal) async throws -> Pairing {
        // A stolen phone must not be able to mint tokens that outlive its own revocation.
        guard principal.tokenKind != .device else {
            throw AppError.forbidden("A paired phone cannot pair other phones. Please use Settings in a browser.")
        }
        let (token, secret) = try await tokens.issue(
            userID: principal.userID, kind: .device, name: PairingSettings.tokenName(name))
        guard
            let settings = PairingSettings(
                publicURL: config.publicURL, token: secret, hubName: principal.householdName,
                lan: lan.map { ($0.host, $0.port) })
        else { throw AppError.internalProblem("HEIRLOOM_PUBLIC_URL has no host") }
        return Pairing(tokenID: try token.requireID(), settings: settings, qrSVG: try QRCode.svg(settings.json))
    }
}
