import Foundation

/// A word an engine heard, with when it was said (seconds from the start of the recording).
public struct TimedWord: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var text: String

    public init(start: Double, end: Double, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}

/// A phrase of a transcript with its times, for the page to follow the playback.
public struct TranscriptSegment: Codable, Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var text: String

    public init(start: Double, end: Double, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}

/// Groups timed words into phrases: an engine that gives words alone (the offline engine) gives no sentences, so
/// a phrase ends at a pause, or when it grows long.
public enum TranscriptSegmenter {
    /// The phrases of `words`: a new one after a pause of at least `pause` seconds, or after `maximumWords` words.
    /// Each phrase begins with a capital and ends with a full stop, so the text reads as sentences.
    public static func segments(_ words: [TimedWord], pause: Double = 0.45, maximumWords: Int = 18)
        -> [TranscriptSegment]
    {
        var segments: [TranscriptSegment] = []
        var current: [TimedWord] = []
        func close() {
            guard let first = current.first, let last = current.last else { return }
            segments.append(
                TranscriptSegment(
                    start: rounded(first.start), end: rounded(last.end),
                    text: sentence(current.map(\.text).joined(separator: " "))))
            current = []
        }
        for word in words where !word.text.isEmpty {
            if let last = current.last, word.start - last.end >= pause || current.count >= maximumWords { close() }
            current.append(word)
        }
        close()
        return segments
    }

    /// The text of a transcript made of `segments`, one phrase after another.
    public static func text(of segments: [TranscriptSegment]) -> String {
        segments.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// A phrase as a sentence: a capital first, a full stop last (unless it ends with punctuation already).
    static func sentence(_ phrase: String) -> String {
        let trimmed = phrase.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first else { return "" }
        var text = first.uppercased() + trimmed.dropFirst()
        if let last = text.last, !".!?".contains(last) { text += "." }
        return text
    }

    /// Times to the hundredth of a second, as the engines give them.
    static func rounded(_ seconds: Double) -> Double { (seconds * 100).rounded() / 100 }
}
