import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("AI batch add from photos")
struct AIBatchTests {
    @Test("photos are analysed in the background; one failure shows its own error, is retried, and all are imported")
    func batchFlow() async throws {
        try await withAI("gemini", [Wire.geminiPromptBlocked, Wire.gemini(Wire.analysis)]) { app, _, _ in
            let owner = try await app.setUpHub()
            let photo = try await MediaFixtures.data("photo.jpg")
            // when
            let created = try await app.multipart(
                "/api/batches", token: owner.token,
                files: [("file", "one.jpg", photo), ("file", "two.jpg", photo), ("file", "three.jpg", photo)])
            // then
            #expect(created.status == .created, "\(created.body.string)")
            let id = try created.content.get(String.self, at: "id")
            var batch = try await app.settledBatch(id, token: owner.token)
            #expect(try batch.list("entries", "fileName") == ["one.jpg", "two.jpg", "three.jpg"])
            #expect(try batch.list("entries", "state").sorted() == ["done", "done", "failed"])
            #expect(batch.body.string.contains("ai_blocked"))

            let retried = try await app.api(.POST, "/api/batches/\(id)/retry", token: owner.token)
            #expect(retried.status == .ok)
            batch = try await app.settledBatch(id, token: owner.token)
            #expect(try batch.list("entries", "state") == ["done", "done", "done"])

            // import two, one with an edited title and value
            let imported = try await app.api(
                .POST, "/api/batches/\(id)/import", token: owner.token,
                rawBody: jsonText([
                    "entries": [["index": 0, "title": "Grandma's tea set", "estimatedValue": "1500"], ["index": 2]]
                ]))
            #expect(imported.status == .created, "\(imported.body.string)")
            #expect(try imported.list("items", "name") == ["Grandma's tea set", "Sterling silver tea set"])
            #expect(try imported.list("items", "estimatedValue") == ["1500.00", "1000.00"])
            let items = try await app.api(.GET, "/api/items", token: owner.token)
            #expect(try items.list("items", "name").count == 2)
            let item = try imported.decoded(Components.Schemas.ImportedItems.self).items[0]
            #expect(item.photos.count == 1)
            #expect(try await app.download(item.photos[0].thumbnailUrl, token: owner.token).status == .ok)

            let again = try await app.api(
                .POST, "/api/batches/\(id)/import", token: owner.token, rawBody: jsonText(["entries": [["index": 0]]]))
            #expect(again.status == .conflict)
        }
    }

    @Test("at most 25 photos; viewers and other households do not see batches")
    func limits() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, _, _ in
            let owner = try await app.setUpHub()
            let photo = try await MediaFixtures.data("photo.png")
            let files = (0..<26).map { (field: "file", name: "p\($0).png", data: photo) }
            let tooMany = try await app.multipart("/api/batches", token: owner.token, files: files)
            #expect(tooMany.status == .unprocessableEntity)
            #expect(try await AppraisalBatch.query(on: app.db).count() == 0)
            #expect(try await MediaObject.query(on: app.db).count() == 0)

            let created = try await app.multipart("/api/batches", token: owner.token, files: [files[0]])
            let id = try created.content.get(String.self, at: "id")
            _ = try await app.settledBatch(id, token: owner.token)
            let viewer = try await app.addMember(role: "viewer", by: owner)
            #expect(try await app.api(.GET, "/api/batches/\(id)", token: viewer.token).status == .notFound)
            #expect(try await app.api(.POST, "/api/batches/\(id)/retry", token: viewer.token).status == .forbidden)
            #expect(try await app.api(.GET, "/api/batches/\(UUID())", token: owner.token).status == .notFound)
        }
    }
}

extension AIBatchTests {
    @Test("a batch older than 30 days is deleted with the photos that were not imported; imported ones stay")
    func oldBatchesArePruned() async throws {
        let clock = TestClock()
        try await withAI("gemini", [Wire.gemini(Wire.analysis)], clock: clock) { app, _, _ in
            let owner = try await app.setUpHub()
            let photo = try await MediaFixtures.data("photo.jpg")
            let created = try await app.multipart(
                "/api/batches", token: owner.token, files: [("file", "a.jpg", photo), ("file", "b.jpg", photo)])
            let id = try created.content.get(String.self, at: "id")
            _ = try await app.settledBatch(id, token: owner.token)
            let imported = try await app.api(
                .POST, "/api/batches/\(id)/import", token: owner.token, rawBody: jsonText(["entries": [["index": 0]]]))
            #expect(imported.status == .created)
            #expect(try await MediaObject.query(on: app.db).count() == 2)
            // when a month later another batch is started
            clock.advance(by: 31 * 24 * 60 * 60)
            let next = try await app.multipart("/api/batches", token: owner.token, files: [("file", "c.jpg", photo)])
            _ = try await app.settledBatch(try next.content.get(String.self, at: "id"), token: owner.token)
            // then the old batch is gone with its photo that was not imported; the imported item keeps its photo
            #expect(try await app.api(.GET, "/api/batches/\(id)", token: owner.token).status == .notFound)
            #expect(try await MediaObject.query(on: app.db).count() == 2)
            let items = try await app.api(.GET, "/api/items", token: owner.token)
            #expect(try items.list("items", "name").count == 1)
        }
    }
}

@Suite("AI help with beneficiaries")
struct AIBeneficiaryHelpTests {
    @Test("a message is drafted from the story, relationship and tone; suggestions name known people; nothing saved")
    func draftAndSuggest() async throws {
        try await withAI("openai", [Wire.openAI(#"{"message":"Dear Ben, the tea set is yours."}"#)]) { app, fake, _ in
            let owner = try await app.setUpHub()
            let item = try await app.api(
                .POST, "/api/items", token: owner.token,
                json: ["name": "Tea set", "description": "We drank from it every Sunday."])
            let itemID = try item.content.get(String.self, at: "id")
            let ben = try await app.api(
                .POST, "/api/beneficiaries", token: owner.token,
                json: ["name": "Ben Miller", "relationship": "Grandchild"])
            let benID = try ben.content.get(String.self, at: "id")
            let cara = try await app.api(
                .POST, "/api/beneficiaries", token: owner.token,
                json: ["name": "Cara Miller", "relationship": "Daughter"])
            let caraID = try cara.content.get(String.self, at: "id")
            let link = try await app.api(
                .POST, "/api/items/\(itemID)/beneficiaries", token: owner.token, json: ["beneficiaryId": benID])
            let linkID = try link.content.get(String.self, at: "id")
            // when
            let draft = try await app.api(
                .POST, "/api/items/\(itemID)/beneficiaries/\(linkID)/draft-message", token: owner.token,
                json: ["tone": "lighthearted"])
            // then
            #expect(draft.status == .ok, "\(draft.body.string)")
            #expect(try draft.content.get(String.self, at: "message") == "Dear Ben, the tea set is yours.")
            let sent = try #require(fake.modelRequests.last?.body)
            #expect(sent.contains("We drank from it every Sunday."))
            #expect(sent.contains("grandchild"))
            #expect(sent.contains("light-hearted"))
            let links = try await app.api(.GET, "/api/items/\(itemID)/beneficiaries", token: owner.token)
            #expect(!links.body.string.contains("the tea set is yours"))

            fake.answer([
                Wire.openAI(
                    Wire.json([
                        "suggestions": [
                            ["beneficiaryId": caraID, "reason": "She set the table every Sunday."],
                            ["beneficiaryId": UUID().uuidString, "reason": "Made up."],
                        ]
                    ]))
            ])
            let suggested = try await app.api(.POST, "/api/items/\(itemID)/suggest-beneficiaries", token: owner.token)
            #expect(suggested.status == .ok, "\(suggested.body.string)")
            let list = try suggested.content.decode([[String: String]].self)
            #expect(list == [["beneficiaryId": caraID, "reason": "She set the table every Sunday."]])

            let viewer = try await app.addMember(role: "viewer", by: owner)
            #expect(
                try await app.api(.POST, "/api/items/\(itemID)/suggest-beneficiaries", token: viewer.token).status
                    == .notFound)
            #expect(
                try await app.api(
                    .POST, "/api/items/\(itemID)/beneficiaries/\(linkID)/draft-message", token: viewer.token
                ).status == .notFound)
        }
    }
}

@Suite("AI offline provider")
struct AIOfflineTests {
    @Test("the offline provider reads printed text with Tesseract, guesses the category and never gives a value")
    func offline() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let photo = try await MediaFixtures.data("sterling.png")
            let response = try await app.api(
                .POST, "/ai/analyze-item-photo", token: owner.token,
                json: ["imageJpegBase64": photo.base64EncodedString()])
            #expect(response.status == .ok, "\(response.body.string)")
            let analysis = try response.decoded(Components.Schemas.ItemAnalysis.self)
            #expect(analysis.extractedText?.contains("STERLING 925") == true)
            #expect(analysis.category == "Jewelry")
            #expect(analysis.valueHints == nil)
            #expect(analysis.provider == "offline")
            #expect(analysis.aiNotes?.contains("HEIRLOOM_AI_PROVIDER") == true)
            #expect(analysis.description.contains("800 × 200 pixels"))

            let id = try await app.itemWithPhoto(token: owner.token, name: "Spoon", photo: "sterling.png")
            let item = try await app.api(.POST, "/api/items/\(id)/analysis", token: owner.token)
            #expect(
                try item.decoded(Components.Schemas.ItemAnalysis.self).extractedText?.contains("STERLING 925") == true)
            let status = try await app.api(.GET, "/api/ai/status", token: owner.token)
            #expect(try status.content.get(String.self, at: "provider") == "offline")
            #expect(try status.content.get(String.self, at: "message").contains("valuation needs a model provider"))
        }
    }
}

@Suite("AI configuration")
struct AIConfigTests {
    @Test("offline by default; a bad provider, a missing key or a bad timeout stops start-up naming the variable")
    func config() throws {
        #expect(try HeirloomConfig.load(from: [:]).ai.provider == .offline)
        let gemini = try HeirloomConfig.load(from: ["HEIRLOOM_AI_PROVIDER": "gemini", "HEIRLOOM_AI_API_KEY": "k-123"])
        #expect(gemini.ai.model == "gemini-2.5-flash")
        #expect(gemini.ai.baseURL.absoluteString == "https://generativelanguage.googleapis.com")
        #expect(!"\(gemini)".contains("k-123"))
        let local = try HeirloomConfig.load(from: [
            "HEIRLOOM_AI_PROVIDER": "openai", "HEIRLOOM_AI_BASE_URL": "http://127.0.0.1:11434/v1",
            "HEIRLOOM_AI_MODEL": "llava",
        ])
        #expect(local.ai.apiKey == nil)
        let homeNetwork = try HeirloomConfig.load(from: [
            "HEIRLOOM_AI_PROVIDER": "openai", "HEIRLOOM_AI_BASE_URL": "http://192.168.1.5:11434/v1",
            "HEIRLOOM_AI_API_KEY": "k",
        ])
        #expect(homeNetwork.ai.apiKey != nil)
        for (environment, variable) in [
            (["HEIRLOOM_AI_PROVIDER": "claude"], "HEIRLOOM_AI_PROVIDER"),
            (["HEIRLOOM_AI_PROVIDER": "gemini"], "HEIRLOOM_AI_API_KEY"),
            (["HEIRLOOM_AI_PROVIDER": "openai"], "HEIRLOOM_AI_API_KEY"),
            (["HEIRLOOM_AI_TIMEOUT_SECONDS": "soon"], "HEIRLOOM_AI_TIMEOUT_SECONDS"),
            (["HEIRLOOM_AI_CONCURRENCY": "0"], "HEIRLOOM_AI_CONCURRENCY"),
            (["HEIRLOOM_AI_PROVIDER": "openai", "HEIRLOOM_AI_BASE_URL": "ftp://x"], "HEIRLOOM_AI_BASE_URL"),
            // A key never travels in clear text beyond this machine or the home network.
            (
                [
                    "HEIRLOOM_AI_PROVIDER": "openai", "HEIRLOOM_AI_BASE_URL": "http://ai.example.com/v1",
                    "HEIRLOOM_AI_API_KEY": "k",
                ], "HEIRLOOM_AI_BASE_URL"
            ),
        ] {
            #expect(throws: ConfigError.self) { try HeirloomConfig.load(from: environment) }
            do {
                _ = try HeirloomConfig.load(from: environment)
            } catch let error as ConfigError {
                #expect(error.variable == variable)
            }
        }
    }
}
