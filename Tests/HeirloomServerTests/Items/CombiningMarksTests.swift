import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A letter with a pile of combining marks is refused where text comes in, so no page or report lays it out.
@Suite("Names made of one letter with tens of thousands of combining marks")
struct CombiningMarksTests {
    static let pile = "e" + String(repeating: "\u{0301}", count: 40_000)

    @Test("An item named e with 40,000 accents is refused naming the field, and nothing is stored")
    func itemName() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()

            // when
            let named = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": Self.pile])
            let described = try await app.api(
                .POST, "/api/items", token: owner.token, json: ["name": "Vase", "description": Self.pile])
            let beneficiary = try await app.api(
                .POST, "/api/beneficiaries", token: owner.token, json: ["name": Self.pile, "relationship": "son"])

            // then
            for (response, field) in [(named, "name"), (described, "description"), (beneficiary, "name")] {
                #expect(response.status == .unprocessableEntity, "\(response.body.string.prefix(300))")
                let error = try response.apiError
                #expect(error.field == field)
                #expect(error.message.contains("too many accents or marks"), "\(error.message)")
            }
            let items = try await app.api(.GET, "/api/items", token: owner.token)
            #expect(
                try items.decoded(Components.Schemas.ItemPage.self).items.map(\.name).isEmpty, "\(items.body.string)")
            let people = try await app.api(.GET, "/api/beneficiaries", token: owner.token)
            #expect(
                try people.decoded(Components.Schemas.BeneficiaryList.self).beneficiaries.map(\.name).isEmpty,
                "\(people.body.string)")
        }
    }

    @Test("The web form refuses the same name and stores nothing")
    func itemForm() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])

            // when
            let page = try await browser.post("/items", ["name": Self.pile, "category": "Other"])

            // then
            #expect((400..<500).contains(page.status.code), "\(page.status)")
            #expect(page.body.string.contains("too many accents or marks"), "\(page.body.string.prefix(500))")
            let items = try await app.api(.GET, "/api/items", token: owner.token)
            #expect(
                try items.decoded(Components.Schemas.ItemPage.self).items.map(\.name).isEmpty, "\(items.body.string)")
        }
    }

    @Test("A document whose file name is a letter with 40,000 accents is kept under a name that fits")
    func fileName() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Vase"])
            let itemID = try item.decoded(Components.Schemas.Item.self).id

            // when
            let document = try await app.multipart(
                "/api/items/\(itemID)/documents", token: owner.token,
                files: [("file", Self.pile + ".pdf", try await MediaFixtures.data("letter.pdf"))])

            // then
            #expect(document.status == .created, "\(document.body.string.prefix(300))")
            let name = try #require(try document.decoded(Components.Schemas.Item.self).documents.first).fileName
            #expect(TextLimit.fits(name, maximum: 200), "\(name.unicodeScalars.count) scalars")
        }
    }
}
