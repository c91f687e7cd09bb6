import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Deciding several things at once, from the list")
struct ItemDecisionAPITests {
    @Test("the same choice for several items, all or nothing; a refusal names the item; viewers and strangers stopped")
    func decideThroughTheAPI() async throws {
        try await withApp { app in
            // given three things, one promised to Sam
            let owner = try await app.setUpHub()
            let clock = try await app.item(["name": "Mantel clock"], token: owner.token)
            let chest = try await app.item(["name": "Tea chest"], token: owner.token)
            let ring = try await app.item(["name": "Ring"], token: owner.token)
            let sam = try await app.beneficiary(["name": "Sam"], token: owner.token)
            _ = try await app.api(
                .POST, "/api/items/\(ring.id)/beneficiaries", token: owner.token,
                json: ["beneficiaryId": sam.id, "accessPermission": "immediate"])
            func value(_ id: String) async throws -> Components.Schemas.DispositionValue {
                try await app.api(.GET, "/api/items/\(id)", token: owner.token).decoded(Components.Schemas.Item.self)
                    .disposition.value
            }

            // when the clock and the chest are both given away at once (the clock named twice)
            let decided = try await app.api(
                .POST, "/api/items/disposition", token: owner.token,
                json: ["itemIds": [clock.id, chest.id, clock.id], "disposition": ["value": "donate"]])
            // then both are to be donated, in the order named, once each
            #expect(decided.status == .ok, "\(decided.body.string)")
            let items = try decided.decoded(Components.Schemas.DecidedItems.self).items
            #expect(items.map(\.id) == [clock.id, chest.id])
            #expect(items.allSatisfy { $0.disposition.value == .donate && $0.disposition.status == .notStarted })

            // when one of the things cannot take the choice: nothing changes, and the refusal names it
            let legacy = try await app.api(
                .POST, "/api/items/disposition", token: owner.token,
                json: ["itemIds": [ring.id, clock.id], "disposition": ["value": "keep"]])
            #expect(legacy.status == .ok, "keep suits a promised ring too: \(legacy.body.string)")
            let refused = try await app.api(
                .POST, "/api/items/disposition", token: owner.token,
                json: ["itemIds": [clock.id, chest.id], "disposition": ["value": "legacy"]])
            #expect(refused.status == .unprocessableEntity)
            #expect(try refused.apiError.field == "disposition.value")
            #expect(try refused.apiError.message.hasPrefix("Mantel clock: "), "\(refused.body.string)")
            #expect(try await value(clock.id) == .keep)
            #expect(try await value(chest.id) == .donate)

            // and none, or too many, are 422 naming itemIds
            for (body, field) in [
                (["itemIds": [String](), "disposition": ["value": "sell"]] as [String: any Sendable], "itemIds"),
                (["itemIds": (0...200).map { _ in UUID().uuidString }, "disposition": ["value": "sell"]], "itemIds"),
            ] {
                let bad = try await app.api(.POST, "/api/items/disposition", token: owner.token, json: body)
                #expect(bad.status == .unprocessableEntity, "\(bad.body.string)")
                #expect(try bad.apiError.field == field)
            }
            // (a choice that is not one of the list is not a DispositionValue: 400, as everywhere in the API)
            let unknown = try await app.api(
                .POST, "/api/items/disposition", token: owner.token,
                json: ["itemIds": [chest.id], "disposition": ["value": "burn"]])
            #expect(unknown.status == .badRequest)
            #expect(try await value(chest.id) == .donate)

            // and another household's item is a 404, changing nothing
            let other = try await MemoryAPITests.otherHouseholdToken(app)
            let theirs = try await app.item(["name": "Their vase"], token: other)
            let stranger = try await app.api(
                .POST, "/api/items/disposition", token: owner.token,
                json: ["itemIds": [chest.id, theirs.id], "disposition": ["value": "sell"]])
            #expect(stranger.status == .notFound)
            #expect(try await value(chest.id) == .donate)

            // and a viewer may not decide
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let forbidden = try await app.api(
                .POST, "/api/items/disposition", token: viewer.token,
                json: ["itemIds": [chest.id], "disposition": ["value": "sell"]])
            #expect(forbidden.status == .forbidden)
        }
    }

    @Test("on the page: tick, choose, save; both mistakes shown at once, the ticks kept; the list of undecided shrinks")
    func decideOnThePage() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let clock = try await app.item(["name": "Mantel clock"], token: owner.token)
            let chest = try await app.item(["name": "Tea chest"], token: owner.token)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.get("/items/decide")
            #expect(page.status == .ok)
            #expect(page.body.string.contains("Mantel clock") && page.body.string.contains("Tea chest"))
            #expect(try await browser.get("/items").body.string.contains("href=\"/items/decide\""))

            // when nothing is ticked and nothing chosen: both said at once
            let empty = try await browser.post("/items/decide", pairs: [])
            #expect(empty.status == .unprocessableEntity)
            #expect(empty.body.string.contains("Please tick the things this is for."))
            #expect(empty.body.string.contains("Please choose what happens to them."))
            // when the chest is ticked but no choice made: the tick is kept
            let half = try await browser.post("/items/decide", pairs: [("itemIds[]", chest.id)])
            #expect(half.status == .unprocessableEntity)
            #expect(half.body.string.contains("value=\"\(chest.id)\" checked"))

            // when both are ticked and "Sell" chosen
            let saved = try await browser.post(
                "/items/decide", pairs: [("itemIds[]", clock.id), ("itemIds[]", chest.id), ("value", "sell")])
            #expect(saved.status == .seeOther)
            #expect(saved.headers.first(name: .location) == "/items/decide?done=decisions-saved")
            // then both are to be sold, and the list of undecided things says all is decided
            let after = try await browser.get("/items/decide")
            #expect(after.body.string.contains("Everything has been decided."))
            let all = try await browser.get("/items/decide?show=all")
            #expect(all.body.string.contains("now: Sell"))

            // and a viewer is not offered the page
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let theirs = WebSession(app: app)
            _ = try await theirs.post("/login", ["email": viewer.email, "password": viewer.password])
            #expect(try await theirs.get("/items/decide").status == .forbidden)
            #expect(!(try await theirs.get("/items").body.string.contains("/items/decide")))
        }
    }
}
