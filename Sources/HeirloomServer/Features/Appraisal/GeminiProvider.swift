import Foundation
import HeirloomCore
import Vapor

/// Google's Gemini generateContent: the photo inline, a JSON schema for the reply, the key in x-goog-api-key.
struct GeminiProvider: AIModelProvider {
    let http: AIHTTP
    let baseURL: String
    let model: String
    let apiKey: String
    var now: @Sendable () -> Date = { Date() }

    var name: String { "gemini" }

    private var headers: HTTPHeaders { ["x-goog-api-key": apiKey] }

    private var modelURL: String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let escaped = model.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? model
        return "\(base)/v1beta/models/\(escaped)"
    }

    func send(_ prompt: AIPrompt, timeout: TimeInterval) async throws -> AIOutcome {
        var contents: [[String: Any]] = []
        for (index, turn) in prompt.turns.enumerated() {
            var parts: [[String: Any]] = []
            if index == 0, let image = prompt.image {
                parts.append(["inline_data": ["mime_type": image.mimeType, "data": image.data.base64EncodedString()]])
            }
            parts.append(["text": turn.text])
            contents.append(["role": turn.role == .user ? "user" : "model", "parts": parts])
        }
        let body: [String: Any] = [
            "systemInstruction": ["parts": [["text": prompt.system]]],
            "contents": contents,
            "generationConfig": [
                "responseMimeType": "application/json",
                "responseJsonSchema": AIHTTP.schemaObject(prompt.schemaJSON),
                "temperature": 0.2,
            ],
        ]
        let response = try await http.send(
            .POST, modelURL + ":generateContent", headers: headers, body: body, timeout: timeout)
        let data = AIHTTP.bodyData(response)
        guard response.status.code == 200 else {
            let text = String(decoding: data, as: UTF8.self)
            let hint =
                RetrySchedule.geminiRetryDelay(data)
                ?? RetrySchedule.retryAfter(response.headers.first(name: .retryAfter), now: now())
            throw AIHTTP.failure(
                status: response.status.code, retryAfter: hint,
                keyRefused: text.contains("API_KEY_INVALID") || text.contains("API key not valid"),
                // A used-up daily quota says QuotaFailure; only a per-minute limit is worth waiting for.
                quotaFinal: text.contains("QuotaFailure") && RetrySchedule.geminiRetryDelay(data) == nil,
                blocked: false)
        }
        guard let object = AIHTTP.json(response) else { throw AIAttemptError.final(.invalidReply) }
        if let feedback = object["promptFeedback"] as? [String: Any], feedback["blockReason"] != nil {
            throw AIAttemptError.final(.blocked)
        }
        guard let candidate = (object["candidates"] as? [[String: Any]])?.first else {
            throw AIAttemptError.final(.invalidReply)
        }
        let finish = candidate["finishReason"] as? String ?? "STOP"
        if ["SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "IMAGE_SAFETY"].contains(finish) {
            throw AIAttemptError.final(.blocked)
        }
        let parts = (candidate["content"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        let text = parts.compactMap { $0["text"] as? String }.joined()
        return finish == "MAX_TOKENS" ? .cutOff(text) : .text(text)
    }

    func probe(timeout: TimeInterval) async -> Bool {
        guard let response = try? await http.send(.GET, modelURL, headers: headers, body: nil, timeout: timeout)
        else { return false }
        return response.status == .ok
    }
}
