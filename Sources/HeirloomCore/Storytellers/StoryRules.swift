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
