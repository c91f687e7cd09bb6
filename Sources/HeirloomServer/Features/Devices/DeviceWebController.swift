import Fluent
import Foundation
import HeirloomCore
import Vapor

/// Settings → Connect a phone: a QR code for the Memory Palace app, and the phones already paired.
struct DeviceWebController {
    struct DevicesPage: Encodable {
        struct Device: Encodable {
            var id: String
            var name: String
            var added: String
            var lastUsed: String
        }

        struct NewPairing: Encodable {
            var name: String
            var qrSVG: String
            var qrText: String
            var serverURL: String
            /// What the Memory Palace app's "enter by hand" screen asks for.
            var appAddress: String?
            var appPort: Int?
            var appToken: String
        }

        var devices: [Device]
        var pairing: NewPairing?
        /// Set when the hub's public address is this computer's own, which no phone can reach.
        var localOnlyAddress: String?
        /// `http://192.168.1.20:8080`: where the Memory Palace app reaches the hub on the home network.
        var homeNetworkAddress: String?
        /// The public address is https and no home-network address was set, so none was opened.
        var homeNetworkNeedsSetting: Bool
        /// The public address is https and the app still talks plain http at `homeNetworkAddress`.
        var homeNetworkIsPlainBesideTLS: Bool
        /// The Legacy Treasure Chest phones, for owners (`TreasureChestDeviceWebController`).
        var gateway: TreasureChestPages.DevicesSection?
    }

    func index(req: Request) async throws -> View {
        try await render(req, pairing: nil)
    }

    struct PairForm: Content {
        var name: String?
    }

    func pair(req: Request) async throws -> Response {
        let form = try req.content.decode(PairForm.self)
        let pairing = try await req.heirloom.pairing.pair(name: form.name, for: try req.principal())
        let view = try await render(
            req,
            pairing: .init(
                name: PairingSettings.tokenName(form.name), qrSVG: pairing.qrSVG, qrText: pairing.settings.json,
                serverURL: pairing.settings.serverURL, appAddress: pairing.settings.lanHost,
                appPort: pairing.settings.lanPort, appToken: pairing.settings.token))
        let response = try await view.encodeResponse(status: .created, for: req)
        // The page holds a secret: never keep it in a cache or the back-forward history.
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    func revoke(req: Request) async throws -> Response {
        let principal = try req.principal()
        try await req.heirloom.tokens.revoke(id: try req.id("phone"), userID: principal.userID)
        return req.redirect(to: SiteURL.devices.path(done: .tokenRevoked))
    }

    private func render(_ req: Request, pairing: DevicesPage.NewPairing?) async throws -> View {
        let principal = try req.principal()
        let tokens = try await req.heirloom.tokens.list(userID: principal.userID).filter { $0.kind == .device }
        let lan = req.heirloom.services.lan
        let model = DevicesPage(
            devices: try tokens.map {
                .init(
                    id: try $0.requireID().text, name: $0.name, added: principal.days.day($0.createdAt),
                    lastUsed: Self.hasBeenUsed($0) ? principal.days.dayAndTime($0.lastUsedAt) : "Not yet")
            },
            pairing: pairing,
            localOnlyAddress: Self.isLocalOnly(req.heirloom.config.publicURL) ? req.heirloom.config.publicBaseURL : nil,
            homeNetworkAddress: lan.address?.baseURL,
            homeNetworkNeedsSetting: lan.waitsForExplicitAddress,
            homeNetworkIsPlainBesideTLS: req.heirloom.config.usesTLS && lan.address != nil,
            gateway: try await TreasureChestPages.devicesSection(req))
        return try await Page.render(
            .devices, base: PageBase(request: req, title: "Connect a phone", nav: .settings), model, on: req)
    }

    /// A token is marked as used when it is made; a phone has used it once it is seen a little later.
    static func hasBeenUsed(_ token: AuthToken) -> Bool {
        guard let used = token.lastUsedAt, let created = token.createdAt else { return false }
        return used.timeIntervalSince(created) > 1
    }

    static func isLocalOnly(_ url: URL) -> Bool {
        let host = url.host?.lowercased() ?? ""
        return host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }
}
