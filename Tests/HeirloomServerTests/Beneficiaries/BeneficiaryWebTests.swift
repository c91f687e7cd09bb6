import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Beneficiary pages")
struct BeneficiaryWebTests {
    @Test("contacts are imported through the form; an item is assigned with a date and the totals show")
    func importAssignTotals() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let clock = try await app.item(["name": "Mantel clock", "estimatedValue": "450"], token: owner.token)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            #expect(try await browser.get("/beneficiaries").body.string.contains("No beneficiaries yet"))

            // when the Google export is pasted into the import form
            let csrf = try #require(browser.csrf)
            let boundary = "form-boundary"
            var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(csrf)\r\n".utf8)
            body += Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n\(VCardFixtures.google)\r\n"
                    .utf8)
            body += Data("--\(boundary)--\r\n".utf8)
            var headers = browser.cookieHeaders()
            headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
            let results = try await app.testing().sendRequest(
                .POST, "/beneficiaries/import", headers: headers, body: ByteBuffer(data: body))
            // then each card's outcome is listed with its reason
            #expect(results.status == .ok)
            let page = results.body.string
            #expect(page.contains("3 added") && page.contains("1 not imported"))
            #expect(page.contains("Sofía Pérez") && page.contains("This card has no name."))

            // when the clock is given to Sofía after a date
            let sofia = try #require(
                try await Beneficiary.query(on: app.db).filter(\.$name == "Sofía Pérez").first())
            let assigned = try await browser.post(
                "/items/\(clock.id)/beneficiaries",
                [
                    "beneficiaryId": try sofia.requireID().uuidString, "accessPermission": "afterSpecificDate",
                    "accessDate": "2030-06-21", "personalMessage": "For your wedding day.",
                ])
            #expect(assigned.headers.first(name: .location)?.hasPrefix("/items/\(clock.id)") == true)
            // then the item page, her page and the list say so, with the date in words and the total
            let item = try await browser.get("/items/\(clock.id)").body.string
            #expect(item.contains("From June 21, 2030") && item.contains("For your wedding day."))
            let detail = try await browser.get("/beneficiaries/\(try sofia.requireID())").body.string
            #expect(detail.contains("Mantel clock") && detail.contains("$450"))
            let list = try await browser.get("/beneficiaries").body.string
            #expect(list.contains("1 item") && list.contains("$450"))

            // a bad date keeps what was typed and says what is wrong
            let bad = try await browser.post(
                "/items/\(clock.id)/beneficiaries",
                ["beneficiaryId": "new", "newName": "Theo", "accessPermission": "afterSpecificDate"])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.string.contains("Please choose the date") && bad.body.string.contains("Theo"))
            #expect(try await Beneficiary.query(on: app.db).filter(\.$name == "Theo").count() == 0)

            // deleting Sofía is explained, not done
            let blocked = try await browser.get("/beneficiaries/\(try sofia.requireID())/delete")
            #expect(blocked.body.string.contains("still assigned 1 item"))
            let refused = try await browser.post("/beneficiaries/\(try sofia.requireID())/delete", [:])
            #expect(refused.status == .conflict)
        }
    }

    @Test("a beneficiary is added by hand with a custom relationship, and someone new from an item's picker")
    func addByHand() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let lamp = try await app.item(["name": "Brass lamp"], token: owner.token)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let created = try await browser.post(
                "/beneficiaries", ["name": "Theo", "relationship": "custom", "relationshipCustom": "Godson"])
            let location = try #require(created.headers.first(name: .location))
            #expect(try await browser.get(location).body.string.contains("Godson"))

            let fresh = try await browser.post(
                "/items/\(lamp.id)/beneficiaries",
                [
                    "beneficiaryId": "new", "newName": "Mia", "relationship": "Granddaughter",
                    "accessPermission": "uponPassing",
                ]
            )
            #expect(fresh.status == .seeOther || fresh.status == .found)
            let mia = try #require(try await Beneficiary.query(on: app.db).filter(\.$name == "Mia").first())
            #expect(mia.relationship == "Grandchild" && mia.nameEditedByUser)
            #expect(try await browser.get("/items/\(lamp.id)").body.string.contains("Upon my passing"))
        }
    }

    @Test("the holder assigns 'upon my passing'; her son, an editor, reads and chooses 'upon Ann Miller’s passing'")
    func passingInTheHoldersName() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: ann)
            let clock = try await app.item(["name": "Mantel clock"], token: ann.token).id
            let person = try await app.api(.POST, "/api/beneficiaries", token: ann.token, json: ["name": "Emily"])
            let personID = try person.decoded(Components.Schemas.Beneficiary.self).id
            let link = try await app.api(
                .POST, "/api/items/\(clock)/beneficiaries", token: ann.token,
                json: ["beneficiaryId": personID, "accessPermission": "uponPassing"])
            #expect(link.status == .created)
            for (member, words) in [(ann, "Upon my passing"), (ben, "Upon Ann Miller’s passing")] {
                let browser = WebSession(app: app)
                _ = try await browser.post("/login", ["email": member.email, "password": member.password])
                let item = try await browser.get("/items/\(clock)").body.string
                #expect(item.contains("<span class=\"label\">When:</span> \(words)"), "\(member.email)")
                #expect(item.contains("value=\"uponPassing\"> <span>\(words)</span>"), "\(member.email)")
                #expect(try await browser.get("/beneficiaries/\(personID)").body.string.contains(words))
            }
        }
    }

    @Test("a viewer finds no beneficiaries: no page, no menu entry, no section on an item")
    func viewer() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let sam = try await app.beneficiary(["name": "Samuel Secret"], token: owner.token)
            let clock = try await app.item(["name": "Clock"], token: owner.token)
            _ = try await app.api(
                .POST, "/api/items/\(clock.id)/beneficiaries", token: owner.token, json: ["beneficiaryId": sam.id])
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": viewer.email, "password": viewer.password])
            for path in [
                "/beneficiaries", "/beneficiaries/new", "/beneficiaries/import", "/beneficiaries/\(sam.id)",
                "/items/\(clock.id)/beneficiaries/new",
            ] {
                #expect(try await browser.get(path).status == .notFound, "\(path)")
            }
            let item = try await browser.get("/items/\(clock.id)").body.string
            #expect(!item.contains("Samuel Secret") && !item.contains("id=\"beneficiaries\""))
            let home = try await browser.get("/").body.string
            #expect(!home.contains("href=\"/beneficiaries\""))
            let posted = try await browser.post(
                "/items/\(clock.id)/beneficiaries", ["beneficiaryId": "new", "newName": "Intruder"])
            #expect(posted.status == .notFound)
            #expect(try await Beneficiary.query(on: app.db).count() == 1)
        }
    }
}
