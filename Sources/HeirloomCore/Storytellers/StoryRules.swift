import Foundation

/// What the family writes to a storyteller, and what the storyteller writes back.
public enum StoryRules {
    /// The most characters a question may have.
    public static let maximumQuestionLength = 500
    /// The most characters a typed answer may have.
    public static let maximumAnswerLength = 50_000
    /// How long an emailed question's link works.
    public static let linkLifetime: TimeInterval = 30 * 24 * 3600

    /// A family member's question, trimmed; never empty or too long.
    public static func question(_ raw: String) throws(FieldError) -> String {
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty else { throw FieldError(field: "text", message: "Please write the question.") }
        try TextLimit.check(
            text, maximum: maximumQuestionLength, field: "text",
            tooLong: "A question can be at most \(maximumQuestionLength) characters long.")
        return text
    }

    /// A typed answer, trimmed; never empty or too long.
    public static func answer(_ raw: String) throws(FieldError) -> String {
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty else { throw FieldError(field: "text", message: "Please write your answer, or record it.") }
        try TextLimit.check(
            text, maximum: maximumAnswerLength, field: "text",
            tooLong: "The answer can be at most \(maximumAnswerLength) characters long.")
        return text
    }

    /// A title made of a question: at most `limit` characters, cut at a word with an ellipsis.
    public static func title(_ question: String, limit: Int = 200) -> String {
        guard question.count > limit else { return question }
        let cut = question.prefix(limit - 1)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord + "…"
    }
}

/// Why weekly questions to a storyteller are not sent: they go to the estate's holder, whose passing was reported
/// (paused until it is cancelled) or whose estate is released (stopped).
public enum StoryPause: String, Sendable, Equatable {
    case paused, stopped

    /// Whether questions to a storyteller may go now: always, unless the storyteller is the holder and a passing
    /// was reported or the estate released.
    public static func of(askingHolder: Bool, estate: EstateState) -> StoryPause? {
        guard askingHolder else { return nil }
        switch estate {
        case .active: return nil
        case .passingReported: return .paused
        case .released: return .stopped
        }
    }

    /// What the storyteller's page and the refusal of "send now" say.
    public func sentence(name: String) -> String {
        switch self {
        case .paused:
            "Questions to \(PlainWords.name(name)) are paused: a passing was reported. They go on if it was a mistake."
        case .stopped: "Questions to \(PlainWords.name(name)) have stopped: the estate was released."
        }
    }
}
