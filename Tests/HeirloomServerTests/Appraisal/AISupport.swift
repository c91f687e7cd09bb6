import Foundation
import HeirloomAPI
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The waits the gateway asked for, recorded instead of slept.
final class RecordedDelays: Sendable {
    private let box = NIOLockedValueBox<[TimeInterval]>([])
    var all: [TimeInterval] { box.withLockedValue { $0 } }
    var sleep: @Sendable (TimeInterval) async throws -> Void {
        { [box] seconds in box.withLockedValue { $0.append(seconds) } }
    }
}

let testAIKey = "sk-test-SECRET-key-4242"

/// Runs the body with a hub pointed at a fake provider speaking `provider`'s wire format.
func withAI(
    _ provider: String,
    _ replies: [FakeAIProvider.Reply],
    timeout: Double = 10,
    baseURL: String? = nil,
    clock: TestClock = TestClock(),
    _ body: (Application, FakeAIProvider, RecordedDelays) async throws -> Void
) async throws {
    let fake = try await FakeAIProvider.start(replies)
    let delays = RecordedDelays()
    var options = TestOptions()
    options.extraEnvironment = [
        "HEIRLOOM_AI_PROVIDER": provider,
        "HEIRLOOM_AI_BASE_URL": baseURL ?? (provider == "openai" ? fake.baseURL + "/v1" : fake.baseURL),
        "HEIRLOOM_AI_API_KEY": testAIKey,
        "HEIRLOOM_AI_MODEL": provider == "openai" ? "gpt-test" : "gemini-test",
        "HEIRLOOM_AI_TIMEOUT_SECONDS": "\(timeout)",
        "HEIRLOOM_ALLOW_SIGNUP": "true",
    ]
    options.aiSleep = delays.sleep
    do {
        try await withApp(options, clock: clock) { app in try await body(app, fake, delays) }
    } catch {
        await fake.shutdown()
        throw error
    }
    await fake.shutdown()
}

extension Application {
    /// Creates an item with one photo and returns its id.
    func itemWithPhoto(token: String, name: String = "Tea set", photo: String = "photo.jpg") async throws -> String {
        let created = try await api(.POST, "/api/items", token: token, json: ["name": name])
        #expect(created.status == .created, "\(created.body.string)")
        let id = try created.decoded(Components.Schemas.Item.self).id
        let added = try await multipart(
            "/api/items/\(id)/photos", token: token, files: [("file", photo, try await MediaFixtures.data(photo))])
        #expect(added.status == .created, "\(added.body.string)")
        return id
    }

    /// Polls a batch until no photo is pending or running.
    func settledBatch(_ id: String, token: String) async throws -> TestingHTTPResponse {
        for _ in 0..<200 {
            let response = try await api(.GET, "/api/batches/\(id)", token: token)
            let states = try response.decoded(Components.Schemas.Batch.self).entries.map(\.state.rawValue)
            if !states.contains("pending"), !states.contains("running") { return response }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("batch \(id) did not settle")
    }
}

/// A JSON body from plain values, for bodies the `json:` helper cannot type (nested objects read from JSON).
func jsonText(_ object: [String: Any]) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
}
