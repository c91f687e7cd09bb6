import Foundation
import Vapor

/// One request to a model: an instruction, the conversation so far, an optional photo and the reply's JSON schema.
struct AIPrompt: Sendable {
    struct Turn: Sendable {
        enum Role: Sendable { case user, model }
        var role: Role
        var text: String
    }

    var system: String
    var turns: [Turn]
    var image: AIImage?
    /// The JSON Schema the reply must follow.
    var schemaJSON: String
    /// A name for the schema (OpenAI asks for one).
    var schemaName: String
}

/// A photo sent to the model.
struct AIImage: Sendable {
    var data: Data
    var mimeType: String
}

/// What one attempt produced.
enum AIOutcome: Sendable, Equatable {
    /// The model's text.
    case text(String)
    /// The model stopped before it finished (out of tokens); the partial text.
    case cutOff(String)
}

/// Why one attempt failed: worth another try within the deadline, or final.
enum AIAttemptError: Error, Sendable {
    /// Try again after `hint` seconds (the provider's own wish) or the back-off; `otherwise` when time runs out.
    case retryable(hint: TimeInterval?, otherwise: AIProblem)
    /// No point in trying again.
    case final(AIProblem)
}

/// A model provider (Gemini, an OpenAI-compatible server): one attempt at a time, no retries.
protocol AIModelProvider: Sendable {
    /// "gemini" or "openai".
    var name: String { get }
    var model: String { get }
    /// Sends the prompt once; throws `AIAttemptError`.
    func send(_ prompt: AIPrompt, timeout: TimeInterval) async throws -> AIOutcome
    /// Whether the provider answers with this key and model.
    func probe(timeout: TimeInterval) async -> Bool
}

/// The HTTP part both live providers share: POST JSON, and turn transport failures into attempt errors.
struct AIHTTP: Sendable {
    let client: any Client

    /// Posts `body` as JSON and answers the status, headers and body; never logs the headers (they hold the key).
    func send(_ method: HTTPMethod, _ url: String, headers: HTTPHeaders, body: [String: Any]?, timeout: TimeInterval)
        async throws -> ClientResponse
    {
        var request = ClientRequest(method: method, url: URI(string: url), headers: headers, body: nil)
        if let body {
            request.body = ByteBuffer(
                data: try JSONSerialization.data(withJSONObject: body, options: [.withoutEscapingSlashes]))
            request.headers.contentType = .json
        }
        request.timeout = .milliseconds(Int64(max(0.05, timeout) * 1000))
        do {
            return try await client.send(request)
        } catch let error as HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                throw AIAttemptError.retryable(hint: nil, otherwise: .timeout)
            default:
                throw AIAttemptError.retryable(hint: nil, otherwise: .unreachable)
            }
        } catch {
            throw AIAttemptError.retryable(hint: nil, otherwise: .unreachable)
        }
    }

    /// The body as a JSON object, or nil.
    static func json(_ response: ClientResponse) -> [String: Any]? {
        guard let buffer = response.body else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any]
    }

    static func bodyData(_ response: ClientResponse) -> Data {
        response.body.map { Data($0.readableBytesView) } ?? Data()
    }

    /// The failure a non-2xx status means for both providers; `quotaFinal` when the body says the quota is gone.
    static func failure(status: UInt, retryAfter: TimeInterval?, keyRefused: Bool, quotaFinal: Bool, blocked: Bool)
        -> AIAttemptError
    {
        if keyRefused || status == 401 || status == 403 { return .final(.badKey) }
        if blocked { return .final(.blocked) }
        if status == 429 { return quotaFinal ? .final(.quota) : .retryable(hint: retryAfter, otherwise: .quota) }
        if status == 408 { return .retryable(hint: retryAfter, otherwise: .timeout) }
        if status >= 500 { return .retryable(hint: retryAfter, otherwise: .unavailable) }
        // A redirect (never followed), a wrong model name (404) or a request it will not take: trying again
        // cannot help, and "busy" would mislead; the settings need looking at.
        return .final(.refused)
    }

    static func schemaObject(_ json: String) -> Any {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) ?? [:]
    }
}
