import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Money follows quantity: a lot of twelve alike pieces at $25 is offered at $300, wherever it is read.
@Suite("A lot's money follows its quantity")
struct LotQuantityTests {
    @Test("twelve plates at $25 each: the lot, the sale's totals, the labels and the API say $300 (12 × $25)")
    func twelvePlates() async throws {
        try await withApp { app in
            // given twelve dinner plates at $25 each, and a brass lamp at $40
            let owner = try await app.setUpHub()
            let made = try await app.api(
                .POST, "/api/items", token: owner.token,
                json: ["name": "Dinner plates", "estimatedValue": "25", "quantity": 12])
            #expect(made.status == .created, "\(made.body.string)")
            _ = try await LiquidationAPITests.item(app, owner, name: "Brass lamp", value: "40")

            // when everything undecided goes in a new sale, each lot at its item's value
            let created = try await app.api(
                .POST, "/api/sales/from-undecided", token: owner.token, json: ["kind": "estateSale"])
            #expect(created.status == .created, "\(created.body.string)")
            let sale = try created.decoded(Components.Schemas.SaleWithLots.self)
            let plates = try #require(sale.lots.first { $0.title == "Dinner plates" })

            // then the plates' lot is offered at the twelve, not at one
            #expect(plates.targetPrice == "25.00")
            #expect(plates.pieces == 12)
            #expect(plates.targetTotal?.amount == "300.00")
            #expect(plates.targetText == "$300 (12 × $25)")
            #expect(sale.sale.targetTotals?.map(\.amount) == ["340.00"])

            // when six teacups at $10 each are put in a lot of their own, at their price each
            let cups = try await app.api(
                .POST, "/api/items", token: owner.token, json: ["name": "Teacups", "quantity": 6])
            let cupsID = try cups.decoded(Components.Schemas.Item.self).id
            let lot = try await app.api(
                .POST, "/api/sales/\(sale.sale.id)/lots", token: owner.token,
                json: ["itemIds": [cupsID], "targetPrice": "10"])
            #expect(try lot.decoded(Components.Schemas.Lot.self).targetText == "$60 (6 × $10)")

            // then the sale's totals add the wholes: $300 + $40 + $60
            let sales = try await app.api(.GET, "/api/sales", token: owner.token)
                .decoded(Components.Schemas.SaleList.self).sales
            #expect(sales.first?.targetTotals?.map(\.amount) == ["400.00"])

            // and the pages say so: the lot, the sale with its total, the list of sales
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let lotPage = try await browser.get("/lots/\(plates.id)").body.string
            #expect(lotPage.contains("<dt>Target price</dt><dd>$300 (12 × $25)</dd>"))
            let salePage = try await browser.get("/sales/\(sale.sale.id)").body.string
            #expect(salePage.contains("$300 (12 × $25)"))
            #expect(salePage.contains("$60 (6 × $10)"))
            #expect(salePage.contains("Target prices together: <strong>$400</strong>"))
            #expect(try await browser.get("/sales").body.string.contains("<dd>$400</dd>"))

            // and so does the printed label
            let pdf = try await app.download("/api/sales/\(sale.sale.id)/labels.pdf", token: owner.token)
            let text = try await ReportTests.pdfText(Data(pdf.body.readableBytesView))
            #expect(text.contains("$300 (12 × $25)"), "\(text)")
            #expect(text.contains("$60 (6 × $10)"))
            #expect(text.contains("$40"))
        }
    }
}
