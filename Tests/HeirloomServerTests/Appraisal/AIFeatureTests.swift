import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("AI appraiser features")
struct AIFeatureTests {
    @Test("POST /ai/analyze-item-photo takes a base64 photo with hints and a bearer token; viewers may not")
    func analyzePhoto() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, fake, _ in
            let owner = try await app.setUpHub()
            let photo = try await MediaFixtures.data("photo.jpg").base64EncodedString()
            let body: [String: any Sendable] = [
                "imageJpegBase64": photo, "hints": ["title": "Tea set", "notes": "Stamped 925 under the lid"],
            ]
            // when
            let response = try await app.api(.POST, "/ai/analyze-item-photo", token: owner.token, json: body)
            // then
            #expect(response.status == .ok, "\(response.body.string)")
            #expect(try response.decoded(Components.Schemas.ItemAnalysis.self).title == "Sterling silver tea set")
            #expect(fake.modelRequests.first?.body.contains("Stamped 925 under the lid") == true)

            let viewer = try await app.addMember(role: "viewer", by: owner)
            let refused = try await app.api(.POST, "/ai/analyze-item-photo", token: viewer.token, json: body)
            #expect(refused.status == .forbidden)
            #expect(try await app.api(.POST, "/ai/analyze-item-photo", json: body).status == .unauthorized)
            let notImage = try await app.api(
                .POST, "/ai/analyze-item-photo", token: owner.token,
                json: ["imageJpegBase64": Data("hello".utf8).base64EncodedString()])
            #expect(notImage.status == .unsupportedMediaType)
        }
    }

    @Test("notes are saved, sent as facts with every run, and kept when a run replaces the valuation")
    func notesAndValuation() async throws {
        try await withAI("openai", [Wire.openAI(Wire.analysis)]) { app, fake, _ in
            let owner = try await app.setUpHub()
            let id = try await app.itemWithPhoto(token: owner.token)
            let empty = try await app.api(.GET, "/api/items/\(id)/valuation", token: owner.token)
            #expect(empty.status == .ok)
            #expect(try empty.decoded(Components.Schemas.ItemValuation.self).userNotes == "")

            let saved = try await app.api(
                .PUT, "/api/items/\(id)/valuation/notes", token: owner.token,
                json: ["userNotes": "Weighs 1,450 g. Marked Gorham 1923."])
            #expect(saved.status == .ok, "\(saved.body.string)")
            // when
            #expect(try await app.api(.POST, "/api/items/\(id)/analysis", token: owner.token).status == .ok)
            #expect(try await app.api(.POST, "/api/items/\(id)/analysis", token: owner.token).status == .ok)
            // then
            #expect(fake.modelRequests.count == 2)
            #expect(fake.modelRequests.allSatisfy { $0.body.contains("Weighs 1,450 g. Marked Gorham 1923.") })
            #expect(fake.modelRequests.allSatisfy { $0.body.contains("authoritative") })
            let valuation = try await app.api(.GET, "/api/items/\(id)/valuation", token: owner.token)
            #expect(try valuation.decoded(Components.Schemas.ItemValuation.self).low == "800.00")
            #expect(try valuation.decoded(Components.Schemas.ItemValuation.self).high == "1200.00")
            #expect(try valuation.decoded(Components.Schemas.ItemValuation.self).provider == "openai")
            #expect(
                try valuation.decoded(Components.Schemas.ItemValuation.self).userNotes
                    == "Weighs 1,450 g. Marked Gorham 1923.")
            #expect(try await ItemValuation.query(on: app.db).count() == 1)

            // the notes are found by the item search
            let found = try await app.api(.GET, "/api/items?q=gorh", token: owner.token)
            #expect(
                try found.decoded(Components.Schemas.ItemPage.self).items.map(\.id).map { $0.lowercased() } == [
                    id.lowercased()
                ])

            let tooLong = try await app.api(
                .PUT, "/api/items/\(id)/valuation/notes", token: owner.token,
                json: ["userNotes": String(repeating: "a", count: 5001)])
            #expect(tooLong.status == .unprocessableEntity)
        }
    }

    @Test("an item without a photo cannot be analysed; a photo of another item is not found")
    func needsPhoto() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, _, _ in
            let owner = try await app.setUpHub()
            let created = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Clock"])
            let id = try created.decoded(Components.Schemas.Item.self).id
            let response = try await app.api(.POST, "/api/items/\(id)/analysis", token: owner.token)
            #expect(response.status == .unprocessableEntity, "\(response.body.string)")
            #expect(try response.apiError.field == "photoId")
            let other = try await app.api(
                .POST, "/api/items/\(id)/analysis", token: owner.token, json: ["photoId": UUID().uuidString])
            #expect(other.status == .notFound)
        }
    }

    @Test("apply merges sentences once, sets the category, the midpoint or a chosen value and the suggested prices")
    func apply() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, _, _ in
            let owner = try await app.setUpHub()
            let id = try await app.itemWithPhoto(token: owner.token)
            let analysed = try await app.api(.POST, "/api/items/\(id)/analysis", token: owner.token)
            let analysis = try #require(
                try JSONSerialization.jsonObject(with: Data(analysed.body.readableBytesView)) as? [String: Any])
            // when
            let first = try await app.api(
                .POST, "/api/items/\(id)/analysis/apply", token: owner.token, rawBody: jsonText(["analysis": analysis]))
            // then
            #expect(first.status == .ok, "\(first.body.string)")
            let item = try first.decoded(Components.Schemas.Item.self)
            #expect(item.category == "China & Crystal")
            #expect(item.estimatedValue == "1000.00")
            #expect(item.suggestedPriceUsed == "1000.00")
            #expect(item.suggestedPriceNew == "3000.00")
            #expect(item.description.contains("Made of sterling silver."))
            #expect(item.description.contains("Made by Gorham."))

            let second = try await app.api(
                .POST, "/api/items/\(id)/analysis/apply", token: owner.token,
                rawBody: jsonText(["analysis": analysis, "estimatedValue": "950"]))
            let again = try second.decoded(Components.Schemas.Item.self)
            #expect(again.description == item.description)
            #expect(again.estimatedValue == "950.00")

            var broken = analysis
            broken["category"] = "Spaceships"
            let refused = try await app.api(
                .POST, "/api/items/\(id)/analysis/apply", token: owner.token, rawBody: jsonText(["analysis": broken]))
            #expect(refused.status == .unprocessableEntity)
        }
    }

    @Test("viewers shown values read the valuation but not analyse, apply, save notes or add batches; others get 404")
    func permissions() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, fake, _ in
            let owner = try await app.setUpHub()
            let id = try await app.itemWithPhoto(token: owner.token)
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let editor = try await app.addMember(role: "editor", by: owner, name: "Cara", email: "cara@example.com")
            // kept from values (as a household starts), a viewer is told the valuation does not exist
            #expect(try await app.api(.GET, "/api/items/\(id)/valuation", token: viewer.token).status == .notFound)
            _ = try await app.api(.PATCH, "/api/household", token: owner.token, json: ["showValuesToViewers": true])
            #expect(try await app.api(.GET, "/api/items/\(id)/valuation", token: viewer.token).status == .ok)
            #expect(try await app.api(.POST, "/api/items/\(id)/analysis", token: viewer.token).status == .forbidden)
            #expect(
                try await app.api(
                    .PUT, "/api/items/\(id)/valuation/notes", token: viewer.token, json: ["userNotes": "x"]
                ).status == .forbidden)
            let photo = try await MediaFixtures.data("photo.jpg")
            #expect(
                try await app.multipart("/api/batches", token: viewer.token, files: [("file", "a.jpg", photo)]).status
                    == .forbidden)
            #expect(try await app.api(.POST, "/api/items/\(id)/analysis", token: editor.token).status == .ok)
            #expect(fake.modelRequests.count == 1)

            var analysis = try #require(
                try JSONSerialization.jsonObject(with: Data(Wire.analysis.utf8)) as? [String: Any])
            analysis["provider"] = "gemini"
            analysis["model"] = "gemini-test"
            // another household
            let strangerResponse = try await app.api(
                .POST, "/api/auth/register",
                json: [
                    "householdName": "Others", "name": "Zed", "email": "zed@example.com",
                    "password": "a long password 1",
                ])
            #expect(strangerResponse.status == .created)
            let stranger = try strangerResponse.decoded(Components.Schemas.AuthResponse.self).token
            #expect(try await app.api(.GET, "/api/items/\(id)/valuation", token: stranger).status == .notFound)
            #expect(try await app.api(.POST, "/api/items/\(id)/analysis", token: stranger).status == .notFound)
            #expect(
                try await app.api(
                    .POST, "/api/items/\(id)/analysis/apply", token: stranger,
                    rawBody: jsonText(["analysis": analysis])
                ).status == .notFound)
        }
    }

    @Test("GET /api/ai/status names the provider and model, says whether it answers, and never shows the key")
    func status() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, fake, _ in
            let owner = try await app.setUpHub()
            let response = try await app.api(.GET, "/api/ai/status", token: owner.token)
            #expect(response.status == .ok)
            #expect(try response.decoded(Components.Schemas.AIStatus.self).provider == .gemini)
            #expect(try response.decoded(Components.Schemas.AIStatus.self).model == "gemini-test")
            #expect(try response.decoded(Components.Schemas.AIStatus.self).available == true)
            #expect(!response.body.string.contains(testAIKey))
            #expect(fake.requests.first?.path == "/v1beta/models/gemini-test")
            #expect(fake.requests.first?.headers.first(name: "x-goog-api-key") == testAIKey)
        }
    }
}
