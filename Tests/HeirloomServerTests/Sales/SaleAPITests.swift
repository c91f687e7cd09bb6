import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Sales, lots and lot labels")
struct SaleAPITests {
    @Test("a sale with lots: numbers, exact target prices, one lot per item, the checklist with who and when")
    func salesAndLots() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given an owner, an editor, a viewer and two items
            let owner = try await app.setUpHub()
            let editor = try await app.addMember(role: "editor", by: owner)
            let viewer = try await app.addMember(
                role: "viewer", by: owner, name: "Cara Miller", email: "cara@example.com",
                password: "a third good password")
            let table = try await LiquidationAPITests.item(app, owner)
            let lamp = try await LiquidationAPITests.item(app, owner, name: "Brass lamp", value: nil)

            // when the editor adds a sale
            let created = try await app.api(
                .POST, "/api/sales", token: editor.token,
                json: ["kind": "estateSale", "date": "2026-12-05", "venue": "12 Elm Street", "notes": "Doors at 9"])
            #expect(created.status == .created, "\(created.body.string)")
            let saleID = try created.decoded(Components.Schemas.Sale.self).id
            #expect(try created.decoded(Components.Schemas.Sale.self).kind == .estateSale)
            #expect(try created.decoded(Components.Schemas.Sale.self).lotCount == 0)

            // then bad input changes nothing
            for bad: [String: any Sendable] in [["kind": "garageSale"], ["kind": "auction", "date": "2026-02-30"]] {
                let refused = try await app.api(.POST, "/api/sales", token: owner.token, json: bad)
                #expect(refused.status == .unprocessableEntity || refused.status == .badRequest, "\(bad)")
            }
            #expect(
                try await app.api(.POST, "/api/sales", token: viewer.token, json: ["kind": "auction"]).status
                    == .forbidden)
            #expect(try await Sale.query(on: app.db).count() == 1)

            // when a lot is added with an exact target price, and a second with the next number
            let lot = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: editor.token,
                json: ["itemIds": [table], "room": "Dining room", "floor": "Ground", "targetPrice": "1250.10"])
            #expect(lot.status == .created, "\(lot.body.string)")
            let lotID = try lot.decoded(Components.Schemas.Lot.self).id
            #expect(try lot.decoded(Components.Schemas.Lot.self).lotNumber == 1)
            #expect(try lot.decoded(Components.Schemas.Lot.self).title == "Oak dining table")
            #expect(try lot.decoded(Components.Schemas.Lot.self).targetPrice == "1250.10")
            #expect(try lot.decoded(Components.Schemas.Lot.self).pageUrl == "http://hub.test/lots/\(lotID)")
            let second = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [lamp], "title": "Lamps"])
            #expect(try second.decoded(Components.Schemas.Lot.self).lotNumber == 2)

            // then an item already in a lot, a taken number, no members and unknown items are refused
            let again = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [table]])
            #expect(again.status == .conflict)
            #expect(try again.apiError.code == "already_in_lot")
            let empty = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [String]()])
            #expect(empty.status == .unprocessableEntity)
            let unknown = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [UUID().uuidString]])
            #expect(unknown.status == .notFound)
            let third = try await LiquidationAPITests.item(app, owner, name: "Mirror")
            let taken = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [third], "lotNumber": 2])
            #expect(taken.status == .conflict)
            #expect(try taken.apiError.code == "lot_number_taken")
            let price = try await app.api(
                .POST, "/api/sales/\(saleID)/lots", token: owner.token, json: ["itemIds": [third], "targetPrice": "-3"])
            #expect(price.status == .unprocessableEntity)
            #expect(
                try await app.api(.POST, "/api/sales/\(UUID())/lots", token: owner.token, json: ["itemIds": [third]])
                    .status == .notFound)

            // when "ready" is ticked too early, it is refused
            let early = try await app.api(.PATCH, "/api/lots/\(lotID)", token: editor.token, json: ["ready": true])
            #expect(early.status == .conflict)
            #expect(try early.apiError.code == "checklist_incomplete")
            #expect(
                try await app.api(.PATCH, "/api/lots/\(lotID)", token: viewer.token, json: ["prepared": true])
                    .status == .forbidden)

            // when the editor ticks every step, then each records who and when
            clock.advance(by: 60)
            let ticked = try await app.api(
                .PATCH, "/api/lots/\(lotID)", token: editor.token,
                json: ["prepared": true, "documented": true, "staged": true, "ready": true])
            #expect(ticked.status == .ok, "\(ticked.body.string)")
            let checklist = try ticked.decoded(Components.Schemas.Lot.self).checklist
            for step in [checklist.prepared, checklist.documented, checklist.staged, checklist.ready] {
                #expect(step.done)
                #expect(step.by?.name == "Ben Miller")
            }
            // a viewer reads sales once the household shows them values (kept from them, sales are 404)
            #expect(try await app.api(.GET, "/api/sales", token: viewer.token).status == .notFound)
            _ = try await app.api(.PATCH, "/api/household", token: owner.token, json: ["showValuesToViewers": true])
            let sales = try await app.api(.GET, "/api/sales", token: viewer.token)
            #expect(try sales.decoded(Components.Schemas.SaleList.self).sales.first?.readyLotCount == 1)

            // and unticking "staged" unticks "ready"
            let unstaged = try await app.api(.PATCH, "/api/lots/\(lotID)", token: owner.token, json: ["staged": false])
            let unstagedChecklist = try unstaged.decoded(Components.Schemas.Lot.self).checklist
            #expect(unstagedChecklist.ready.done == false)
            #expect(unstagedChecklist.prepared.done)

            // viewers read lots; other ids are not found
            let lots = try await app.api(.GET, "/api/sales/\(saleID)/lots", token: viewer.token)
            #expect(lots.status == .ok)
            #expect(try lots.decoded(Components.Schemas.LotList.self).lots.count == 2)
            #expect(
                try await app.api(.PATCH, "/api/lots/\(UUID())", token: owner.token, json: ["prepared": true])
                    .status == .notFound)

            // deleting an item takes it out of its lot
            _ = try await app.api(.DELETE, "/api/items/\(lamp)", token: owner.token)
            #expect(try await LotMember.query(on: app.db).count() == 1)
        }
    }

    @Test("everything undecided into a new sale: with nothing undecided, a conflict and no sale")
    func fromUndecidedEmpty() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let response = try await app.api(
                .POST, "/api/sales/from-undecided", token: owner.token, json: ["kind": "donationRun"])
            #expect(response.status == .conflict)
            #expect(try response.apiError.code == "nothing_undecided")
            #expect(try await Sale.query(on: app.db).count() == 0)
        }
    }

    @Test("lot labels: a PDF with each lot's number, title and a QR code; viewers are told it does not exist")
    func labels() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let sale = try await app.api(.POST, "/api/sales", token: owner.token, json: ["kind": "auction"])
            let saleID = try sale.decoded(Components.Schemas.Sale.self).id
            for name in ["Oak dining table", "Brass lamp"] {
                let id = try await LiquidationAPITests.item(app, owner, name: name)
                _ = try await app.api(
                    .POST, "/api/sales/\(saleID)/lots", token: owner.token,
                    json: ["itemIds": [id], "room": "Hall", "targetPrice": "40"])
            }
            let pdf = try await app.download("/api/sales/\(saleID)/labels.pdf", token: owner.token)
            #expect(pdf.status == .ok)
            #expect(pdf.headers.contentType?.subType == "pdf")
            let text = try await ReportTests.pdfText(Data(pdf.body.readableBytesView))
            #expect(text.contains("Lot 1"))
            #expect(text.contains("Lot 2"))
            #expect(text.contains("Oak dining table"))
            #expect(text.contains("Brass lamp"))
            #expect(text.contains("$40"))
            #expect(try await app.download("/api/sales/\(saleID)/labels.pdf", token: viewer.token).status == .notFound)
            #expect(try await app.download("/api/sales/\(UUID())/labels.pdf", token: owner.token).status == .notFound)
            let a4 = try await app.download("/api/sales/\(saleID)/labels.pdf?paper=a4", token: owner.token)
            #expect(try await ReportTests.pageSize(Data(a4.body.readableBytesView)).contains("595.28 x 841.89"))
        }
    }
}
