import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("What things are worth, for viewers")
struct ItemValuesForViewersTests {
    /// An owner, her granddaughter (a viewer), and a clock worth $1,200 bought for $300.
    static func household(_ app: Application) async throws -> (owner: Member, viewer: Member, clock: String) {
        let owner = try await app.setUpHub()
        let viewer = try await app.addMember(role: "viewer", by: owner, name: "Emily", email: "emily@example.com")
        let clock = try await app.item(
            ["name": "Mantel clock", "estimatedValue": "1200", "purchasePrice": "300"], token: owner.token
        ).id
        return (owner, viewer, clock)
    }

    @Test("a viewer sees the things and not their values, until an owner ticks 'Let viewers see what things are worth'")
    func viewersSeeValuesOnlyWhenChosen() async throws {
        try await withApp { app in
            let (owner, viewer, clock) = try await Self.household(app)
            let granddaughter = WebSession(app: app)
            _ = try await granddaughter.post("/login", ["email": viewer.email, "password": viewer.password])

            // given the household as it starts: values kept from viewers
            for path in ["/", "/items", "/items/\(clock)"] {
                let page = try await granddaughter.get(path).body.string
                #expect(page.contains("Mantel clock"), "\(path)")
                #expect(!page.contains("$1,200") && !page.contains("$300"), "\(path)")
            }
            #expect(!(try await granddaughter.get("/items/\(clock)").body.string.contains("Not known yet")))

            // when the owner ticks the box on Settings
            let ann = WebSession(app: app)
            _ = try await ann.post("/login", ["email": owner.email, "password": owner.password])
            let saved = try await ann.post(
                "/settings/household",
                [
                    "name": "The Miller Family", "timeZone": "Europe/London", "paperSize": "auto",
                    "showValuesToViewers": "yes",
                ])
            #expect(saved.status == .seeOther)
            let household = try await app.api(.GET, "/api/household", token: owner.token)
            #expect(try household.decoded(Components.Schemas.Household.self).showValuesToViewers == true)

            // then the viewer sees what things are worth
            for path in ["/items", "/items/\(clock)"] {
                #expect(try await granddaughter.get(path).body.string.contains("$1,200"), "\(path)")
            }
            // and the owner can take it back over the API
            let off = try await app.api(
                .PATCH, "/api/household", token: owner.token, json: ["showValuesToViewers": false])
            #expect(off.status == .ok)
            #expect(!(try await granddaughter.get("/items/\(clock)").body.string.contains("$1,200")))
        }
    }
}

extension ItemValuesForViewersTests {
    @Test("kept from values, a viewer's JSON has none, and sales and selling advice do not exist for them")
    func everywhereElse() async throws {
        try await withApp { app in
            let (owner, viewer, clock) = try await Self.household(app)
            let set = try await app.api(
                .POST, "/api/sets", token: owner.token,
                json: [
                    "name": "The mantelpiece", "type": "other",
                    "members": [["itemId": clock, "quantity": 1] as [String: any Sendable]],
                ])
            let setID = try set.decoded(Components.Schemas.ItemSet.self).id
            let sale = try await app.api(.POST, "/api/sales", token: owner.token, json: ["kind": "estateSale"])
            let saleID = try sale.decoded(Components.Schemas.Sale.self).id
            let granddaughter = WebSession(app: app)
            _ = try await granddaughter.post("/login", ["email": viewer.email, "password": viewer.password])

            for path in [
                "/api/items/\(clock)", "/api/items?sort=value", "/api/sets", "/api/sets/\(setID)",
                "/api/estate/summary",
            ] {
                let json = try await app.api(.GET, path, token: viewer.token)
                #expect(json.status == .ok, "\(path)")
                #expect(!json.body.string.contains("1200.00") && !json.body.string.contains("300.00"), "\(path)")
                #expect(try await app.api(.GET, path, token: owner.token).body.string.contains("1200.00"), "\(path)")
            }
            for path in [
                "/api/sales", "/api/sales/\(saleID)/lots", "/api/items/\(clock)/liquidation/brief",
                "/api/items/\(clock)/valuation",
            ] {
                #expect(try await app.api(.GET, path, token: viewer.token).status == .notFound, "\(path)")
            }
            for path in ["/sales", "/sales/\(saleID)", "/items/\(clock)/liquidation", "/sets/\(setID)/liquidation"] {
                #expect(try await granddaughter.get(path).status == .notFound, "\(path)")
            }
            #expect(!(try await granddaughter.get("/items?sort=value").body.string.contains("Most valuable first")))
            let setPage = try await granddaughter.get("/sets/\(setID)").body.string
            #expect(
                setPage.contains("Mantel clock") && !setPage.contains("$1,200") && !setPage.contains("Brief and plan"))

            // once an owner shows values to viewers, all of it is there for them
            _ = try await app.api(.PATCH, "/api/household", token: owner.token, json: ["showValuesToViewers": true])
            #expect(try await app.api(.GET, "/api/items/\(clock)", token: viewer.token).body.string.contains("1200.00"))
            #expect(try await app.api(.GET, "/api/sales", token: viewer.token).status == .ok)
            #expect(try await granddaughter.get("/sets/\(setID)").body.string.contains("$1,200"))
        }
    }
}
