import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Odd uploads: empty multipart bodies and endless text parts")
struct MultipartPartLimitTests {
    /// A multipart body with no parts at all, only the closing boundary.
    static func emptyMultipart(_ app: Application, _ path: String, token: String) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.bearerAuthorization = BearerAuthorization(token: token)
        headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=nothing-here")
        return try await app.testing().sendRequest(
            .POST, path, headers: headers, body: ByteBuffer(string: "--nothing-here--\r\n"))
    }

    @Test("a multipart body without parts is a 400 in the JSON error shape on every multipart call, storing nothing")
    func emptyMultipartBodies() async throws {
        try await withApp { app in
            // given a hub with an item and a person
            let owner = try await app.setUpHub()
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Lamp"])
                .decoded(Components.Schemas.Item.self).id
            let person = try await app.addPerson("Rose", token: owner.token)
            let paths = [
                "/api/items/\(item)/photos", "/api/items/\(item)/documents", "/api/items/\(item)/audio",
                "/api/batches", "/api/beneficiaries/import",
            ]
            for path in paths {
                // when a body with only the closing boundary is sent
                let response = try await Self.emptyMultipart(app, path, token: owner.token)

                // then it is the client's mistake, said in JSON
                #expect(response.status == .badRequest, "\(path): \(response.status) \(response.body.string)")
                #expect((try? response.apiError.code) == "bad_request", "\(path): \(response.body.string)")
            }
            // the other multipart calls say which part is missing, or that the body could not be read
            for path in ["/api/memories", "/api/journal/cards", "/api/people/\(person)/avatar"] {
                let response = try await Self.emptyMultipart(app, path, token: owner.token)
                #expect([.badRequest, .unprocessableEntity].contains(response.status), "\(path): \(response.status)")
                #expect((try? response.apiError.code) != nil, "\(path): \(response.body.string)")
            }
            #expect(try await app.mediaCount() == 0)
            #expect(try await AppraisalBatch.query(on: app.db).count() == 0)
        }
    }

    @Test("endless tags parts on a voice card are refused before the recording is stored")
    func endlessTagParts() async throws {
        try await withApp { app in
            // given a member's drawer
            let ann = try await app.setUpHub()
            let daily = try #require(try await app.journalDrawers(ann)["Daily"])

            // when a voice card comes with thousands of tags parts
            let tags = (0..<5000).map { ("tags", "tag number \($0)") }
            let response = try await app.voiceCard(
                ann, parts: [("drawerId", daily)] + tags, file: try await MediaFixtures.data("story.webm"))

            // then the request is refused for its size and nothing is kept
            #expect(response.status == .payloadTooLarge, "\(response.body.string)")
            #expect(try response.apiError.code == "payload_too_large")
            #expect(try await app.mediaCount() == 0)
        }
    }

    @Test("endless personIds parts on a memory are refused")
    func endlessPersonParts() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let person = try await app.addPerson("Rose", token: owner.token)
            let people = (0..<5000).map { _ in Part.text("personIds", "\(person)") }
            let response = try await app.sendParts(
                "/api/memories", token: owner.token,
                parts: [.text("type", "text"), .text("title", "Harbour"), .text("content", "We sailed.")] + people)
            #expect(response.status == .payloadTooLarge, "\(response.body.string)")
            #expect(try response.apiError.code == "payload_too_large")
            #expect(
                try await app.api(.GET, "/api/memories", token: owner.token).decoded(Components.Schemas.MemoryPage.self)
                    .memories.map(\.id).isEmpty)
        }
    }
}
