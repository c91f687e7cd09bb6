import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Pairing a phone")
struct PairingTests {
    @Test("The QR code, read by a QR reader, holds settings that connect, until the token is revoked")
    func qrCodeConnects() async throws {
        try await withApp(TestOptions(publicURL: "http://192.168.1.20:8080")) { app in
            // given
            let owner = try await app.setUpHub()

            // when
            let paired = try await app.api(
                .POST, "/api/devices/pairing", token: owner.token, json: ["name": "Grandma's iPhone"])

            // then
            #expect(paired.status == .created, "\(paired.body.string)")
            let svg = try paired.decoded(Components.Schemas.Pairing.self).qrSvg
            let text = try await Self.decodeQR(svg)
            let settings = try JSONDecoder().decode(Components.Schemas.PairingSettings.self, from: Data(text.utf8))
            #expect(settings.serverURL == "http://192.168.1.20:8080")
            #expect(settings.host == "192.168.1.20")
            #expect(settings.port == 8080)
            #expect(settings.hubName == "The Miller Family")
            #expect(try await app.api(.GET, "/api/health").status == .ok)
            #expect(try await app.api(.GET, "/api/me", token: settings.token).status == .ok)

            let tokens = try await app.api(.GET, "/api/auth/tokens", token: owner.token)
            let list = try tokens.decoded(Components.Schemas.TokenList.self).tokens
            let names = list.map(\.name)
            let kinds = list.map(\.kind.rawValue)
            let index = try #require(names.firstIndex(of: "Grandma's iPhone"))
            #expect(kinds[index] == "device")
            #expect(!tokens.body.string.contains(settings.token), "the secret is shown only once")
            let tokenID = try paired.decoded(Components.Schemas.Pairing.self).tokenId
            #expect(try await app.api(.DELETE, "/api/auth/tokens/\(tokenID)", token: owner.token).status == .noContent)
            #expect(try await app.api(.GET, "/api/me", token: settings.token).status == .unauthorized)
        }
    }

    @Test("Behind https, the page says what plain http exposes, and opens no home-network address unless asked")
    func plainHTTPBesideTLS() async throws {
        // given a hub reached over https whose home-network address was set
        try await withApp(TestOptions(publicURL: "https://hub.example")) { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            // when the owner opens Connect a phone, then the page says what travels in clear text
            let page = try await browser.get("/settings/devices").body.string
            #expect(page.contains("data-plain-http"))
            #expect(page.contains("anyone on the same Wi-Fi could read the phone’s token"))
        }
        // given the same hub without an address set
        var options = TestOptions(publicURL: "https://hub.example")
        options.extraEnvironment["HEIRLOOM_LAN_ADDRESS"] = ""
        try await withApp(options) { app in
            let owner = try await app.setUpHub()
            // then none was looked for: the code names no home-network address, and the page says why
            #expect(app.hub.lan.address == nil)
            let paired = try await app.api(.POST, "/api/devices/pairing", token: owner.token, json: [:])
            #expect(!(try paired.decoded(Components.Schemas.Pairing.self).qrText.contains("serverIP")))
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.get("/settings/devices").body.string
            #expect(page.contains("that address has not been switched on") && !page.contains("HEIRLOOM_"))
            let setup = try await browser.get("/settings/hub").body.string
            #expect(setup.contains("none was opened by itself") && setup.contains("HEIRLOOM_LAN_ADDRESS"))
            #expect(!page.contains("data-plain-http"))
        }
    }

    /// Draws the SVG as a PNG with libvips and reads it with zbarimg, as a phone's camera would.
    static func decodeQR(_ svg: String) async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgFile = directory.appendingPathComponent("code.svg")
        let pngFile = directory.appendingPathComponent("code.png")
        try Data(svg.utf8).write(to: svgFile)
        let drawn = try await ExternalTool.run("vips", ["svgload", svgFile.path, pngFile.path, "--scale", "8"])
        #expect(drawn.status == 0, "\(drawn.errorOutput)")
        let read = try await ExternalTool.run(
            "zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", pngFile.path])
        #expect(read.status == 0, "\(read.errorOutput)")
        return String(decoding: read.output, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
