import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Removing sales and lots")
struct SaleRemovalTests {
    @Test("a lot and then a sale are removed over the API; their items stay; viewers and other families change nothing")
    func overTheAPI() async throws {
        var options = TestOptions()
        options.allowSignup = true
        try await withApp(options) { app in
            // given a sale with two lots
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(
                role: "viewer", by: owner, name: "Cara Miller", email: "cara@example.com",
                password: "a third good password")
            let table = try await LiquidationAPITests.item(app, owner)
            let lamp = try await LiquidationAPITests.item(app, owner, name: "Brass lamp", value: nil)
            let sale = try await app.api(.POST, "/api/sales", token: owner.token, json: ["kind": "auction"])
            let saleID = try sale.decoded(Components.Schemas.Sale.self).id
            var lotIDs: [String] = []
            for item in [table, lamp] {
                let lot = try await app.api(
                    .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [item]])
                lotIDs.append(try lot.decoded(Components.Schemas.Lot.self).id)
            }
            let elsewhere = try await app.registerOtherHousehold()

            // when a viewer or another household tries, nothing changes
            #expect(try await app.api(.DELETE, "/api/lots/\(lotIDs[0])", token: viewer.token).status == .forbidden)
            #expect(try await app.api(.DELETE, "/api/sales/\(saleID)", token: viewer.token).status == .forbidden)
            #expect(try await app.api(.DELETE, "/api/lots/\(lotIDs[0])", token: elsewhere).status == .notFound)
            #expect(try await app.api(.DELETE, "/api/sales/\(saleID)", token: elsewhere).status == .notFound)
            #expect(try await Lot.query(on: app.db).count() == 2)

            // when the owner removes the first lot
            let removedLot = try await app.api(.DELETE, "/api/lots/\(lotIDs[0])", token: owner.token)
            #expect(removedLot.status == .noContent)
            // then the sale has one lot left, and the table can go in a lot again
            let lots = try await app.api(.GET, "/api/sales/\(saleID)/lots", token: owner.token)
            #expect(try lots.decoded(Components.Schemas.LotList.self).lots.map(\.id) == [lotIDs[1]])
            let again = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [table]])
            #expect(again.status == .created, "\(again.body.string)")

            // when the owner removes the sale
            #expect(try await app.api(.DELETE, "/api/sales/\(saleID)", token: owner.token).status == .noContent)
            // then the sale and its lots are gone, and both items are as they were
            #expect(try await app.api(.GET, "/api/sales/\(saleID)/lots", token: owner.token).status == .notFound)
            #expect(try await Lot.query(on: app.db).count() == 0)
            #expect(try await LotMember.query(on: app.db).count() == 0)
            for item in [table, lamp] {
                #expect(try await app.api(.GET, "/api/items/\(item)", token: owner.token).status == .ok)
            }
            #expect(try await app.api(.DELETE, "/api/sales/\(saleID)", token: owner.token).status == .notFound)
        }
    }

    @Test("on the pages: each removal asks first, says what stays, and ends where the family expects")
    func onThePages() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let table = try await LiquidationAPITests.item(app, owner)
            let sale = try await app.api(.POST, "/api/sales", token: owner.token, json: ["kind": "auction"])
            let saleID = try sale.decoded(Components.Schemas.Sale.self).id
            let lot = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [table]])
            let lotID = try lot.decoded(Components.Schemas.Lot.self).id
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])

            // the lot's page offers removal; the confirmation says the items stay
            #expect(try await browser.get("/lots/\(lotID)").body.string.contains("/lots/\(lotID)/delete"))
            let asked = try await browser.get("/lots/\(lotID)/delete")
            #expect(asked.status == .ok)
            #expect(asked.body.string.contains("The items in it stay exactly as they are"))
            let removed = try await browser.post("/lots/\(lotID)/delete", [:])
            #expect(removed.headers.first(name: .location) == "/sales/\(saleID)?done=lot-deleted")
            #expect(try await Lot.query(on: app.db).count() == 0)

            // and the sale's
            #expect(try await browser.get("/sales/\(saleID)").body.string.contains("/sales/\(saleID)/delete"))
            let gone = try await browser.post("/sales/\(saleID)/delete", [:])
            #expect(gone.headers.first(name: .location) == "/sales?done=sale-deleted")
            #expect(try await Sale.query(on: app.db).count() == 0)
            #expect(try await app.api(.GET, "/api/items/\(table)", token: owner.token).status == .ok)
        }
    }
}
