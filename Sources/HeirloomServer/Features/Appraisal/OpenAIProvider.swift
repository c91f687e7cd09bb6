import Foundation
import HeirloomCore
import Vapor

/// Any OpenAI-compatible Chat Completions server (OpenAI, Ollama, llama.cpp, vLLM): the photo as a data URL
/// and a strict JSON-schema response format; the key, when there is one, as a bearer token.
struct OpenAIProvider: AIModelProvider {
    let http: AIHTTP
    let baseURL: String
    let model: String
    let apiKey: String?
    var now: @Sendable () -> Date = { Date() }

    var name: String { "openai" }

    private var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        if let apiKey { headers.bearerAuthorization = BearerAuthorization(token: apiKey) }
        return headers
    }

    private var base: String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    func send(_ prompt: AIPrompt, timeout: TimeInterval) async throws -> AIOutcome {
        var messages: [[String: Any]] = [["role": "system", "content": prompt.system]]
        for (index, turn) in prompt.turns.enumerated() {
            if turn.role == .model {
                messages.append(["role": "assistant", "content": turn.text])
                continue
            }
            var content: [[String: Any]] = [["type": "text", "text": turn.text]]
            if index == 0, let image = prompt.image {
                let url = "data:\(image.mimeType);base64,\(image.data.base64EncodedString())"
                content.append(["type": "image_url", "image_url": ["url": url]])
            }
            messages.append(["role": "user", "content": content])
        }
        let body: [String: Any] = [
            "model": model,
            "messages": messages,
            "temperature": 0.2,
            "response_format": [
                "type": "json_schema",
                "json_schema": [
                    "name": prompt.schemaName, "strict": true, "schema": AIHTTP.schemaObject(prompt.schemaJSON),
                ],
            ],
        ]
        let response = try await http.send(
            .POST, base + "/chat/completions", headers: headers, body: body, timeout: timeout)
        guard response.status.code == 200 else {
            let object = AIHTTP.json(response)
            let error = object?["error"] as? [String: Any]
            let code = (error?["code"] as? String) ?? (error?["type"] as? String) ?? ""
            throw AIHTTP.failure(
                status: response.status.code,
                retryAfter: RetrySchedule.retryAfter(response.headers.first(name: .retryAfter), now: now()),
                keyRefused: code == "invalid_api_key",
                quotaFinal: code == "insufficient_quota",
                blocked: code == "content_filter" || code == "content_policy_violation")
        }
        guard let object = AIHTTP.json(response), let choice = (object["choices"] as? [[String: Any]])?.first,
            let message = choice["message"] as? [String: Any]
        else { throw AIAttemptError.final(.invalidReply) }
        if let refusal = message["refusal"] as? String, !refusal.isEmpty { throw AIAttemptError.final(.blocked) }
        let finish = choice["finish_reason"] as? String ?? "stop"
        if finish == "content_filter" { throw AIAttemptError.final(.blocked) }
        let text = message["content"] as? String ?? ""
        return finish == "length" ? .cutOff(text) : .text(text)
    }

    func probe(timeout: TimeInterval) async -> Bool {
        guard let response = try? await http.send(.GET, base + "/models", headers: headers, body: nil, timeout: timeout)
        else { return false }
        return response.status == .ok
    }
}
