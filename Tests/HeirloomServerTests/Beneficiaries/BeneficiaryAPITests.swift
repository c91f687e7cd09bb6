import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

extension Application {
    /// Creates a beneficiary over the API.
    func beneficiary(_ fields: [String: any Sendable], token: String) async throws -> Components.Schemas.Beneficiary {
        let response = try await api(.POST, "/api/beneficiaries", token: token, json: fields)
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decoded(Components.Schemas.Beneficiary.self)
    }

    /// Creates an item over the API.
    func item(_ fields: [String: any Sendable], token: String) async throws -> Components.Schemas.Item {
        let response = try await api(.POST, "/api/items", token: token, json: fields)
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decoded(Components.Schemas.Item.self)
    }
}

@Suite("Beneficiaries over the API")
struct BeneficiaryAPITests {
    @Test("a beneficiary is created with a clean relationship, listed, changed and deleted")
    func lifecycle() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            // when
            let sam = try await app.beneficiary(
                [
                    "name": "  Sam Miller ", "relationship": " GRANDSONS", "email": "Sam@Example.com",
                    "phoneNumber": "555 0100",
                ],
                token: owner.token)
            let god = try await app.beneficiary(["name": "Theo", "relationship": "godson"], token: owner.token)
            // then
            #expect(sam.name == "Sam Miller" && sam.relationship == "Grandchild" && sam.email == "sam@example.com")
            #expect(!sam.isLinkedToContact && sam.itemCount == 0 && sam.totals.isEmpty)
            #expect(god.relationship == "godson")
            let list = try await app.api(.GET, "/api/beneficiaries", token: owner.token)
            #expect(
                try list.decoded(Components.Schemas.BeneficiaryList.self).beneficiaries.map(\.name) == [
                    "Sam Miller", "Theo",
                ])

            let patched = try await app.api(
                .PATCH, "/api/beneficiaries/\(sam.id)", token: owner.token,
                json: ["relationship": "Other", "email": ""])
            #expect(patched.status == .ok, "\(patched.body.string)")
            let saved = try patched.decoded(Components.Schemas.Beneficiary.self)
            #expect(saved.relationship == "Other" && saved.email == nil && saved.phoneNumber == "555 0100")

            #expect(try await app.api(.DELETE, "/api/beneficiaries/\(god.id)", token: owner.token).status == .noContent)
            #expect(try await app.api(.GET, "/api/beneficiaries/\(god.id)", token: owner.token).status == .notFound)
        }
    }

    @Test(
        "bad fields are 422 naming the field",
        arguments: [
            ("name", "", "name"), ("email", "not-an-address", "email"), ("phoneNumber", "call me", "phoneNumber"),
            ("relationship", String(repeating: "x", count: 61), "relationship"),
        ])
    func badFields(field: String, value: String, expected: String) async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            var body: [String: any Sendable] = ["name": "Sam"]
            body[field] = value
            let response = try await app.api(.POST, "/api/beneficiaries", token: owner.token, json: body)
            #expect(response.status == .unprocessableEntity, "\(response.body.string)")
            #expect(try response.apiError.field == expected)
            #expect(try await Beneficiary.query(on: app.db).count() == 0)
        }
    }

    @Test("an item is linked once per beneficiary with a date rule; totals add up per currency")
    func linksAndTotals() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let sam = try await app.beneficiary(["name": "Sam"], token: owner.token)
            let clock = try await app.item(["name": "Clock", "estimatedValue": "450"], token: owner.token)
            let ring = try await app.item(["name": "Ring", "estimatedValue": "1,200.50"], token: owner.token)
            let vase = try await app.item(
                ["name": "Vase", "estimatedValue": "800", "currencyCode": "EUR"], token: owner.token)
            let spare = try await app.item(["name": "Spare chair"], token: owner.token)

            // when the clock is given after a date, with a message
            let created = try await app.api(
                .POST, "/api/items/\(clock.id)/beneficiaries", token: owner.token,
                json: [
                    "beneficiaryId": sam.id, "accessPermission": "afterSpecificDate", "accessDate": "2030-06-21",
                    "personalMessage": "  For your wedding day.  ",
                ])
            // then
            #expect(created.status == .created, "\(created.body.string)")
            let link = try created.decoded(Components.Schemas.BeneficiaryLink.self)
            #expect(link.itemId.lowercased() == clock.id.lowercased())
            #expect(link.accessPermission == .afterSpecificDate && link.accessDate == "2030-06-21")
            #expect(link.personalMessage == "For your wedding day." && link.notificationStatus == .notSent)
            // a second link for the same pair is a conflict
            let again = try await app.api(
                .POST, "/api/items/\(clock.id)/beneficiaries", token: owner.token, json: ["beneficiaryId": sam.id])
            #expect(again.status == .conflict)

            for item in [ring, vase] {
                let response = try await app.api(
                    .POST, "/api/items/\(item.id)/beneficiaries", token: owner.token,
                    json: ["beneficiaryId": sam.id, "accessPermission": "uponPassing"])
                #expect(response.status == .created, "\(response.body.string)")
            }
            let detail = try await app.api(.GET, "/api/beneficiaries/\(sam.id)", token: owner.token)
                .decoded(Components.Schemas.BeneficiaryDetail.self)
            #expect(detail.beneficiary.itemCount == 3)
            #expect(
                detail.beneficiary.totals == [
                    .init(currencyCode: "EUR", amount: "800.00"), .init(currencyCode: "USD", amount: "1650.50"),
                ])
            #expect(detail.assignedItems.map(\.item.name) == ["Clock", "Ring", "Vase"])

            let overview = try await app.api(.GET, "/api/beneficiaries/overview", token: owner.token)
                .decoded(Components.Schemas.BeneficiaryOverview.self)
            #expect(overview.beneficiaries.first?.itemCount == 3)
            #expect(overview.unassignedItems.map(\.id) == [spare.id])

            let links = try await app.api(.GET, "/api/items/\(clock.id)/beneficiaries", token: owner.token)
            #expect(
                try links.decoded(Components.Schemas.BeneficiaryLinkList.self).links.map(\.beneficiaryId).map {
                    $0.lowercased()
                } == [sam.id.lowercased()])
        }
    }

    @Test(
        "the access date is required exactly for afterSpecificDate; messages are at most 5,000 characters",
        arguments: [
            (["accessPermission": "afterSpecificDate"], "accessDate"),
            (["accessPermission": "immediate", "accessDate": "2030-01-01"], "accessDate"),
            (["accessPermission": "afterSpecificDate", "accessDate": "2030-02-30"], "accessDate"),
            (["personalMessage": String(repeating: "a", count: 5_001)], "personalMessage"),
            (["notificationStatus": "sent"], "notificationStatus"),
        ])
    func linkRules(fields: [String: String], expected: String) async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let sam = try await app.beneficiary(["name": "Sam"], token: owner.token)
            let clock = try await app.item(["name": "Clock"], token: owner.token)
            var body: [String: any Sendable] = ["beneficiaryId": sam.id]
            for (key, value) in fields { body[key] = value }
            let response = try await app.api(
                .POST, "/api/items/\(clock.id)/beneficiaries", token: owner.token, json: body)
            #expect(response.status == .unprocessableEntity, "\(response.body.string)")
            #expect(try response.apiError.field == expected)
            #expect(try await ItemBeneficiary.query(on: app.db).count() == 0)
        }
    }

    @Test("a link's rule is changed and cleared; the owner cannot set the notification status")
    func updateLink() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let sam = try await app.beneficiary(["name": "Sam"], token: owner.token)
            let clock = try await app.item(["name": "Clock"], token: owner.token)
            let link = try await app.api(
                .POST, "/api/items/\(clock.id)/beneficiaries", token: owner.token,
                json: ["beneficiaryId": sam.id, "accessPermission": "afterSpecificDate", "accessDate": "2031-01-02"]
            ).decoded(Components.Schemas.BeneficiaryLink.self)
            let path = "/api/items/\(clock.id)/beneficiaries/\(link.id)"
            // a message alone keeps the date
            let message = try await app.api(.PATCH, path, token: owner.token, json: ["personalMessage": "Wind it"])
            #expect(try message.decoded(Components.Schemas.BeneficiaryLink.self).accessDate == "2031-01-02")
            // another rule clears the date
            let passing = try await app.api(.PATCH, path, token: owner.token, json: ["accessPermission": "uponPassing"])
            let saved = try passing.decoded(Components.Schemas.BeneficiaryLink.self)
            #expect(saved.accessPermission == .uponPassing && saved.accessDate == nil)
            #expect(saved.personalMessage == "Wind it")
            let status = try await app.api(.PATCH, path, token: owner.token, json: ["notificationStatus": "accepted"])
            #expect(status.status == .unprocessableEntity)
            let stored = try #require(try await ItemBeneficiary.query(on: app.db).first())
            #expect(stored.notificationStatus == "notSent")
        }
    }

    @Test("a beneficiary with items cannot be deleted; removing the link keeps the beneficiary")
    func deleteRules() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let sam = try await app.beneficiary(["name": "Sam"], token: owner.token)
            var linkIDs: [(String, String)] = []
            for name in ["Clock", "Ring"] {
                let item = try await app.item(["name": name], token: owner.token)
                let link = try await app.api(
                    .POST, "/api/items/\(item.id)/beneficiaries", token: owner.token, json: ["beneficiaryId": sam.id]
                ).decoded(Components.Schemas.BeneficiaryLink.self)
                linkIDs.append((item.id, link.id))
            }
            // when
            let refused = try await app.api(.DELETE, "/api/beneficiaries/\(sam.id)", token: owner.token)
            // then
            #expect(refused.status == .conflict)
            let message = try refused.apiError.message
            #expect(message.contains("2 items") && message.contains("Remove Sam"), "\(message)")

            for (itemID, linkID) in linkIDs {
                let removed = try await app.api(
                    .DELETE, "/api/items/\(itemID)/beneficiaries/\(linkID)", token: owner.token)
                #expect(removed.status == .noContent)
            }
            #expect(try await app.api(.GET, "/api/beneficiaries/\(sam.id)", token: owner.token).status == .ok)
            #expect(try await app.api(.DELETE, "/api/beneficiaries/\(sam.id)", token: owner.token).status == .noContent)
        }
    }

    @Test("deleting an item removes its links, not its beneficiaries")
    func deleteItem() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let sam = try await app.beneficiary(["name": "Sam"], token: owner.token)
            let clock = try await app.item(["name": "Clock"], token: owner.token)
            _ = try await app.api(
                .POST, "/api/items/\(clock.id)/beneficiaries", token: owner.token, json: ["beneficiaryId": sam.id])
            #expect(try await app.api(.DELETE, "/api/items/\(clock.id)", token: owner.token).status == .noContent)
            #expect(try await ItemBeneficiary.query(on: app.db).count() == 0)
            #expect(try await Beneficiary.query(on: app.db).count() == 1)
        }
    }

    @Test("viewers never learn who gets what: every beneficiary and link call is 404; editors may plan")
    func viewers() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let editor = try await app.addMember(
                role: "editor", by: owner, name: "Cara", email: "cara@example.com")
            let sam = try await app.beneficiary(["name": "Sam"], token: owner.token)
            let clock = try await app.item(["name": "Clock"], token: owner.token)
            let link = try await app.api(
                .POST, "/api/items/\(clock.id)/beneficiaries", token: editor.token, json: ["beneficiaryId": sam.id])
            #expect(link.status == .created)
            let linkID = try link.decoded(Components.Schemas.BeneficiaryLink.self).id
            let calls: [(HTTPMethod, String)] = [
                (.GET, "/api/beneficiaries"), (.POST, "/api/beneficiaries"), (.GET, "/api/beneficiaries/overview"),
                (.GET, "/api/beneficiaries/\(sam.id)"), (.PATCH, "/api/beneficiaries/\(sam.id)"),
                (.DELETE, "/api/beneficiaries/\(sam.id)"), (.GET, "/api/items/\(clock.id)/beneficiaries"),
                (.POST, "/api/items/\(clock.id)/beneficiaries"),
                (.PATCH, "/api/items/\(clock.id)/beneficiaries/\(linkID)"),
                (.DELETE, "/api/items/\(clock.id)/beneficiaries/\(linkID)"),
            ]
            for (method, path) in calls {
                let response = try await app.api(
                    method, path, token: viewer.token, json: ["name": "Peek", "beneficiaryId": sam.id])
                #expect(response.status == .notFound, "\(method) \(path)")
            }
            var headers = HTTPHeaders()
            headers.replaceOrAdd(name: .contentType, value: "text/vcard")
            let imported = try await app.api(
                .POST, "/api/beneficiaries/import", token: viewer.token, rawBody: VCardFixtures.google,
                headers: headers)
            #expect(imported.status == .notFound)
            #expect(try await Beneficiary.query(on: app.db).count() == 1)
            #expect(try await ItemBeneficiary.query(on: app.db).count() == 1)
        }
    }

    @Test("another household's beneficiaries, items and links are not found")
    func householdIsolation() async throws {
        try await withApp(TestOptions(allowSignup: true)) { app in
            let owner = try await app.setUpHub()
            let registered = try await app.api(
                .POST, "/api/auth/register",
                json: [
                    "householdName": "The Jones Family", "name": "Bo Jones", "email": "bo@example.com",
                    "password": "another good password",
                ])
            let stranger = try registered.decoded(Components.Schemas.AuthResponse.self).token
            let sam = try await app.beneficiary(["name": "Sam"], token: owner.token)
            let clock = try await app.item(["name": "Clock"], token: owner.token)
            let link = try await app.api(
                .POST, "/api/items/\(clock.id)/beneficiaries", token: owner.token, json: ["beneficiaryId": sam.id]
            ).decoded(Components.Schemas.BeneficiaryLink.self)
            let theirs = try await app.beneficiary(["name": "Jo"], token: stranger)
            let theirItem = try await app.item(["name": "Lamp"], token: stranger)

            #expect(try await app.api(.GET, "/api/beneficiaries/\(sam.id)", token: stranger).status == .notFound)
            #expect(
                try await app.api(.GET, "/api/items/\(clock.id)/beneficiaries", token: stranger).status == .notFound)
            #expect(
                try await app.api(
                    .DELETE, "/api/items/\(clock.id)/beneficiaries/\(link.id)", token: stranger
                ).status == .notFound)
            // linking one's own item to another household's beneficiary, or the other way round
            let crossed = try await app.api(
                .POST, "/api/items/\(theirItem.id)/beneficiaries", token: stranger, json: ["beneficiaryId": sam.id])
            #expect(crossed.status == .notFound)
            let crossed2 = try await app.api(
                .POST, "/api/items/\(clock.id)/beneficiaries", token: owner.token, json: ["beneficiaryId": theirs.id])
            #expect(crossed2.status == .notFound)
            let list = try await app.api(.GET, "/api/beneficiaries", token: stranger)
            #expect(try list.decoded(Components.Schemas.BeneficiaryList.self).beneficiaries.map(\.name) == ["Jo"])
        }
    }
}
