import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Item pages")
struct ItemWebTests {
    @Test("an item added in the browser shows on Home and in the list; a form error keeps what was typed")
    func addItem() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            #expect(try await browser.get("/items").body.string.contains("Add your first item"))

            let bad = try await browser.post(
                "/items", ["name": "Mantel clock", "estimatedValue": "-3", "currencyCode": "USD"])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.string.contains("Mantel clock"))

            let created = try await browser.post(
                "/items", ["name": "Mantel clock", "estimatedValue": "450", "currencyCode": "USD", "category": "decor"]
            )
            let location = try #require(created.headers.first(name: .location))
            let page = try await browser.get(location)
            #expect(page.body.string.contains("Mantel clock") && page.body.string.contains("$450"))
            #expect(try await browser.get("/items").body.string.contains("Mantel clock"))
            let home = try await browser.get("/")
            #expect(home.body.string.contains("Mantel clock"))
        }
    }

    @Test("a photo uploaded through the plain form is attached; a viewer sees it but gets no edit controls")
    func uploadForm() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Brass lamp"])
                .decoded(Components.Schemas.Item.self)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let csrf = try #require(browser.csrf)
            let boundary = "form-boundary"
            var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(csrf)\r\n".utf8)
            body += Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"lamp.png\"\r\n\r\n".utf8)
            body += try await MediaFixtures.data("photo.png") + Data("\r\n--\(boundary)--\r\n".utf8)
            var headers = browser.cookieHeaders()
            headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
            let response = try await app.testing().sendRequest(
                .POST, "/items/\(item.id)/photos", headers: headers, body: ByteBuffer(data: body)
            )
            #expect(response.headers.first(name: .location) == "/items/\(item.id)#photos")
            let saved = try await app.api(.GET, "/api/items/\(item.id)", token: owner.token).decoded(
                Components.Schemas.Item.self)
            #expect(saved.photos.count == 1)
            #expect(try await app.testing().sendRequest(.GET, "/api/media/x", headers: headers).status == .notFound)

            let viewerBrowser = WebSession(app: app)
            _ = try await viewerBrowser.post("/login", ["email": viewer.email, "password": viewer.password])
            let page = try await viewerBrowser.get("/items/\(item.id)")
            #expect(
                page.body.string.contains(saved.photos[0].thumbnailUrl)
                    || page.body.string.contains(saved.photos[0].displayUrl))
            #expect(!page.body.string.contains("Upload photos"))
            #expect(try await viewerBrowser.get("/items/\(item.id)/edit").status == .forbidden)
        }
    }
}
