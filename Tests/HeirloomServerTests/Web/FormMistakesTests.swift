import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("One trip per form: every mistake at once, at the form's own address")
struct FormMistakesTests {
    @Test("the API names every refused field, the first as before; one mistake alone has no list")
    func apiListsEveryField() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let refused = try await app.api(
                .POST, "/api/items", token: owner.token,
                json: ["name": "Clock", "estimatedValue": "twenty-ish", "purchaseDate": "1998-02-30"])
            #expect(refused.status == .unprocessableEntity)
            let error = try refused.apiError
            #expect(error.code == "invalid_field")
            #expect(error.field == "estimatedValue")
            #expect(error.fields?.map(\.field) == ["estimatedValue", "purchaseDate"])
            #expect(error.fields?.first?.message == error.message)

            let one = try await app.api(
                .POST, "/api/items", token: owner.token, json: ["name": "Clock", "estimatedValue": "twenty-ish"])
            #expect(try one.apiError.field == "estimatedValue")
            #expect(try one.apiError.fields == nil)
            let items = try await app.api(.GET, "/api/items", token: owner.token).body.string
            #expect(!items.contains("Clock"))
        }
    }

    @Test("the new item form posts to its own address and says both mistakes beside their fields")
    func newItemForm() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            #expect(try await browser.get("/items/new").body.string.contains(#"action="/items/new""#))

            let refused = try await browser.post(
                "/items/new", ["name": "Sewing box", "estimatedValue": "twenty-ish", "purchasePrice": "a lot"])
            #expect(refused.status == .unprocessableEntity)
            let page = refused.body.string
            #expect(page.contains(#"id="item-estimatedValue-error""#))
            #expect(page.contains(#"id="item-purchasePrice-error""#))
            #expect(page.contains(#"action="/items/new""#))
            #expect(page.contains("Sewing box"))
            #expect(!(try await app.api(.GET, "/api/items", token: owner.token).body.string.contains("Sewing box")))

            let saved = try await browser.post("/items/new", ["name": "Sewing box", "estimatedValue": "20"])
            #expect(saved.status == .seeOther)
            let itemPath = try #require(saved.headers.first(name: .location))
            let edit = try await browser.get("\(itemPath)/edit").body.string
            #expect(edit.contains(#"action="\#(itemPath)/edit""#))
            let changed = try await browser.post("\(itemPath)/edit", ["name": "Sewing basket", "quantity": "0"])
            #expect(changed.status == .unprocessableEntity)
            #expect(changed.body.string.contains(#"id="item-quantity-error""#))
        }
    }

    @Test("a wrong current password and a second typing that differs are said together")
    func passwordForm() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.get("/settings").body.string
            #expect(page.contains(#"data-form-page="/settings""#))
            let refused = try await browser.post(
                "/settings/password",
                [
                    "currentPassword": "not my password", "newPassword": "a boat on the lake",
                    "confirmPassword": "a boat on the lakes",
                ])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains(#"id="currentPassword-error""#))
            #expect(refused.body.string.contains(#"id="confirmPassword-error""#))
            let still = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            #expect(still.status == .seeOther)
        }
    }

    @Test("every form names the page it lives on, which a refresh opens: never an address that only takes a form")
    func formsNameTheirPage() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let newMemory = try await browser.get("/memories/new?type=text").body.string
            #expect(newMemory.contains(#"action="/memories/new""#))
            #expect(newMemory.contains(#"data-form-page="/memories/new""#))
            let newCard = try await browser.get("/journal/cards/new").body.string
            #expect(newCard.components(separatedBy: #"data-form-page="/journal/cards/new""#).count == 3)
            #expect(newCard.contains(#"action="/journal/cards/voice""#))
            let passingOn = try await browser.get("/settings/passing-on").body.string
            #expect(passingOn.contains(#"data-form-page="/settings/passing-on""#))

            // and a partner's own form still offers to remove it
            let saved = try await browser.post(
                "/settings/partners/new", ["name": "Boise Consignment", "partnerType": "consignment"])
            #expect(saved.status == .seeOther, "\(saved.body.string.prefix(300))")
            let list = try await browser.get("/settings/partners").body.string
            let edit = try #require(list.firstMatch(of: /\/settings\/partners\/[0-9A-Fa-f-]{36}\/edit/))
            let form = try await browser.get(String(edit.output)).body.string
            #expect(form.contains(#"action="\#(edit.output)""#))
            #expect(form.contains("Remove this partner"))
        }
    }
}
