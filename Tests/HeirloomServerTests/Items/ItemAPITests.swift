import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Items over the API")
struct ItemAPITests {
    @Test("an item is created with exact money, a normalised category and a client id; repeating it makes no duplicate")
    func create() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let id = UUID().uuidString
            let body: [String: any Sendable] = [
                "id": id, "name": "Grandmother's silver tea set", "category": "china", "estimatedValue": "1250.5",
                "suggestedPriceNew": "3,000.00", "purchasePrice": "400", "purchaseDate": "1968-06-01",
                "description": "Hallmarked sterling, six pieces.",
            ]
            // when
            let created = try await app.api(.POST, "/api/items", token: owner.token, json: body)
            // then
            #expect(created.status == .created, "\(created.body.string)")
            let item = try created.decoded(Components.Schemas.Item.self)
            #expect(item.id.lowercased() == id.lowercased())
            #expect(item.category == "China & Crystal")
            #expect(item.estimatedValue == "1250.50")
            #expect(item.suggestedPriceNew == "3000.00")
            #expect(item.purchasePrice == "400.00")
            #expect(item.currencyCode == "USD")
            #expect(item.purchaseDate == "1968-06-01")

            // a phone that retries the same create gets the same item
            let again = try await app.api(.POST, "/api/items", token: owner.token, json: body)
            #expect(again.status == .ok)
            #expect(try await Item.query(on: app.db).count() == 1)
            // the same id with other content is a conflict
            var other = body
            other["name"] = "Something else"
            #expect(try await app.api(.POST, "/api/items", token: owner.token, json: other).status == .conflict)
        }
    }

    @Test(
        "bad fields are 422 naming the field and change nothing",
        arguments: [
            ("name", "", "name"), ("estimatedValue", "-5", "estimatedValue"), ("currencyCode", "XYZ", "currencyCode"),
            ("purchaseDate", "1998-02-30", "purchaseDate"), ("purchasePrice", "12.345", "purchasePrice"),
            ("suggestedPriceUsed", "lots", "suggestedPriceUsed"),
        ])
    func badFields(field: String, value: String, expected: String) async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            var body: [String: any Sendable] = ["name": "Rocking chair"]
            body[field] = value
            let response = try await app.api(.POST, "/api/items", token: owner.token, json: body)
            #expect(response.status == .unprocessableEntity, "\(response.body.string)")
            #expect(try response.apiError.field == expected)
            #expect(try await Item.query(on: app.db).count() == 0)
        }
    }

    @Test("update changes what is given; an empty string clears; viewers change nothing")
    func update() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let item = try await app.api(
                .POST, "/api/items", token: owner.token,
                json: ["name": "Clock", "estimatedValue": "90", "currencyCode": "eur"]
            ).decoded(Components.Schemas.Item.self)
            let patched = try await app.api(
                .PATCH, "/api/items/\(item.id)", token: owner.token,
                json: ["description": "Chimes hourly", "estimatedValue": ""]
            )
            #expect(patched.status == .ok)
            let saved = try patched.decoded(Components.Schemas.Item.self)
            #expect(saved.name == "Clock" && saved.description == "Chimes hourly" && saved.estimatedValue == nil)
            #expect(saved.currencyCode == "EUR")

            #expect(try await app.api(.GET, "/api/items/\(item.id)", token: viewer.token).status == .ok)
            for (method, path) in [
                (HTTPMethod.PATCH, "/api/items/\(item.id)"), (.DELETE, "/api/items/\(item.id)"), (.POST, "/api/items"),
            ] {
                let response = try await app.api(method, path, token: viewer.token, json: ["name": "Viewer's"])
                #expect(response.status == .forbidden, "\(method) \(path)")
            }
            let upload = try await app.multipart(
                "/api/items/\(item.id)/photos", token: viewer.token,
                files: [("file", "a.png", try await MediaFixtures.data("photo.png"))]
            )
            #expect(upload.status == .forbidden)
        }
    }

    @Test("the maker and serial number insurers ask for are kept, trimmed, cleared with an empty string, and checked")
    func makerAndSerialNumber() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let made = try await app.api(
                .POST, "/api/items", token: owner.token,
                json: ["name": "Wristwatch", "maker": "  Omega ", "serialNumber": "14389-61"])
            #expect(made.status == .created, "\(made.body.string)")
            let watch = try made.decoded(Components.Schemas.Item.self)
            let id = watch.id
            #expect(watch.maker == "Omega")
            #expect(watch.serialNumber == "14389-61")

            let tooLong = try await app.api(
                .PATCH, "/api/items/\(id)", token: owner.token,
                json: ["maker": "Wedgwood", "serialNumber": String(repeating: "9", count: 201)])
            #expect(tooLong.status == .unprocessableEntity)
            #expect(try tooLong.apiError.field == "serialNumber")
            let unchanged = try await app.api(.GET, "/api/items/\(id)", token: owner.token)
            #expect(try unchanged.decoded(Components.Schemas.Item.self).maker == "Omega")

            let cleared = try await app.api(.PATCH, "/api/items/\(id)", token: owner.token, json: ["maker": ""])
            #expect(cleared.status == .ok)
            let clearedWatch = try cleared.decoded(Components.Schemas.Item.self)
            #expect(clearedWatch.maker == nil)
            #expect(clearedWatch.serialNumber == "14389-61")
        }
    }

    @Test("photos, documents and stories are added, ordered, renamed and deleted; deleting the item frees everything")
    func media() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Persian rug"])
                .decoded(Components.Schemas.Item.self)
            let base = "/api/items/\(item.id)"
            // two photos in one request
            let photos = try await app.multipart(
                "\(base)/photos",
                token: owner.token,
                files: [
                    ("file", "front.jpg", try await MediaFixtures.data("photo.jpg")),
                    ("file", "back.heic", try await MediaFixtures.data("photo.heic")),
                ]
            )
            #expect(photos.status == .created, "\(photos.body.string)")
            var saved = try photos.decoded(Components.Schemas.Item.self)
            #expect(saved.photos.count == 2)
            // reorder: the HEIC becomes primary
            let order = saved.photos.map(\.id).reversed().map { $0 }
            let reordered = try await app.api(
                .PUT, "\(base)/photos/order", token: owner.token, json: ["photoIds": order])
            #expect(reordered.status == .ok)
            #expect(try reordered.decoded(Components.Schemas.Item.self).photos.map(\.id) == order)
            let badOrder = try await app.api(
                .PUT, "\(base)/photos/order", token: owner.token, json: ["photoIds": [order[0]]])
            #expect(badOrder.status == .unprocessableEntity)

            let document = try await app.multipart(
                "\(base)/documents", token: owner.token,
                files: [("file", "Appraisal.pdf", try await MediaFixtures.data("letter.pdf"))]
            )
            #expect(document.status == .created, "\(document.body.string)")
            saved = try document.decoded(Components.Schemas.Item.self)
            #expect(saved.documents.first?.kind == "PDF" && saved.documents.first?.fileName == "Appraisal.pdf")
            #expect(saved.documents.first?.pageCount == 2)

            let story = try await app.multipart(
                "\(base)/audio", token: owner.token,
                files: [("file", "recording.webm", try await MediaFixtures.data("story.webm"))],
                fields: ["title": "How Grandpa bought it in Tabriz"]
            )
            #expect(story.status == .created, "\(story.body.string)")
            let storyID = try story.decoded(Components.Schemas.AudioStory.self).id
            #expect(try story.decoded(Components.Schemas.AudioStory.self).title == "How Grandpa bought it in Tabriz")
            let renamed = try await app.api(
                .PATCH, "\(base)/audio/\(storyID)", token: owner.token, json: ["title": "Tabriz, 1961"])
            let renamedStory = try renamed.decoded(Components.Schemas.AudioStory.self)
            #expect(renamedStory.title == "Tabriz, 1961")
            let playable = try await app.download(renamedStory.url, token: owner.token)
            #expect(playable.headers.contentType == HTTPMediaType(type: "audio", subType: "mp4"))

            // a list shows the item exactly as its own answer does (lists read rows into records of their own)
            let shown = try await app.api(.GET, base, token: owner.token)
            let listed = try await app.api(.GET, "/api/items", token: owner.token)
            #expect(try listed.canonicalJSON("items") == shown.canonicalJSON())
            #expect(try shown.decoded(Components.Schemas.Item.self).photos.map(\.id) == order)

            // delete one photo, then the whole item
            #expect(try await app.api(.DELETE, "\(base)/photos/\(order[1])", token: owner.token).status == .noContent)
            #expect(
                try await app.api(.GET, base, token: owner.token).decoded(Components.Schemas.Item.self).photos.count
                    == 1)
            #expect(try await app.api(.DELETE, base, token: owner.token).status == .noContent)
            #expect(try await app.api(.GET, base, token: owner.token).status == .notFound)
            #expect(try await MediaObject.query(on: app.db).count() == 0)
            #expect(try await app.hub.media.store.allBlobs().isEmpty)
        }
    }

    @Test("lists page through newest first, sort by name or value, filter by category, and search by prefix")
    func listAndSearch() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let names = [
                ("Silver candlesticks", "Decor", "300"), ("Oak dresser", "Furniture", "1200"),
                ("Pearl necklace", "Jewelry", "2500"),
                ("Silk rug", "Rug", "800"), ("Toolbox", "Tools", "40"),
            ]
            for (name, category, value) in names {
                let response = try await app.api(
                    .POST, "/api/items", token: owner.token,
                    json: ["name": name, "category": category, "estimatedValue": value]
                )
                #expect(response.status == .created)
            }
            let first = try await app.api(.GET, "/api/items?limit=2", token: owner.token)
            #expect(try first.decoded(Components.Schemas.ItemPage.self).items.map(\.name) == ["Toolbox", "Silk rug"])
            let cursor = try #require(try first.decoded(Components.Schemas.ItemPage.self).nextCursor)
            let second = try await app.api(.GET, "/api/items?limit=2&cursor=\(cursor)", token: owner.token)
            #expect(
                try second.decoded(Components.Schemas.ItemPage.self).items.map(\.name) == [
                    "Pearl necklace", "Oak dresser",
                ])

            let byName = try await app.api(.GET, "/api/items?sort=name", token: owner.token)
            #expect(try byName.decoded(Components.Schemas.ItemPage.self).items.map(\.name).first == "Oak dresser")
            let byValue = try await app.api(.GET, "/api/items?sort=value", token: owner.token)
            #expect(try byValue.decoded(Components.Schemas.ItemPage.self).items.map(\.name).first == "Pearl necklace")
            let furniture = try await app.api(.GET, "/api/items?category=Furniture", token: owner.token)
            #expect(try furniture.decoded(Components.Schemas.ItemPage.self).items.map(\.name) == ["Oak dresser"])

            let search = try await app.api(.GET, "/api/items?q=sil", token: owner.token)
            #expect(
                Set(try search.decoded(Components.Schemas.ItemPage.self).items.map(\.name)) == [
                    "Silver candlesticks", "Silk rug",
                ])
            let jewelry = try await app.api(.GET, "/api/items?q=jewel", token: owner.token)
            #expect(try jewelry.decoded(Components.Schemas.ItemPage.self).items.map(\.name) == ["Pearl necklace"])
            let none = try await app.api(.GET, "/api/items?q=zebra", token: owner.token)
            #expect(try none.decoded(Components.Schemas.ItemPage.self).items.map(\.name).isEmpty)

            // an edit is found under its new name
            let toolbox = try await app.api(.GET, "/api/items?q=toolbox", token: owner.token).decoded(
                Components.Schemas.ItemPage.self
            ).items.map(\.id)[0]
            _ = try await app.api(
                .PATCH, "/api/items/\(toolbox)", token: owner.token, json: ["name": "Carpenter's chest"])
            #expect(
                try await app.api(.GET, "/api/items?q=carpent", token: owner.token).decoded(
                    Components.Schemas.ItemPage.self
                ).items.map(\.id) == [toolbox])
            #expect(
                try await app.api(.GET, "/api/items?q=toolbox", token: owner.token).decoded(
                    Components.Schemas.ItemPage.self
                ).items.map(\.id).isEmpty)

            let categories = try await app.api(.GET, "/api/categories", token: owner.token)
            #expect(try categories.decoded(Components.Schemas.CategoryList.self).categories.count == 15)
        }
    }

    @Test("another household's items are 404 and never in its lists")
    func separateHouseholds() async throws {
        var options = TestOptions()
        options.allowSignup = true
        try await withApp(options) { app in
            let owner = try await app.setUpHub()
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Secret heirloom"])
                .decoded(Components.Schemas.Item.self)
            let photo = try await app.multipart(
                "/api/items/\(item.id)/photos", token: owner.token,
                files: [("file", "a.png", try await MediaFixtures.data("photo.png"))]
            ).decoded(Components.Schemas.Item.self).photos[0]
            let sam = try await app.api(
                .POST, "/api/auth/register",
                json: [
                    "householdName": "Smiths", "name": "Sam", "email": "sam@example.com",
                    "password": "sam's long password",
                ]
            ).decoded(Components.Schemas.AuthResponse.self)
            #expect(try await app.api(.GET, "/api/items/\(item.id)", token: sam.token).status == .notFound)
            #expect(
                try await app.api(.PATCH, "/api/items/\(item.id)", token: sam.token, json: ["name": "Mine"]).status
                    == .notFound)
            #expect(
                try await app.api(.GET, "/api/items?q=secret", token: sam.token).decoded(
                    Components.Schemas.ItemPage.self
                ).items.map(\.id).isEmpty)
            #expect(
                try await app.api(.GET, "/api/items", token: sam.token).decoded(Components.Schemas.ItemPage.self).items
                    .map(\.id).isEmpty)
            #expect(try await app.download(photo.originalUrl, token: sam.token).status == .notFound)
            #expect(try await app.download(photo.originalUrl, token: owner.token).status == .ok)
        }
    }
}
