import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Hard cases: forged redirects, parallel guessing, absurd cursors, forged uploads")
struct HardeningTests {
    @Test(
        "a next address with control characters or a backslash goes Home",
        arguments: [
            "/%0D%0ASet-Cookie:%20heirloom_session=stolen", "/\t/evil.example", "/\\evil.example", "//evil.example",
        ])
    func nextIsSanitised(_ next: String) async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            let decoded = next.removingPercentEncoding ?? next
            let response = try await browser.post(
                "/login", ["email": owner.email, "password": owner.password, "next": decoded])
            #expect(response.headers.first(name: .location) == "/")
            #expect(response.headers[.setCookie].allSatisfy { !$0.contains("stolen") })
        }
    }

    @Test("twenty guesses sent at once are still held to five")
    func parallelGuesses() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await app.api(
                            .POST, "/api/auth/login", json: ["email": owner.email, "password": "wrong password!"]
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count <= 5)
            #expect(statuses.filter { $0 == .tooManyRequests }.count >= 15)
        }
    }

    @Test("only a local proxy's own X-Forwarded-For entry names the client")
    func forwardedFor() {
        #expect(Request.clientAddress(peer: "127.0.0.1", forwardedFor: ["10.0.0.7, 203.0.113.9"]) == "203.0.113.9")
        #expect(Request.clientAddress(peer: "127.0.0.1", forwardedFor: ["10.0.0.7", "198.51.100.4"]) == "198.51.100.4")
        #expect(Request.clientAddress(peer: "203.0.113.50", forwardedFor: ["10.0.0.7"]) == "203.0.113.50")
        #expect(Request.clientAddress(peer: nil, forwardedFor: ["10.0.0.7"]) == "unknown")
    }

    @Test("an absurd cursor or offset is refused, never a crash")
    func absurdCursor() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let api = try await app.api(.GET, "/api/items?cursor=9223372036854775807", token: owner.token)
            #expect(api.status == .badRequest)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.get("/items?category=Art&offset=9223372036854775807")
            #expect(page.status == .ok)
        }
    }

    @Test("an upload form whose file comes before its CSRF field is refused before anything is stored")
    func uploadCSRFFirst() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Lamp"]).content
                .decode(ItemBody.self)
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
            let media = try upload.content.decode(MediaBody.self)
            _ = try await app.api(.PATCH, "/api/members/\(ben.id)", token: owner.token, json: ["role": "viewer"])
            #expect(try await app.api(.DELETE, "/api/media/\(media.id)", token: ben.token).status == .forbidden)
        }
    }
}
