import Foundation

/// What a call for a recording's summary does, given what the hub remembers of the same recording.
///
/// The Legacy Treasure Chest app waits 35 seconds for a summary and, after a 502 or a time-out, sends the same
/// body once more with the same `X-Request-ID`. The hub answers the retry from the first call's result, joins it
/// while it runs, and types a recording out once: words it already heard are summarised again, never re-heard.
public enum SummaryRetry {
    /// What is remembered of one recording.
    public struct Memory: Sendable, Equatable {
        public var words: String?
        public var summary: String?
        /// When a server began working on it; nil when nobody is.
        public var claimedAt: Date?

        public init(words: String? = nil, summary: String? = nil, claimedAt: Date? = nil) {
            self.words = words
            self.summary = summary
            self.claimedAt = claimedAt
        }
    }

    public enum Step: Sendable, Equatable {
        /// Nothing is remembered: remember it, and type it out.
        case start
        /// Done before: answer with this.
        case answer(String)
        /// Another call is at work on it: wait for its result.
        case wait
        /// Nobody is at work on it (an earlier call failed, or its server stopped): take it over, typing it out
        /// only when `transcribe`.
        case takeOver(transcribe: Bool)
    }

    /// How long a call's work on a recording is trusted to be under way; after that its server is taken to have
    /// stopped and the next call takes it over.
    public static let lease: TimeInterval = 10 * 60
    /// How long a call waits before answering 503 `summary_in_progress` (the app gives up at 35 seconds).
    public static let answerWithin: TimeInterval = 30

    public static func step(for memory: Memory?, now: Date) -> Step {
        guard let memory else { return .start }
        if let summary = memory.summary { return .answer(summary) }
        if let claimedAt = memory.claimedAt, now.timeIntervalSince(claimedAt) < lease { return .wait }
        return .takeOver(transcribe: memory.words == nil)
    }
}
