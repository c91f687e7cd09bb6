import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A promised heirloom (left to someone, or kept) is never in a sale, whichever way it gets there.
@Suite("Promised things stay out of sales")
struct PromisedThingsTests {
    /// Leaves `item` to a new beneficiary called `name`; returns the link's answer.
    static func leave(_ item: String, to name: String, _ app: Application, _ owner: Member) async throws
        -> Components.Schemas.BeneficiaryLink
    {
        let person = try await app.api(.POST, "/api/beneficiaries", token: owner.token, json: ["name": name])
        let personID = try person.decoded(Components.Schemas.Beneficiary.self).id
        let link = try await app.api(
            .POST, "/api/items/\(item)/beneficiaries", token: owner.token, json: ["beneficiaryId": personID])
        #expect(link.status == .created, "\(link.body.string)")
        return try link.decoded(Components.Schemas.BeneficiaryLink.self)
    }

    static func sale(_ app: Application, _ owner: Member) async throws -> String {
        let sale = try await app.api(.POST, "/api/sales", token: owner.token, json: ["kind": "estateSale"])
        return try sale.decoded(Components.Schemas.Sale.self).id
    }

    @Test("everything undecided: the preview lists what goes in and what stays out and why; the POST adds exactly that")
    func fromUndecided() async throws {
        try await withApp { app in
            // given pearls left to Lily, a kept ring, a lamp to sell, and a jewellery box holding a locket left to Tom
            let owner = try await app.setUpHub()
            let pearls = try await LiquidationAPITests.item(app, owner, name: "Pearls", value: "300")
            let ring = try await LiquidationAPITests.item(app, owner, name: "Ring", value: "900")
            let lamp = try await LiquidationAPITests.item(app, owner, name: "Brass lamp", value: "40")
            let locket = try await LiquidationAPITests.item(app, owner, name: "Locket", value: "80")
            let box = try await app.makeSet("Jewellery box", items: [locket], owner: owner)
            _ = try await Self.leave(pearls, to: "Lily", app, owner)
            _ = try await Self.leave(locket, to: "Tom", app, owner)
            _ = try await app.api(
                .PATCH, "/api/items/\(ring)", token: owner.token, json: ["disposition": ["value": "keep"]])
            _ = try await app.api(
                .PATCH, "/api/items/\(lamp)", token: owner.token, json: ["disposition": ["value": "sell"]])

            // when the owner asks what would be added
            let asked = try await app.api(.GET, "/api/sales/from-undecided", token: owner.token)
            #expect(asked.status == .ok, "\(asked.body.string)")
            let preview = try asked.decoded(Components.Schemas.UndecidedPreview.self)

            // then only the lamp goes in; the pearls, the ring, the locket and its box stay out, each with its reason
            #expect(preview.adds.map(\.title) == ["Brass lamp"])
            let reasons = Dictionary(uniqueKeysWithValues: preview.leftOut.map { ($0.title, $0.reason) })
            #expect(reasons["Pearls"] == "Left to Lily")
            #expect(reasons["Ring"] == "Marked to keep")
            #expect(reasons["Locket"] == "Left to Tom")
            #expect(reasons["Jewellery box"] == "Holds Locket, which is left to Tom")
            #expect(preview.leftOut.first { $0.title == "Jewellery box" }?.id == box)
            #expect(try await Sale.query(on: app.db).count() == 0)

            // and the POST adds exactly what the preview showed
            let made = try await app.api(
                .POST, "/api/sales/from-undecided", token: owner.token, json: ["kind": "estateSale"])
            #expect(made.status == .created, "\(made.body.string)")
            let lots = try made.decoded(Components.Schemas.SaleWithLots.self).lots
            #expect(lots.flatMap(\.members).map(\.title) == ["Brass lamp"])

            // and on the web the same preview comes first, with one button to confirm
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.post("/sales/from-undecided", ["kind": "auction"])
            #expect(page.status == .ok)
            #expect(page.body.string.contains("Left to Lily"))
            #expect(page.body.string.contains("There is nothing undecided to add"))
            #expect(try await Sale.query(on: app.db).count() == 1)
        }
    }

    @Test("a promised item, or a set holding one, is refused a lot with 409 promised; nothing changes")
    func refusedInLot() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let pearls = try await LiquidationAPITests.item(app, owner, name: "Pearls", value: "300")
            let box = try await app.makeSet("Jewellery box", items: [pearls], owner: owner)
            _ = try await Self.leave(pearls, to: "Lily", app, owner)
            let saleID = try await Self.sale(app, owner)

            // when the pearls are put in a lot through the API
            let refused = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [pearls]])

            // then it is refused, naming Lily, and no lot is made
            #expect(refused.status == .conflict)
            #expect(try refused.apiError.code == "promised")
            #expect(
                try refused.apiError.message
                    == "Pearls is left to Lily; it cannot be sold. Remove Lily first, or choose something else.")
            let set = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["setIds": [box]])
            #expect(set.status == .conflict)
            #expect(try set.apiError.message.contains("The set Jewellery box holds Pearls, which is left to Lily"))
            #expect(try await Lot.query(on: app.db).count() == 0)

            // and the web page shows the same reason
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.post("/sales/\(saleID)/lots", ["itemId": pearls])
            #expect(page.status == .conflict)
            #expect(page.body.string.contains("Pearls is left to Lily; it cannot be sold."))
            #expect(try await Lot.query(on: app.db).count() == 0)
        }
    }

    @Test("designating an item already in a lot takes it out, and the owner and the sale are told")
    func designatedAfterward() async throws {
        try await withApp { app in
            // given the pearls and a ring each in a lot
            let owner = try await app.setUpHub()
            let pearls = try await LiquidationAPITests.item(app, owner, name: "Pearls", value: "300")
            let ring = try await LiquidationAPITests.item(app, owner, name: "Ring", value: "900")
            let saleID = try await Self.sale(app, owner)
            for item in [pearls, ring] {
                _ = try await app.api(.POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [item]])
            }

            // when the pearls are left to Lily through the API
            let link = try await Self.leave(pearls, to: "Lily", app, owner)

            // then they leave lot 1 in the same step, and the answer and the lot say why
            #expect(link.takenOutOfLots == ["Pearls was taken out of lot 1 because it is left to Lily."])
            let lots = try await app.api(.GET, "/api/sales/\(saleID)/lots", token: owner.token)
                .decoded(Components.Schemas.LotList.self).lots
            #expect(lots[0].members.isEmpty)
            #expect(lots[0].notices == ["Pearls was taken out of lot 1 because it is left to Lily."])

            // when the ring is marked to keep on its web page
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let saved = try await browser.post("/items/\(ring)/disposition", ["value": "keep", "status": "notStarted"])

            // then it leaves lot 2, the page says so, and so does the sale's page
            let location = saved.headers.first(name: .location) ?? ""
            #expect(location.contains("done=taken-out-of-sale"), "\(location)")
            #expect(try await LotMember.query(on: app.db).count() == 0)
            let sale = try await browser.get("/sales/\(saleID)").body.string
            #expect(sale.contains("Ring was taken out of lot 2 because it is marked to keep."))
            #expect(sale.contains("Pearls was taken out of lot 1 because it is left to Lily."))
        }
    }

    @Test("a promised thing, or a set holding one, is never recorded as sold: 409 promised, nothing changes")
    func neverRecordedSold() async throws {
        try await withApp { app in
            // given pearls left to Lily but marked to sell, and a box to sell holding a locket left to Tom
            let owner = try await app.setUpHub()
            let pearls = try await LiquidationAPITests.item(app, owner, name: "Pearls", value: "300")
            let locket = try await LiquidationAPITests.item(app, owner, name: "Locket", value: "80")
            let box = try await app.makeSet("Jewellery box", items: [locket], owner: owner)
            _ = try await Self.leave(pearls, to: "Lily", app, owner)
            _ = try await Self.leave(locket, to: "Tom", app, owner)
            let marked = try await app.api(
                .PATCH, "/api/items/\(pearls)", token: owner.token, json: ["disposition": ["value": "sell"]])
            #expect(marked.status == .ok, "\(marked.body.string)")
            // when the family records them sold
            let sold = try await app.api(
                .PATCH, "/api/items/\(pearls)", token: owner.token,
                json: ["disposition": ["value": "sell", "status": "done", "amount": "250"]])
            let boxSold = try await app.api(
                .PATCH, "/api/sets/\(box)", token: owner.token,
                json: ["disposition": ["value": "sell", "status": "done", "amount": "100"]])
            // then both are refused, naming the person, and nothing changed
            #expect(sold.status == .conflict)
            #expect(try sold.apiError.code == "promised")
            #expect(try sold.apiError.message.contains("Lily"))
            #expect(boxSold.status == .conflict)
            #expect(try boxSold.apiError.message.contains("Tom"))
            let item = try await app.api(.GET, "/api/items/\(pearls)", token: owner.token)
            #expect(try item.decoded(Components.Schemas.Item.self).disposition.status != .done)
        }
    }
}
