import Foundation
import HeirloomCore
import NIOConcurrencyHelpers
import Vapor

/// The hub's one way to a model: retries with back-off within one deadline, checks replies against the
/// schema with one repair attempt, and falls back to the offline reader when no provider is configured.
struct AIClient: Sendable {
    /// The model provider, or nil for the offline provider.
    var provider: (any AIModelProvider)?
    var settings: AISettings
    /// Waits between attempts; tests make it instant and record the delays.
    var sleep: @Sendable (TimeInterval) async throws -> Void

    var providerName: String { provider?.name ?? "offline" }
    var model: String { provider?.model ?? settings.model }

    /// The provider for the settings, talking through `client`.
    static func live(
        settings: AISettings, client: any Client, sleep: @escaping @Sendable (TimeInterval) async throws -> Void
    )
        -> AIClient
    {
        let http = AIHTTP(client: client)
        let provider: (any AIModelProvider)? =
            switch settings.provider {
            case .gemini:
                GeminiProvider(
                    http: http, baseURL: settings.baseURL.absoluteString, model: settings.model,
                    apiKey: settings.apiKey?.value ?? "")
            case .openai:
                OpenAIProvider(
                    http: http, baseURL: settings.baseURL.absoluteString, model: settings.model,
                    apiKey: settings.apiKey?.value)
            case .offline: nil
            }
        return AIClient(provider: provider, settings: settings, sleep: sleep)
    }

    /// Sends the prompt, retrying 429, 5xx and time-outs as the provider asks, until the deadline.
    func complete(_ prompt: AIPrompt, provider: any AIModelProvider, deadline: ContinuousClock.Instant) async throws
        -> AIOutcome
    {
        var attempt = 0
        while true {
            attempt += 1
            let remaining = Self.seconds(deadline - .now)
            guard remaining > 0.05 else { throw AppError.ai(.timeout) }
            do {
                return try await Self.within(remaining) { try await provider.send(prompt, timeout: remaining) }
            } catch AIAttemptError.final(let problem) {
                throw AppError.ai(problem)
            } catch AIAttemptError.retryable(let hint, let otherwise) {
                let left = Self.seconds(deadline - .now)
                guard let delay = RetrySchedule.delay(attempt: attempt, hinted: hint, remaining: left) else {
                    throw AppError.ai(otherwise)
                }
                try await sleep(delay)
            }
        }
    }

    /// Asks for JSON in `schema` and answers the reply text checked by `read`, asking once more when it fails.
    func ask<T>(
        _ prompt: AIPrompt,
        provider: any AIModelProvider,
        read: (String) throws(AnalysisCheck.Problem) -> T
    ) async throws -> T {
        let deadline = ContinuousClock.now + .milliseconds(Int64(settings.timeout * 1000))
        var prompt = prompt
        var outcome = try await complete(prompt, provider: provider, deadline: deadline)
        for attempt in 1...2 {
            let text: String
            var reasons: [String]
            switch outcome {
            case .text(let reply):
                text = reply
                do {
                    return try read(reply)
                } catch {
                    reasons = error.reasons
                }
            case .cutOff(let partial):
                text = partial
                reasons = ["It was cut off before the JSON was complete; answer more briefly."]
            }
            guard attempt == 1 else {
                if case .cutOff = outcome { throw AppError.ai(.cutOff) }
                throw AppError.ai(.invalidReply)
            }
            prompt.turns.append(.init(role: .model, text: text.isEmpty ? "{}" : String(text.prefix(8000))))
            prompt.turns.append(.init(role: .user, text: AppraisalPrompt.repair(reasons: reasons)))
            outcome = try await complete(prompt, provider: provider, deadline: deadline)
        }
        throw AppError.ai(.invalidReply)
    }

    /// Analyses a photo as an appraiser would.
    func analyse(_ image: AIImage, request: AppraisalRequest) async throws -> ItemAnalysis {
        guard let provider else { return try await OfflineAppraiser().analyse(image, request: request) }
        return try await appraise(image, request: request, provider: provider)
    }

    /// Analyses an item from what the family wrote about it alone, with the same prompt and checks.
    func analyse(description request: AppraisalRequest) async throws -> ItemAnalysis {
        guard let provider else { return OfflineAppraiser().analyse(description: request) }
        return try await appraise(nil, request: request, provider: provider)
    }

    private func appraise(_ image: AIImage?, request: AppraisalRequest, provider: any AIModelProvider)
        async throws -> ItemAnalysis
    {
        let prompt = AIPrompt(
            system: AppraisalPrompt.system(currencyCode: request.currencyCode),
            turns: [
                .init(
                    role: .user,
                    text: AppraisalPrompt.request(
                        title: request.title, category: request.category, ownerNotes: request.notes,
                        description: request.description, hasPhoto: image != nil))
            ],
            image: image,
            schemaJSON: AppraisalPrompt.schemaJSON,
            schemaName: "item_analysis"
        )
        return try await ask(prompt, provider: provider) { text throws(AnalysisCheck.Problem) in
            try AnalysisCheck.analysis(fromReply: text, provider: provider.name, model: provider.model)
        }
    }

    /// Whether the provider answers now.
    func isAvailable() async -> Bool {
        guard let provider else { return (try? ExternalTool.locate("tesseract")) != nil }
        return await provider.probe(timeout: min(10, settings.timeout))
    }

    /// Runs `body`, giving up with a time-out after `seconds` even if the transport does not; the loser of the
    /// race is cancelled and not waited for (an HTTP client may take its time to notice).
    static func within<T: Sendable>(_ seconds: TimeInterval, _ body: @escaping @Sendable () async throws -> T)
        async throws -> T
    {
        let once = NIOLockedValueBox(false)
        let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let finish: @Sendable (Result<T, any Error>) -> Void = { result in
                let first = once.withLockedValue { done -> Bool in
                    defer { done = true }
                    return !done
                }
                guard first else { return }
                for task in tasks.withLockedValue({ $0 }) { task.cancel() }
                continuation.resume(with: result)
            }
            let work = Task {
                do { finish(.success(try await body())) } catch { finish(.failure(error)) }
            }
            let timer = Task {
                try? await Task.sleep(for: .milliseconds(Int64(seconds * 1000) + 250))
                finish(.failure(AIAttemptError.retryable(hint: nil, otherwise: .timeout)))
            }
            tasks.withLockedValue { $0 = [work, timer] }
        }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let parts = duration.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}

/// What is known about an item before it is analysed.
struct AppraisalRequest: Sendable {
    var title: String?
    var category: ItemCategory?
    var notes: String?
    var description: String?
    var currencyCode: String = "USD"
    /// Facts from the photo's metadata (size, date taken), for the offline reader.
    var facts: [String] = []
}
