import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// One rule for what becomes promised while it is in a lot, on its own or through its set: it is taken out, and the
/// owner and the sale are told why.
@Suite("Promised through a set: taken out like a thing on its own")
struct PromisedThroughSetTests {
    @Test("a thing on its own and a set holding one are both taken out of their lots, and both told")
    func sameRuleBothWays() async throws {
        try await withApp { app in
            // given a ring in lot 1, and a jewellery box with the pearls and a brooch in lot 2, which is ready
            let owner = try await app.setUpHub()
            let ring = try await LiquidationAPITests.item(app, owner, name: "Ring", value: "900")
            let pearls = try await LiquidationAPITests.item(app, owner, name: "Pearls", value: "300")
            let brooch = try await LiquidationAPITests.item(app, owner, name: "Brooch", value: "30")
            let box = try await app.makeSet("Jewellery box", items: [pearls, brooch], owner: owner)
            let saleID = try await PromisedThingsTests.sale(app, owner)
            _ = try await app.api(.POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [ring]])
            let lot = try await app.api(.POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["setIds": [box]])
            let lotID = try lot.decoded(Components.Schemas.Lot.self).id
            let all = ["prepared": true, "documented": true, "staged": true, "ready": true]
            _ = try await app.api(.PATCH, "/api/lots/\(lotID)", token: owner.token, json: all)

            // when the ring is left to Tom, and the pearls to Lily
            let ringLink = try await PromisedThingsTests.leave(ring, to: "Tom", app, owner)
            let pearlsLink = try await PromisedThingsTests.leave(pearls, to: "Lily", app, owner)

            // then each leaves its lot in the same step, and the answer says why, the same way
            #expect(ringLink.takenOutOfLots == ["Ring was taken out of lot 1 because it is left to Tom."])
            let boxLine = "The set Jewellery box was taken out of lot 2 because it holds Pearls, which is left to Lily."
            #expect(pearlsLink.takenOutOfLots == [boxLine])
            let lots = try await app.api(.GET, "/api/sales/\(saleID)/lots", token: owner.token)
                .decoded(Components.Schemas.LotList.self).lots
            #expect(lots.map(\.members.isEmpty) == [true, true])
            #expect(lots[1].notices == [boxLine])
            #expect(lots[1].problems == nil)
            // and the set itself is as it was
            #expect(try await ItemSetMember.query(on: app.db).filter(\.$set.$id == UUID(uuidString: box)!).count() == 2)

            // and the sale's page says so
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let sale = try await browser.get("/sales/\(saleID)").body.string
            #expect(sale.contains(boxLine))
            #expect(sale.contains("Ring was taken out of lot 1 because it is left to Tom."))
            // and the box is not offered for a lot while it holds the pearls
            #expect(!(try LotChoicesTests.options(sale).map(\.name).contains("Jewellery box")))

            // when the family keeps the pearls for Lily, taking them out of the set
            _ = try await browser.post("/sets/\(box)/members/\(pearls)/remove", [:])

            // then the box is offered again and goes in a lot
            let again = try await browser.get("/sales/\(saleID)").body.string
            #expect(try LotChoicesTests.options(again).map(\.name).contains("Jewellery box"))
            let added = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["setIds": [box]])
            #expect(added.status == .created, "\(added.body.string)")
        }
    }

    @Test("a promised item put in a set that is in a lot takes the set out, and the answer on the web says so")
    func promisedItemJoinsSet() async throws {
        try await withApp { app in
            // given a jewellery box with a brooch in a lot, and pearls left to Lily
            let owner = try await app.setUpHub()
            let pearls = try await LiquidationAPITests.item(app, owner, name: "Pearls", value: "300")
            let brooch = try await LiquidationAPITests.item(app, owner, name: "Brooch", value: "30")
            let box = try await app.makeSet("Jewellery box", items: [brooch], owner: owner)
            let saleID = try await PromisedThingsTests.sale(app, owner)
            _ = try await app.api(.POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["setIds": [box]])
            _ = try await PromisedThingsTests.leave(pearls, to: "Lily", app, owner)

            // when the pearls are put in the box
            let members: [[String: any Sendable]] = [
                ["itemId": brooch, "quantity": 1], ["itemId": pearls, "quantity": 1],
            ]
            let changed = try await app.api(
                .PATCH, "/api/sets/\(box)", token: owner.token, json: ["members": members])
            #expect(changed.status == .ok, "\(changed.body.string)")

            // then the box has left its lot, and the sale keeps the line
            #expect(try await LotMember.query(on: app.db).count() == 0)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            #expect(
                try await browser.get("/sales/\(saleID)").body.string.contains(
                    "The set Jewellery box was taken out of lot 1 because it holds Pearls, which is left to Lily."))
        }
    }

    @Test("GET /api/sets/{id} names a promised piece of a set to be sold, as the set's page does; viewers see none")
    func setAnswerNamesThePromisedPiece() async throws {
        try await withApp { app in
            // given a jewellery box marked to sell, holding the pearls left to Lily
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let pearls = try await LiquidationAPITests.item(app, owner, name: "Pearls", value: "300")
            let brooch = try await LiquidationAPITests.item(app, owner, name: "Brooch", value: "30")
            let box = try await app.makeSet("Jewellery box", items: [pearls, brooch], owner: owner)
            let link = try await PromisedThingsTests.leave(pearls, to: "Lily", app, owner)
            let marked = try await app.api(
                .PATCH, "/api/sets/\(box)", token: owner.token, json: ["disposition": ["value": "sell"]])
            #expect(marked.status == .ok, "\(marked.body.string)")

            // when the owner asks for the set
            let set = try await app.api(.GET, "/api/sets/\(box)", token: owner.token)
                .decoded(Components.Schemas.ItemSet.self)

            // then the answer names the pearls, why, and in the page's words
            let message =
                "Pearls is left to Lily, but the set Jewellery box is to be sold. Both cannot happen. Which wins?"
            #expect(
                set.conflicts == [
                    .init(
                        itemId: pearls, name: "Pearls", promise: "left to Lily", beneficiaries: ["Lily"],
                        message: message)
                ])
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.get("/sets/\(box)").body.string
            #expect(page.contains(message))
            #expect(page.contains("/items/\(pearls)/beneficiaries/\(link.id)/delete"))

            // and a viewer, who does not see beneficiaries, is not told
            let seen = try await app.api(.GET, "/api/sets/\(box)", token: viewer.token)
                .decoded(Components.Schemas.ItemSet.self)
            #expect(seen.conflicts == nil)
        }
    }
}
