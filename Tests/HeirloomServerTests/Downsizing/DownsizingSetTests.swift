import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

extension Application {
    /// A set of the owner's household holding the items (made in the database: the sets API is another part).
    func makeSet(_ name: String, items: [String], owner: Member, quantity: Int = 1) async throws -> String {
        let set = ItemSet()
        set.$household.id = try #require(UUID(uuidString: owner.householdID))
        set.name = name
        set.setType = ItemSetType.tableware.rawValue
        set.story = "Given at the wedding in 1958."
        set.sellTogether = true
        set.currencyCode = "USD"
        set.disposition = Disposition(value: .undecided, status: .notStarted, note: "", amount: nil)
        try await set.create(on: db)
        for item in items {
            try await ItemSetMember(
                setID: try set.requireID(), itemID: try #require(UUID(uuidString: item)), quantity: quantity
            ).create(on: db)
        }
        return try set.requireID().uuidString
    }
}

@Suite("Downsizing with sets")
struct DownsizingSetTests {
    @Test("a set's brief reads its members, its plan is ticked to done, and the set's disposition follows")
    func setBriefToDone() async throws {
        try await withApp { app in
            // given a set of two plates worth 40 each, twelve of each
            let owner = try await app.setUpHub()
            let plates = try await LiquidationAPITests.item(app, owner, name: "Dinner plates", value: "40")
            let cups = try await LiquidationAPITests.item(app, owner, name: "Tea cups", value: "40")
            let setID = try await app.makeSet("The good china", items: [plates, cups], owner: owner, quantity: 12)
            let path = "/api/sets/\(setID)/liquidation"

            // when a brief is made, then it is about the set and values its members
            let made = try await app.api(.POST, "\(path)/brief", token: owner.token, json: [:])
            #expect(made.status == .created, "\(made.body.string)")
            let brief = try LiquidationAPITests.decode(made)
            #expect(brief.subject.kind == .set && brief.subject.title == "The good china")
            // 2 × 12 × $40 = $960: a consignment shop earns its fee
            #expect(brief.brief.recommendedPath == .pathBDelegateConsign)

            // when a path is chosen and every step ticked
            let planned = try LiquidationAPITests.decode(
                try await app.api(
                    .POST, "\(path)/plan", token: owner.token, json: ["chosenPath": "pathB_delegateConsign"]))
            let steps = try #require(planned.plan?.steps)
            for step in steps {
                let ticked = try await app.api(
                    .PATCH, "\(path)/plan/steps/\(step.id)", token: owner.token, json: ["done": true])
                #expect(ticked.status == .ok)
            }

            // then the plan is done and so is the set's disposition, consigned
            let done = try LiquidationAPITests.decode(try await app.api(.GET, "\(path)/brief", token: owner.token))
            #expect(done.plan?.done == true)
            let set = try #require(try await ItemSet.find(UUID(uuidString: setID), on: app.db))
            #expect(set.disposition.value == .consign && set.disposition.status == .done)

            // an unknown set is not found
            #expect(
                try await app.api(.GET, "/api/sets/\(UUID())/liquidation/brief", token: owner.token).status
                    == .notFound)
            // deleting the set deletes its brief
            try await set.delete(on: app.db)
            #expect(try await StoredBrief.query(on: app.db).count() == 0)
        }
    }

    @Test("everything undecided into a new sale: items and sets in no lot, one lot each, a set's items with it")
    func fromUndecided() async throws {
        try await withApp { app in
            // given undecided items, two of them in an undecided set, one already decided, one already in a lot
            let owner = try await app.setUpHub()
            let lamp = try await LiquidationAPITests.item(app, owner, name: "Brass lamp", value: "40")
            let plates = try await LiquidationAPITests.item(app, owner, name: "Dinner plates", value: "10")
            let cups = try await LiquidationAPITests.item(app, owner, name: "Tea cups", value: "5")
            let kept = try await LiquidationAPITests.item(app, owner, name: "Wedding ring", value: "900")
            let inLot = try await LiquidationAPITests.item(app, owner, name: "Mirror", value: "60")
            let setID = try await app.makeSet("The good china", items: [plates, cups], owner: owner)
            let ring = try #require(try await Item.find(UUID(uuidString: kept), on: app.db))
            ring.disposition = Disposition(value: .keep, status: .notStarted, note: "", amount: nil)
            try await ring.save(on: app.db)
            let first = try await app.api(.POST, "/api/sales", token: owner.token, json: ["kind": "auction"])
            let firstID = try first.decoded(Components.Schemas.Sale.self).id
            _ = try await app.api(.POST, "/api/sales/\(firstID)/lots", token: owner.token, json: ["itemIds": [inLot]])

            // when everything undecided goes into a new estate sale
            let made = try await app.api(
                .POST, "/api/sales/from-undecided", token: owner.token,
                json: ["kind": "estateSale", "date": "2026-12-05", "venue": "12 Elm Street"])
            #expect(made.status == .created, "\(made.body.string)")
            let body = try made.decoded(Components.Schemas.SaleWithLots.self)
            let lots = body.lots

            // then the lamp and the set each have a lot, with the lamp's value as its target price
            #expect(lots.map(\.title) == ["Brass lamp", "The good china"])
            #expect(lots.map(\.lotNumber) == [1, 2])
            #expect(lots[0].targetPrice == "40.00")
            #expect(lots[0].members.map(\.id) == [lamp])
            let members = lots[1].members
            #expect(members.first?.kind == .set && members.first?.id == setID)
            #expect(body.sale.lotCount == 2)

            // and doing it again finds nothing left
            let again = try await app.api(
                .POST, "/api/sales/from-undecided", token: owner.token, json: ["kind": "estateSale"])
            #expect(again.status == .conflict)

            // a set in a lot is refused in another, and the estate summary counts the lots not ready
            let saleID = body.sale.id
            let twice = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["setIds": [setID]])
            #expect(twice.status == .conflict)
            let household = try #require(UUID(uuidString: owner.householdID))
            #expect(try await DownsizingSummaryService(db: app.db).lotsNotReady(householdID: household) == 3)
            let lotID = lots[0].id
            _ = try await app.api(
                .PATCH, "/api/lots/\(lotID)", token: owner.token,
                json: ["prepared": true, "documented": true, "staged": true, "ready": true])
            #expect(try await DownsizingSummaryService(db: app.db).lotsNotReady(householdID: household) == 2)
        }
    }
}
