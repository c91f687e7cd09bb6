import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

extension Components.Schemas.EstateSummary {
    /// The figure of one disposition.
    func figure(_ value: Components.Schemas.DispositionValue) -> Components.Schemas.EstateFigure? {
        byDisposition.first { $0.value == value }?.figure
    }
}

@Suite("Downsizing over the API")
struct DownsizingAPITests {
    @Test("quantity defaults to 1, is each × quantity in the totals, and 0 is refused")
    func quantity() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            // given
            let plates = try await app.item(
                ["name": "Dinner plates", "estimatedValue": "10", "quantity": 12], token: owner.token)
            let clock = try await app.item(["name": "Clock", "estimatedValue": "100"], token: owner.token)
            // then
            let got = try await app.api(.GET, "/api/items/\(clock.id)", token: owner.token)
            #expect(try got.decoded(Components.Schemas.Item.self).quantity == 1)
            let summary = try await app.api(.GET, "/api/estate/summary", token: owner.token)
            let body = try summary.decoded(Components.Schemas.EstateSummary.self)
            #expect(body.totals == [.init(currencyCode: "USD", amount: "220.00")])
            #expect(body.unitCount == 13)
            #expect(body.itemCount == 2)
            // when: a bad quantity changes nothing
            let zero = try await app.api(.PATCH, "/api/items/\(plates.id)", token: owner.token, json: ["quantity": 0])
            #expect(zero.status == .unprocessableEntity)
            #expect(try zero.apiError.field == "quantity")
            let again = try await app.api(.GET, "/api/items/\(plates.id)", token: owner.token)
            #expect(try again.decoded(Components.Schemas.Item.self).quantity == 12)
        }
    }

    @Test("an item's disposition goes through to done with its amount; bad input is 422 and changes nothing")
    func itemDisposition() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let item = try await app.item(["name": "Piano", "estimatedValue": "900"], token: owner.token)
            // when
            let sell = try await app.api(
                .PATCH, "/api/items/\(item.id)", token: owner.token,
                json: ["disposition": ["value": "sell", "status": "done", "amount": "750", "note": "To the school"]])
            // then
            #expect(sell.status == .ok, "\(sell.body.string)")
            #expect(
                try sell.decoded(Components.Schemas.Item.self).disposition
                    == Components.Schemas.Disposition(
                        value: .sell, status: .done, note: "To the school", amount: "750.00"))
            let bads: [[String: any Sendable]] = [
                ["value": "legacy"], ["value": "keep", "amount": "5"], ["amount": "-1"],
                ["value": "undecided", "status": "done"],
            ]
            for bad in bads {
                let refused = try await app.api(
                    .PATCH, "/api/items/\(item.id)", token: owner.token, json: ["disposition": bad])
                #expect(refused.status == .unprocessableEntity, "\(bad) \(refused.body.string)")
                #expect(try refused.apiError.field?.hasPrefix("disposition.") == true)
            }
            let unknown = try await app.api(
                .PATCH, "/api/items/\(item.id)", token: owner.token, json: ["disposition": ["value": "auction"]])
            #expect(unknown.status.code >= 400 && unknown.status.code < 500)
            let after = try await app.api(.GET, "/api/items/\(item.id)", token: owner.token)
            #expect(try after.decoded(Components.Schemas.Item.self).disposition.amount == "750.00")
            let summary = try await app.api(.GET, "/api/estate/summary", token: owner.token)
            let body = try summary.decoded(Components.Schemas.EstateSummary.self)
            #expect(body.figure(.sell)?.doneUnits == 1)
            #expect(body.fetched == [.init(currencyCode: "USD", amount: "750.00")])
        }
    }

    @Test("a beneficiary link makes an undecided item legacy; removing the last link undoes it, not the owner's choice")
    func legacyFromLinks() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let sam = try await app.beneficiary(["name": "Sam"], token: owner.token)
            let ring = try await app.item(["name": "Ring", "estimatedValue": "300"], token: owner.token)
            let desk = try await app.item(["name": "Desk"], token: owner.token)
            func disposition(_ id: String) async throws -> Components.Schemas.Disposition {
                try await app.api(.GET, "/api/items/\(id)", token: owner.token).decoded(Components.Schemas.Item.self)
                    .disposition
            }
            // when
            let link = try await app.api(
                .POST, "/api/items/\(ring.id)/beneficiaries", token: owner.token,
                json: ["beneficiaryId": sam.id, "accessPermission": "immediate"])
            #expect(link.status == .created, "\(link.body.string)")
            let deskLink = try await app.api(
                .POST, "/api/items/\(desk.id)/beneficiaries", token: owner.token,
                json: ["beneficiaryId": sam.id, "accessPermission": "immediate"])
            // then
            #expect(try await disposition(ring.id).value == .legacy)
            let summary = try await app.api(.GET, "/api/estate/summary", token: owner.token)
            #expect(
                try summary.decoded(Components.Schemas.EstateSummary.self).legacy.totals == [
                    .init(currencyCode: "USD", amount: "300.00")
                ])
            // the owner keeps the desk after all
            let keep = try await app.api(
                .PATCH, "/api/items/\(desk.id)", token: owner.token, json: ["disposition": ["value": "keep"]])
            #expect(keep.status == .ok)
            // when: the links go
            let ringLinkID = try link.decoded(Components.Schemas.BeneficiaryLink.self).id
            let deskLinkID = try deskLink.decoded(Components.Schemas.BeneficiaryLink.self).id
            _ = try await app.api(.DELETE, "/api/items/\(ring.id)/beneficiaries/\(ringLinkID)", token: owner.token)
            _ = try await app.api(.DELETE, "/api/items/\(desk.id)/beneficiaries/\(deskLinkID)", token: owner.token)
            // then
            #expect(try await disposition(ring.id).value == .undecided)
            #expect(try await disposition(desk.id).value == .keep)
        }
    }

    @Test("a set's members count once in every total, under the set's disposition unless they chose for themselves")
    func setsNeverCountTwice() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let plates = try await app.item(
                ["name": "Plates", "estimatedValue": "10", "quantity": 12], token: owner.token)
            let tureen = try await app.item(["name": "Tureen", "estimatedValue": "50"], token: owner.token)
            let cups = try await app.item(
                ["name": "Cups", "estimatedValue": "5", "quantity": 6, "disposition": ["value": "donate"]],
                token: owner.token)
            // when
            let created = try await app.api(
                .POST, "/api/sets", token: owner.token,
                json: [
                    "name": "The good china", "type": "tableware", "sellTogether": true,
                    "members": [
                        ["itemId": plates.id, "quantity": 8] as [String: any Sendable], ["itemId": tureen.id],
                        ["itemId": cups.id, "quantity": 6] as [String: any Sendable],
                    ],
                ])
            #expect(created.status == .created, "\(created.body.string)")
            let set = try created.decoded(Components.Schemas.ItemSet.self)
            #expect(set.value == [.init(currencyCode: "USD", amount: "160.00")])
            let sold = try await app.api(
                .PATCH, "/api/sets/\(set.id)", token: owner.token,
                json: ["disposition": ["value": "sell", "status": "done", "amount": "120"]])
            #expect(sold.status == .ok, "\(sold.body.string)")
            // then
            let summary = try await app.api(.GET, "/api/estate/summary", token: owner.token)
            let body = try summary.decoded(Components.Schemas.EstateSummary.self)
            #expect(body.totals == [.init(currencyCode: "USD", amount: "200.00")])
            #expect(body.figure(.sell)?.units == 9)
            #expect(body.figure(.sell)?.doneUnits == 9)
            #expect(body.figure(.sell)?.doneSets == 1)
            #expect(body.figure(.sell)?.totals == [.init(currencyCode: "USD", amount: "130.00")])
            // (a kept item would make the set unsellable: a promised thing is never recorded as sold)
            #expect(body.figure(.donate)?.units == 6)
            #expect(body.figure(.undecided)?.units == 4)
            #expect(body.fetched == [.init(currencyCode: "USD", amount: "120.00")])
            #expect(body.nextSteps.undecidedItems == 0)
            #expect(body.setCount == 1)
        }
    }

    @Test("sets are checked: names, quantities, one set per item; 404 for another household's")
    func setValidation() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let plates = try await app.item(["name": "Plates", "quantity": 4], token: owner.token)
            let first = try await app.api(
                .POST, "/api/sets", token: owner.token,
                json: ["name": "China", "members": [["itemId": plates.id, "quantity": 4] as [String: any Sendable]]])
            #expect(first.status == .created)
            let noName = try await app.api(.POST, "/api/sets", token: owner.token, json: ["type": "pair"])
            #expect(noName.status == .unprocessableEntity)
            let tooMany = try await app.api(
                .POST, "/api/sets", token: owner.token,
                json: ["name": "More", "members": [["itemId": plates.id, "quantity": 5] as [String: any Sendable]]])
            #expect(tooMany.status.code == 409 || tooMany.status == .unprocessableEntity)
            let twice = try await app.api(
                .POST, "/api/sets", token: owner.token, json: ["name": "Again", "members": [["itemId": plates.id]]])
            #expect(twice.status == .conflict)
            let legacy = try await app.api(
                .POST, "/api/sets", token: owner.token, json: ["name": "L", "disposition": ["value": "legacy"]])
            #expect(legacy.status == .unprocessableEntity)
            let list = try await app.api(.GET, "/api/sets", token: owner.token)
            #expect(try list.decoded(Components.Schemas.ItemSetList.self).sets.map(\.name) == ["China"])
            let set = try first.decoded(Components.Schemas.ItemSet.self)
            let missing = try await app.api(.GET, "/api/sets/\(UUID().uuidString)", token: owner.token)
            #expect(missing.status == .notFound)
            let deleted = try await app.api(.DELETE, "/api/sets/\(set.id)", token: owner.token)
            #expect(deleted.status == .noContent)
            let item = try await app.api(.GET, "/api/items/\(plates.id)", token: owner.token)
            #expect(item.status == .ok)
        }
    }

    @Test("viewers see sets and the summary but change nothing")
    func viewers() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let created = try await app.api(.POST, "/api/sets", token: owner.token, json: ["name": "Coins"])
            let set = try created.decoded(Components.Schemas.ItemSet.self)
            let item = try await app.item(["name": "Lamp"], token: owner.token)
            #expect(try await app.api(.GET, "/api/sets", token: viewer.token).status == .ok)
            #expect(try await app.api(.GET, "/api/sets/\(set.id)", token: viewer.token).status == .ok)
            #expect(try await app.api(.GET, "/api/estate/summary", token: viewer.token).status == .ok)
            #expect(
                try await app.api(.POST, "/api/sets", token: viewer.token, json: ["name": "X"]).status == .forbidden)
            #expect(
                try await app.api(.PATCH, "/api/sets/\(set.id)", token: viewer.token, json: ["name": "X"]).status
                    == .forbidden)
            #expect(try await app.api(.DELETE, "/api/sets/\(set.id)", token: viewer.token).status == .forbidden)
            #expect(
                try await app.api(
                    .PATCH, "/api/items/\(item.id)", token: viewer.token, json: ["disposition": ["value": "sell"]]
                ).status == .forbidden)
            #expect(try await app.api(.GET, "/api/estate/summary").status == .unauthorized)
        }
    }
}
