import Foundation
import NIOConcurrencyHelpers
import Vapor

/// A fake AI provider on loopback that answers in the real wire formats of Gemini and OpenAI-compatible servers.
/// Replies are scripted in order and the last one repeats; every request is recorded.
final class FakeAIProvider: Sendable {
    struct Reply: Sendable {
        var status: HTTPResponseStatus = .ok
        var headers: [String: String] = [:]
        var body: String
        var delay: TimeInterval = 0
    }

    struct Recorded: Sendable {
        var method: String
        var path: String
        var headers: HTTPHeaders
        var body: String
    }

    let app: Application
    let port: Int
    private let script: NIOLockedValueBox<[Reply]>
    private let recorded: NIOLockedValueBox<[Recorded]>

    var baseURL: String { "http://127.0.0.1:\(port)" }
    var requests: [Recorded] { recorded.withLockedValue { $0 } }
    /// The requests that asked the model something (not status probes).
    var modelRequests: [Recorded] { requests.filter { $0.method == "POST" } }

    private init(
        app: Application, port: Int, script: NIOLockedValueBox<[Reply]>, recorded: NIOLockedValueBox<[Recorded]>
    ) {
        self.app = app
        self.port = port
        self.script = script
        self.recorded = recorded
    }

    /// Replaces the script.
    func answer(_ replies: [Reply]) { script.withLockedValue { $0 = replies } }

    /// Starts a fake on a free loopback port.
    static func start(_ replies: [Reply]) async throws -> FakeAIProvider {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        let script = NIOLockedValueBox(replies)
        let recorded = NIOLockedValueBox<[Recorded]>([])
        let handler: @Sendable (Request) async throws -> Response = { request in
            let body = request.body.string ?? ""
            recorded.withLockedValue {
                $0.append(
                    Recorded(
                        method: request.method.rawValue, path: request.url.path, headers: request.headers, body: body))
            }
            if request.method == .GET { return Response(status: .ok, body: .init(string: #"{"ok":true}"#)) }
            let reply = script.withLockedValue { replies -> Reply in
                replies.count > 1 ? replies.removeFirst() : replies[0]
            }
            if reply.delay > 0 { try await Task.sleep(for: .milliseconds(Int64(reply.delay * 1000))) }
            let response = Response(status: reply.status, body: .init(string: reply.body))
            response.headers.contentType = .json
            for (name, value) in reply.headers { response.headers.replaceOrAdd(name: name, value: value) }
            return response
        }
        app.on(.POST, "**", body: .collect(maxSize: "30mb"), use: handler)
        app.on(.GET, "**", use: handler)
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = app.http.server.shared.localAddress?.port else {
            throw TestFailure("fake provider has no port")
        }
        return FakeAIProvider(app: app, port: port, script: script, recorded: recorded)
    }

    func shutdown() async {
        await app.server.shutdown()
        try? await app.asyncShutdown()
    }
}

/// Replies in each provider's wire format.
enum Wire {
    static let analysis = """
        {"title":"Sterling silver tea set","summary":"A four-piece sterling silver tea service.",\
        "description":"Teapot, sugar bowl, creamer and tray.","category":"China & Crystal",\
        "valueHints":{"low":800,"high":1200,"currencyCode":"USD","confidence":0.7,"sources":["auction records"],\
        "lastUpdated":"2026-01"},"attributes":{"materials":["sterling silver"],"maker":"Gorham",\
        "style":"Georgian revival","condition":"Good, light wear","features":["engraved initials"],"era":"1920s"},\
        "extractedText":"STERLING 925","aiNotes":"A new replacement costs about $3,000."}
        """
    /// Low above high and an unknown category.
    static let invalidAnalysis = """
        {"title":"Vase","summary":"","description":"","category":"Pottery",\
        "valueHints":{"low":500,"high":100,"currencyCode":"USD","confidence":0.5,"sources":[],"lastUpdated":null},\
        "attributes":{"materials":[],"maker":null,"style":null,"condition":null,"features":[],"era":null},\
        "extractedText":null,"aiNotes":null}
        """

    static func json(_ object: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static func gemini(_ text: String, finishReason: String = "STOP") -> FakeAIProvider.Reply {
        .init(
            body: json([
                "candidates": [
                    [
                        "content": ["role": "model", "parts": [["text": text]]], "finishReason": finishReason,
                        "index": 0,
                    ]
                ],
                "usageMetadata": ["promptTokenCount": 10, "candidatesTokenCount": 20],
                "modelVersion": "gemini-test",
            ]))
    }

    static func openAI(_ text: String, finishReason: String = "stop") -> FakeAIProvider.Reply {
        .init(
            body: json([
                "id": "chatcmpl-1", "object": "chat.completion", "created": 1_700_000_000, "model": "gpt-test",
                "choices": [
                    [
                        "index": 0, "message": ["role": "assistant", "content": text, "refusal": NSNull()],
                        "finish_reason": finishReason,
                    ]
                ],
            ]))
    }

    static let geminiPromptBlocked = FakeAIProvider.Reply(
        body: json(["promptFeedback": ["blockReason": "SAFETY", "safetyRatings": []]]))
    static let geminiSafetyFinish = FakeAIProvider.Reply(
        body: json(["candidates": [["content": ["parts": []], "finishReason": "SAFETY"]]]))
    static let geminiBadKey = FakeAIProvider.Reply(
        status: .badRequest,
        body: json([
            "error": [
                "code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
                "details": [
                    [
                        "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
                        "domain": "googleapis.com",
                    ]
                ],
            ]
        ]))
    static func geminiRateLimited(retryDelay: String) -> FakeAIProvider.Reply {
        .init(
            status: .tooManyRequests,
            body: json([
                "error": [
                    "code": 429, "message": "Resource has been exhausted (e.g. check quota).",
                    "status": "RESOURCE_EXHAUSTED",
                    "details": [
                        ["@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": []],
                        ["@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": retryDelay],
                    ],
                ]
            ]))
    }
    static func openAIRateLimited(retryAfter: String) -> FakeAIProvider.Reply {
        .init(
            status: .tooManyRequests, headers: ["Retry-After": retryAfter],
            body: json(["error": ["message": "Rate limit reached", "type": "requests", "code": "rate_limit_exceeded"]]))
    }
    static let openAIQuota = FakeAIProvider.Reply(
        status: .tooManyRequests,
        body: json([
            "error": [
                "message": "You exceeded your current quota", "type": "insufficient_quota",
                "code": "insufficient_quota",
            ]
        ]))
    static let openAIBadKey = FakeAIProvider.Reply(
        status: .unauthorized,
        body: json([
            "error": [
                "message": "Incorrect API key provided", "type": "invalid_request_error", "code": "invalid_api_key",
            ]
        ]))
    static let serverError = FakeAIProvider.Reply(
        status: .internalServerError,
        body: json(["error": ["code": 500, "message": "Internal error", "status": "INTERNAL"]]))
    static let unavailable = FakeAIProvider.Reply(
        status: .serviceUnavailable,
        body: json(["error": ["code": 503, "message": "The model is overloaded.", "status": "UNAVAILABLE"]]))
}
