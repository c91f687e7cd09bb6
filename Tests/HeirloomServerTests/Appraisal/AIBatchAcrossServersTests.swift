import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("AI batches with several servers")
struct AIBatchAcrossServersTests {
    @Test("a batch uploaded through one server and followed through the other has each photo read once")
    func eachPhotoOnce() async throws {
        // given two servers and a provider that takes a moment over each photo
        var slow = Wire.gemini(Wire.analysis)
        slow.delay = 0.4
        let fake = try await FakeAIProvider.start([slow])
        var options = TestOptions()
        options.extraEnvironment = [
            "HEIRLOOM_AI_PROVIDER": "gemini", "HEIRLOOM_AI_BASE_URL": fake.baseURL,
            "HEIRLOOM_AI_API_KEY": testAIKey, "HEIRLOOM_AI_MODEL": "gemini-test",
        ]
        options.aiSleep = { _ in }
        do {
            try await withTwoServers(options) { a, b in
                let owner = try await a.setUpHub()
                let photo = try await MediaFixtures.data("photo.jpg")
                // when the batch is uploaded through one server and its page asks the other while it is read
                let created = try await a.multipart(
                    "/api/batches", token: owner.token,
                    files: (1...4).map { ("file", "\($0).jpg", photo) })
                #expect(created.status == .created, "\(created.body.string)")
                let id = try created.decoded(Components.Schemas.BatchCreated.self).id
                let batch = try await b.settledBatch(id, token: owner.token)
                // then every photo is read, each by one server
                let states = try batch.decoded(Components.Schemas.Batch.self).entries.map(\.state.rawValue)
                #expect(states == ["done", "done", "done", "done"])
                #expect(fake.modelRequests.count == 4)
            }
        } catch {
            await fake.shutdown()
            throw error
        }
        await fake.shutdown()
    }
}
