import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Downsizing pages")
struct DownsizingWebTests {
    @Test("the trusted contact's page shows nothing of the household's things or money: no sale, lot, item or total")
    func executorSeesNoThings() async throws {
        try await withApp { app in
            // given a sale with a lot that is prepared, and an executor
            let owner = try await app.setUpHub()
            let item = try await LiquidationAPITests.item(app, owner, name: "Oak dining table")
            let sale = try await app.api(
                .POST, "/api/sales", token: owner.token, json: ["kind": "estateSale", "venue": "12 Elm Street"])
            let saleID = try sale.decoded(Components.Schemas.Sale.self).id
            let lot = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [item]])
            let lotID = try lot.decoded(Components.Schemas.Lot.self).id
            _ = try await app.api(.PATCH, "/api/lots/\(lotID)", token: owner.token, json: ["prepared": true])
            _ = try await app.api(
                .POST, "/api/estate/executors", token: owner.token,
                json: ["name": "Mary Jones", "email": "mary@example.com"])
            let link = try await app.linkToken(for: "mary@example.com")

            // when the executor opens their page from the emailed link
            let browser = WebSession(app: app)
            let signedIn = try await browser.get("/executor/\(link)")
            #expect(signedIn.status == .seeOther || signedIn.status == .found)
            let page = try await browser.get("/executor")

            // then it shows the estate's state, and nothing of the sale, the lot, the item or their worth
            let html = page.body.string
            #expect(page.status == .ok)
            #expect(html.contains("Mary Jones"))
            for secret in [
                "12 Elm Street", "Oak dining table", "Lot 1", "/lots/\(lotID)", "at a glance", "$", "pieces",
            ] {
                #expect(!html.contains(secret), "the trusted contact's page shows \(secret)")
            }
            // and, the holder being the only owner and Mary the only trusted contact, it does not send her to herself
            #expect(!html.contains("mary@example.com"))
            #expect(html.contains("If you have questions, please speak to the family."))
        }
    }

    @Test("a viewer shown values reads a brief, sales and lots but is offered no form to change them")
    func viewerReads() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            // (kept from values, a viewer is told these pages do not exist: ItemValuesForViewersTests)
            _ = try await app.api(.PATCH, "/api/household", token: owner.token, json: ["showValuesToViewers": true])
            let item = try await LiquidationAPITests.item(app, owner, name: "Oak dining table")
            _ = try await app.api(.POST, "/api/items/\(item)/liquidation/brief", token: owner.token, json: [:])
            let sale = try await app.api(.POST, "/api/sales", token: owner.token, json: ["kind": "auction"])
            let saleID = try sale.decoded(Components.Schemas.Sale.self).id
            let lot = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [item]])
            let lotID = try lot.decoded(Components.Schemas.Lot.self).id

            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": viewer.email, "password": viewer.password])
            for path in ["/items/\(item)/liquidation", "/sales", "/sales/\(saleID)", "/lots/\(lotID)"] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(!page.body.string.contains("method=\"post\" action=\"/items"), "\(path)")
                #expect(!page.body.string.contains("method=\"post\" action=\"/sales"), "\(path)")
                #expect(!page.body.string.contains("method=\"post\" action=\"/lots"), "\(path)")
            }
            #expect(try await browser.get("/items/\(item)/liquidation").body.string.contains("Rule-based advice"))
            let refused = try await browser.post("/lots/\(lotID)", ["step": "prepared", "done": "true"])
            #expect(refused.status == .forbidden)
        }
    }
}
