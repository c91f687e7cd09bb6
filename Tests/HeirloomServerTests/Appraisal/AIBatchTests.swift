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
            let id = try created.decoded(Components.Schemas.BatchCreated.self).id
            var batch = try await app.settledBatch(id, token: owner.token)
            #expect(
                try batch.decoded(Components.Schemas.Batch.self).entries.map(\.fileName) == [
                    "one.jpg", "two.jpg", "three.jpg",
                ])
            #expect(
                try batch.decoded(Components.Schemas.Batch.self).entries.map(\.state.rawValue).sorted() == [
                    "done", "done", "failed",
                ])
            #expect(batch.body.string.contains("ai_blocked"))

            let retried = try await app.api(.POST, "/api/batches/\(id)/retry", token: owner.token)
            #expect(retried.status == .ok)
            batch = try await app.settledBatch(id, token: owner.token)
            #expect(
                try batch.decoded(Components.Schemas.Batch.self).entries.map(\.state.rawValue) == [
                    "done", "done", "done",
                ])

            // import two, one with an edited title and value
            let imported = try await app.api(
                .POST, "/api/batches/\(id)/import", token: owner.token,
                rawBody: jsonText([
                    "entries": [["index": 0, "title": "Grandma's tea set", "estimatedValue": "1500"], ["index": 2]]
                ]))
            #expect(imported.status == .created, "\(imported.body.string)")
            #expect(
                try imported.decoded(Components.Schemas.ImportedItems.self).items.map(\.name) == [
                    "Grandma's tea set", "Sterling silver tea set",
                ])
            #expect(
                try imported.decoded(Components.Schemas.ImportedItems.self).items.map(\.estimatedValue) == [
                    "1500.00", "1000.00",
                ])
            let items = try await app.api(.GET, "/api/items", token: owner.token)
            #expect(try items.decoded(Components.Schemas.ItemPage.self).items.map(\.name).count == 2)
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
            let id = try created.decoded(Components.Schemas.BatchCreated.self).id
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
            let id = try created.decoded(Components.Schemas.BatchCreated.self).id
            _ = try await app.settledBatch(id, token: owner.token)
            let imported = try await app.api(
                .POST, "/api/batches/\(id)/import", token: owner.token, rawBody: jsonText(["entries": [["index": 0]]]))
            #expect(imported.status == .created)
            #expect(try await MediaObject.query(on: app.db).count() == 2)
            // when a month later another batch is started
            clock.advance(by: 31 * 24 * 60 * 60)
            let next = try await app.multipart("/api/batches", token: owner.token, files: [("file", "c.jpg", photo)])
            _ = try await app.settledBatch(
                try next.decoded(Components.Schemas.BatchCreated.self).id, token: owner.token)
            // then the old batch is gone with its photo that was not imported; the imported item keeps its photo
            #expect(try await app.api(.GET, "/api/batches/\(id)", token: owner.token).status == .notFound)
            #expect(try await MediaObject.query(on: app.db).count() == 2)
            let items = try await app.api(.GET, "/api/items", token: owner.token)
            #expect(try items.decoded(Components.Schemas.ItemPage.self).items.map(\.name).count == 1)
        }
    }
}
