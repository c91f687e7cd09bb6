import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// What an independent review of the AI appraiser tried: keys that could leak, imports that could double,
/// first runs that could collide.
@Suite("The AI appraiser with a redirecting provider and simultaneous requests")
struct AIConcurrencyTests {
    @Test(
        "a redirect from the provider is not followed, so the key goes nowhere else; the error says to check settings")
    func redirectsAreNotFollowed() async throws {
        let elsewhere = try await FakeAIProvider.start([Wire.gemini(Wire.analysis)])
        let redirect = FakeAIProvider.Reply(
            status: .temporaryRedirect, headers: ["Location": elsewhere.baseURL + "/v1beta/models/x:generateContent"],
            body: "")
        try await withAI("gemini", [redirect]) { app, _, _ in
            let owner = try await app.setUpHub()
            let item = try await app.itemWithPhoto(token: owner.token)

            let analysed = try await app.api(.POST, "/api/items/\(item)/analysis", token: owner.token, json: [:])

            #expect(analysed.status == .badGateway, "\(analysed.body.string)")
            #expect(try analysed.apiError.code == "ai_refused")
            #expect(elsewhere.requests.isEmpty, "the key was sent to the redirect's target")
        }
        await elsewhere.shutdown()
    }

    @Test("two first analyses of an item at once both answer, and one valuation is kept")
    func concurrentFirstRuns() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, _, _ in
            let owner = try await app.setUpHub()
            let item = try await app.itemWithPhoto(token: owner.token)

            async let first = app.api(.POST, "/api/items/\(item)/analysis", token: owner.token, json: [:])
            async let second = app.api(.POST, "/api/items/\(item)/analysis", token: owner.token, json: [:])
            let statuses = try await [first.status, second.status]

            #expect(statuses == [.ok, .ok])
            #expect(try await ItemValuation.query(on: app.db).count() == 1)
        }
    }

    @Test("an import is all or nothing, names each photo once, and two at once make one item per photo")
    func importIsAtomic() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, _, _ in
            let owner = try await app.setUpHub()
            let photo = try await MediaFixtures.data("photo.jpg")
            let created = try await app.multipart(
                "/api/batches", token: owner.token, files: [("file", "one.jpg", photo), ("file", "two.jpg", photo)])
            let id = try created.decoded(Components.Schemas.BatchCreated.self).id
            _ = try await app.settledBatch(id, token: owner.token)
            let importPath = "/api/batches/\(id)/import"

            let twice = try await app.api(
                .POST, importPath, token: owner.token, rawBody: jsonText(["entries": [["index": 0], ["index": 0]]]))
            let halfBad = try await app.api(
                .POST, importPath, token: owner.token,
                rawBody: jsonText(["entries": [["index": 0], ["index": 1, "estimatedValue": "about 750"]]]))

            #expect(twice.status == .unprocessableEntity)
            #expect(halfBad.status == .unprocessableEntity)
            #expect(try await Item.query(on: app.db).count() == 0, "nothing was imported")

            async let first = app.api(
                .POST, importPath, token: owner.token, rawBody: jsonText(["entries": [["index": 1]]]))
            async let second = app.api(
                .POST, importPath, token: owner.token, rawBody: jsonText(["entries": [["index": 1]]]))
            let statuses = try await [first.status, second.status].map(\.code).sorted()

            #expect(statuses == [201, 409])
            #expect(try await Item.query(on: app.db).count() == 1)
            #expect(try await ItemPhoto.query(on: app.db).count() == 1)
        }
    }
}
