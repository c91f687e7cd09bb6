import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A lot can be emptied, its things taken out and the lot kept, over the API and on its page.
@Suite("Emptying a lot")
struct LotEmptyingTests {
    @Test("over the API: the lot keeps its number, title, place and price; its things stay; others change nothing")
    func overTheAPI() async throws {
        var options = TestOptions()
        options.allowSignup = true
        try await withApp(options) { app in
            // given a lot holding a table and the china set
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let table = try await LiquidationAPITests.item(app, owner)
            let plate = try await LiquidationAPITests.item(app, owner, name: "Plate", value: "5")
            let china = try await app.makeSet("China", items: [plate], owner: owner)
            let saleID = try await PromisedThingsTests.sale(app, owner)
            let made = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token,
                json: [
                    "itemIds": [table], "setIds": [china], "title": "Dining room", "room": "Hall",
                    "targetPrice": "950",
                ])
            let lotID = try made.decoded(Components.Schemas.Lot.self).id
            let elsewhere = try await app.registerOtherHousehold()

            // when a viewer or another household tries, nothing changes
            #expect(try await app.api(.DELETE, "/api/lots/\(lotID)/members", token: viewer.token).status == .forbidden)
            #expect(try await app.api(.DELETE, "/api/lots/\(lotID)/members", token: elsewhere).status == .notFound)
            #expect(try await LotMember.query(on: app.db).count() == 2)

            // when the owner empties the lot
            let emptied = try await app.api(.DELETE, "/api/lots/\(lotID)/members", token: owner.token)

            // then the lot stays, as it was but for its things
            #expect(emptied.status == .ok, "\(emptied.body.string)")
            let lot = try emptied.decoded(Components.Schemas.Lot.self)
            #expect(lot.members.isEmpty)
            #expect(lot.lotNumber == 1 && lot.title == "Dining room" && lot.room == "Hall")
            #expect(lot.targetPrice == "950.00")
            #expect(try await Lot.query(on: app.db).count() == 1)
            // and its things are as they were, free to go in another lot
            #expect(try await app.api(.GET, "/api/items/\(table)", token: owner.token).status == .ok)
            #expect(try await ItemSetMember.query(on: app.db).count() == 1)
            let again = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [table], "setIds": [china]])
            #expect(again.status == .created, "\(again.body.string)")
            #expect(try await app.api(.DELETE, "/api/lots/\(UUID())/members", token: owner.token).status == .notFound)
        }
    }

    @Test("on the lot's page: it asks first, names what goes, and the lot stays with nothing in it")
    func onThePage() async throws {
        try await withApp { app in
            // given a lot holding a table
            let owner = try await app.setUpHub()
            let table = try await LiquidationAPITests.item(app, owner)
            let saleID = try await PromisedThingsTests.sale(app, owner)
            let made = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [table]])
            let lotID = try made.decoded(Components.Schemas.Lot.self).id
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])

            // when the owner chooses "Take everything out of this lot…" on its page
            #expect(try await browser.get("/lots/\(lotID)").body.string.contains("/lots/\(lotID)/empty"))
            let asked = try await browser.get("/lots/\(lotID)/empty")

            // then the question names the table and says the lot stays
            #expect(asked.status == .ok)
            #expect(asked.body.string.contains("This takes Oak dining table out of the lot."))
            #expect(asked.body.string.contains("The lot stays in the sale"))
            #expect(try await LotMember.query(on: app.db).count() == 1)

            // when they confirm
            let emptied = try await browser.post("/lots/\(lotID)/empty", [:])

            // then they are back on the lot's page, which is empty and no longer offers to empty it
            #expect(emptied.headers.first(name: .location) == "/lots/\(lotID)?done=lot-emptied")
            let page = try await browser.get("/lots/\(lotID)?done=lot-emptied").body.string
            #expect(page.contains("The lot is empty now."))
            #expect(page.contains("Nothing is in this lot now."))
            #expect(!page.contains("/lots/\(lotID)/empty"))
            #expect(try await LotMember.query(on: app.db).count() == 0)
            #expect(try await Lot.query(on: app.db).count() == 1)
        }
    }
}
