import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// "Add a lot" offers exactly what a new lot accepts (`LotChoices`).
@Suite("Add a lot offers only what it would accept")
struct LotChoicesTests {
    /// The options of the sale page's "Item or set" list: value and name.
    static func options(_ page: String) throws -> [(value: String, name: String)] {
        let pattern = try NSRegularExpression(pattern: #"<option value="([^"]+)"[^>]*>([^<]+)</option>"#)
        return pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)).compactMap { match in
            guard let value = Range(match.range(at: 1), in: page), let name = Range(match.range(at: 2), in: page)
            else { return nil }
            return (String(page[value]), String(page[name]))
        }
    }

    @Test("promised things are not offered, and every thing offered goes in a lot")
    func offerIsAccepted() async throws {
        try await withApp { app in
            // given pearls left to Lily, a kept ring, a jewellery box holding a locket left to Tom, a lamp, and a
            // china set with its plate
            let owner = try await app.setUpHub()
            let pearls = try await LiquidationAPITests.item(app, owner, name: "Pearls", value: "300")
            let ring = try await LiquidationAPITests.item(app, owner, name: "Ring", value: "900")
            let locket = try await LiquidationAPITests.item(app, owner, name: "Locket", value: "80")
            _ = try await LiquidationAPITests.item(app, owner, name: "Brass lamp", value: "40")
            let plate = try await LiquidationAPITests.item(app, owner, name: "Plate", value: "5")
            _ = try await app.makeSet("Jewellery box", items: [locket], owner: owner)
            _ = try await app.makeSet("China", items: [plate], owner: owner)
            _ = try await PromisedThingsTests.leave(pearls, to: "Lily", app, owner)
            _ = try await PromisedThingsTests.leave(locket, to: "Tom", app, owner)
            _ = try await app.api(
                .PATCH, "/api/items/\(ring)", token: owner.token, json: ["disposition": ["value": "keep"]])
            let saleID = try await PromisedThingsTests.sale(app, owner)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])

            // when the owner opens the sale to add a lot
            let offered = try Self.options(try await browser.get("/sales/\(saleID)").body.string)

            // then only what can be sold is offered
            #expect(offered.map(\.name) == ["Brass lamp", "Plate", "China"])

            // and each thing offered is accepted, until nothing is left but the promised things
            for option in offered {
                let added = try await browser.post("/sales/\(saleID)/lots", ["itemId": option.value])
                #expect(added.status == .seeOther || added.status == .found, "\(option.name): \(added.body.string)")
            }
            let page = try await browser.get("/sales/\(saleID)").body.string
            #expect(try Self.options(page).isEmpty)
            #expect(page.contains("Things left to someone or kept are not offered here."))
        }
    }
}
