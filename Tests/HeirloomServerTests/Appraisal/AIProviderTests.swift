import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("AI providers over the wire")
struct AIProviderTests {
    /// Analyses an item with one photo and answers the response.
    func analyse(_ app: Application) async throws -> TestingHTTPResponse {
        let owner = try await app.setUpHub()
        let id = try await app.itemWithPhoto(token: owner.token)
        return try await app.api(.POST, "/api/items/\(id)/analysis", token: owner.token, json: [:])
    }

    @Test("Gemini: the photo goes inline with a JSON schema, the key in x-goog-api-key, and the reply is read")
    func geminiSuccess() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, fake, _ in
            // when
            let response = try await analyse(app)
            // then
            #expect(response.status == .ok, "\(response.body.string)")
            let analysis = try response.decoded(Components.Schemas.ItemAnalysis.self)
            #expect(analysis.title == "Sterling silver tea set")
            #expect(analysis.category == "China & Crystal")
            #expect(analysis.valueHints?.low == 800)
            #expect(analysis.provider == "gemini")
            #expect(analysis.model == "gemini-test")
            let request = try #require(fake.modelRequests.first)
            #expect(request.path == "/v1beta/models/gemini-test:generateContent")
            #expect(request.headers.first(name: "x-goog-api-key") == testAIKey)
            #expect(request.headers.first(name: .authorization) == nil)
            #expect(request.body.contains("inline_data"))
            #expect(request.body.contains("image/jpeg"))
            #expect(request.body.contains("responseJsonSchema"))
            #expect(!response.body.string.contains(testAIKey))
        }
    }

    @Test("OpenAI-compatible: a data URL image, a strict json_schema response format, the key as a bearer token")
    func openAISuccess() async throws {
        try await withAI("openai", [Wire.openAI(Wire.analysis)]) { app, fake, _ in
            let response = try await analyse(app)
            #expect(response.status == .ok, "\(response.body.string)")
            let analysis = try response.decoded(Components.Schemas.ItemAnalysis.self)
            #expect(analysis.attributes.maker == "Gorham")
            #expect(analysis.provider == "openai")
            let request = try #require(fake.modelRequests.first)
            #expect(request.path == "/v1/chat/completions")
            #expect(request.headers.first(name: .authorization) == "Bearer \(testAIKey)")
            let body = try #require(
                try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])
            let format = try #require(body["response_format"] as? [String: Any])
            #expect(format["type"] as? String == "json_schema")
            #expect((format["json_schema"] as? [String: Any])?["strict"] as? Bool == true)
            #expect(request.body.contains("data:image/jpeg;base64,"))
            #expect(!response.body.string.contains(testAIKey))
        }
    }

    @Test("JSON wrapped in prose or code fences is read")
    func wrappedReplies() async throws {
        try await withAI("openai", [Wire.openAI("```json\n\(Wire.analysis)\n```")]) { app, _, _ in
            let response = try await analyse(app)
            #expect(response.status == .ok)
        }
        try await withAI("gemini", [Wire.gemini("Here is the appraisal you asked for:\n\(Wire.analysis)\nRegards.")]) {
            app, _, _ in
            let response = try await analyse(app)
            #expect(response.status == .ok)
        }
    }

    @Test("cut-off output gets one repair attempt, then its own error")
    func cutOff() async throws {
        try await withAI("gemini", [Wire.gemini("{\"title\":\"Sterl", finishReason: "MAX_TOKENS")]) { app, fake, _ in
            let response = try await analyse(app)
            #expect(response.status == .badGateway)
            #expect(try response.apiError.code == "ai_cut_off")
            #expect(fake.modelRequests.count == 2)
        }
        try await withAI("openai", [Wire.openAI("{\"title\":", finishReason: "length"), Wire.openAI(Wire.analysis)]) {
            app, fake, _ in
            let response = try await analyse(app)
            #expect(response.status == .ok)
            #expect(fake.modelRequests.last?.body.contains("cut off") == true)
        }
    }

    @Test("a safety block inside a 200 is ai_blocked, for a blocked prompt and a SAFETY finish")
    func safetyBlock() async throws {
        for reply in [Wire.geminiPromptBlocked, Wire.geminiSafetyFinish] {
            try await withAI("gemini", [reply]) { app, fake, _ in
                let response = try await analyse(app)
                #expect(response.status == .badGateway)
                #expect(try response.apiError.code == "ai_blocked")
                #expect(try response.apiError.message.contains("safety"))
                #expect(fake.modelRequests.count == 1)
            }
        }
    }

    @Test("a refused key is ai_bad_key and is not retried; the key never appears in the answer")
    func badKey() async throws {
        try await withAI("gemini", [Wire.geminiBadKey]) { app, fake, _ in
            let response = try await analyse(app)
            #expect(response.status == .badGateway)
            #expect(try response.apiError.code == "ai_bad_key")
            #expect(try response.apiError.message.contains("HEIRLOOM_AI_API_KEY"))
            #expect(!response.body.string.contains(testAIKey))
            #expect(fake.modelRequests.count == 1)
        }
        try await withAI("openai", [Wire.openAIBadKey]) { app, _, _ in
            let response = try await analyse(app)
            #expect(try response.apiError.code == "ai_bad_key")
        }
    }

    @Test("429 is retried after Retry-After or Gemini's RetryInfo; a used-up quota is ai_quota")
    func rateLimits() async throws {
        try await withAI("openai", [Wire.openAIRateLimited(retryAfter: "2"), Wire.openAI(Wire.analysis)]) {
            app, fake, delays in
            let response = try await analyse(app)
            #expect(response.status == .ok)
            #expect(delays.all == [2])
            #expect(fake.modelRequests.count == 2)
        }
        try await withAI("gemini", [Wire.geminiRateLimited(retryDelay: "3s"), Wire.gemini(Wire.analysis)]) {
            app, _, delays in
            let response = try await analyse(app)
            #expect(response.status == .ok)
            #expect(delays.all == [3])
        }
        try await withAI("gemini", [Wire.geminiRateLimited(retryDelay: "1s")]) { app, fake, _ in
            let response = try await analyse(app)
            #expect(response.status == .serviceUnavailable)
            #expect(try response.apiError.code == "ai_quota")
            #expect(fake.modelRequests.count == 4)
        }
        try await withAI("openai", [Wire.openAIQuota]) { app, fake, _ in
            let response = try await analyse(app)
            #expect(response.status == .serviceUnavailable)
            #expect(try response.apiError.code == "ai_quota")
            #expect(fake.modelRequests.count == 1)
        }
    }

    @Test("500 and 503 are retried with back-off; a provider that keeps failing is ai_unavailable")
    func serverErrors() async throws {
        // (The back-off sleeps are recorded, not slept; a long deadline keeps a loaded machine's slow requests
        // from using it up, which would end the retries early.)
        try await withAI("gemini", [Wire.serverError, Wire.unavailable, Wire.gemini(Wire.analysis)], timeout: 120) {
            app, fake, delays in
            let response = try await analyse(app)
            #expect(response.status == .ok)
            #expect(fake.modelRequests.count == 3)
            #expect(delays.all == [0.5, 1])
        }
        try await withAI("openai", [Wire.unavailable]) { app, _, _ in
            let response = try await analyse(app)
            #expect(response.status == .serviceUnavailable)
            #expect(try response.apiError.code == "ai_unavailable")
        }
    }

    @Test("a reply slower than the deadline is ai_timeout (504)")
    func slowReply() async throws {
        var slow = Wire.gemini(Wire.analysis)
        slow.delay = 4
        try await withAI("gemini", [slow], timeout: 1) { app, _, _ in
            let owner = try await app.setUpHub()
            let id = try await app.itemWithPhoto(token: owner.token)
            // when the provider would answer only after 4 s (it does answer, so a 504 means the deadline cut it)
            let response = try await app.api(.POST, "/api/items/\(id)/analysis", token: owner.token)
            #expect(response.status == .gatewayTimeout)
            #expect(try response.apiError.code == "ai_timeout")
        }
    }

    @Test("a provider nobody answers at is ai_unreachable")
    func unreachable() async throws {
        // (a long deadline: the retries' sleeps are recorded, not slept, and a loaded machine must not turn the
        // refused connections into a time-out)
        try await withAI("openai", [Wire.openAI(Wire.analysis)], timeout: 120, baseURL: "http://127.0.0.1:9/v1") {
            app, _, _ in
            let response = try await analyse(app)
            #expect(response.status == .serviceUnavailable)
            #expect(try response.apiError.code == "ai_unreachable")
        }
    }

    @Test(
        "an invalid reply (low above high, unknown category) is repaired on the second attempt, else ai_invalid_reply")
    func repair() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.invalidAnalysis), Wire.gemini(Wire.analysis)]) { app, fake, _ in
            let response = try await analyse(app)
            #expect(response.status == .ok)
            let second = try #require(fake.modelRequests.last)
            #expect(second.body.contains("could not be used"))
            #expect(second.body.contains("Pottery"))
            #expect(second.body.contains("\"role\":\"model\""))
        }
        try await withAI("openai", [Wire.openAI(Wire.invalidAnalysis)]) { app, fake, _ in
            let response = try await analyse(app)
            #expect(response.status == .badGateway)
            #expect(try response.apiError.code == "ai_invalid_reply")
            #expect(fake.modelRequests.count == 2)
        }
    }
}
