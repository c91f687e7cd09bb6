import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("What things are worth, for viewers")
struct ItemValuesForViewersTests {
    @Test("a viewer sees the things and not their values, until an owner ticks 'Let viewers see what things are worth'")
    func viewersSeeValuesOnlyWhenChosen() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner, name: "Emily", email: "emily@example.com")
            let clock = try await app.item(
                ["name": "Mantel clock", "estimatedValue": "1200", "purchasePrice": "300"], token: owner.token
            ).id
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
