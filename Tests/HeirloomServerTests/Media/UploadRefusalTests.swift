import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Uploads refused before anything is stored or deleted")
struct UploadRefusalTests {
    @Test("an upload form whose file comes before its CSRF field is refused before anything is stored")
    func uploadCSRFFirst() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Lamp"]).decoded(
                Components.Schemas.Item.self)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let boundary = "b"
            var body = Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n".utf8)
            body += try await MediaFixtures.data("photo.png")
            body += Data(
                "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(try #require(browser.csrf))\r\n--\(boundary)--\r\n"
                    .utf8)
            var headers = browser.cookieHeaders()
            headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
            let response = try await app.testing().sendRequest(
                .POST, "/items/\(item.id)/photos", headers: headers, body: ByteBuffer(data: body))
            #expect(response.status == .forbidden)
            #expect(try await MediaObject.query(on: app.db).count() == 0)
        }
    }

    @Test("a viewer cannot delete even their own earlier upload")
    func viewerDeletesNothing() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: owner)
            let upload = try await app.upload(try await MediaFixtures.data("photo.png"), use: "photo", token: ben.token)
            let media = try upload.decoded(Components.Schemas.MediaFile.self)
            _ = try await app.api(.PATCH, "/api/members/\(ben.id)", token: owner.token, json: ["role": "viewer"])
            #expect(try await app.api(.DELETE, "/api/media/\(media.id)", token: ben.token).status == .forbidden)
        }
    }
}
