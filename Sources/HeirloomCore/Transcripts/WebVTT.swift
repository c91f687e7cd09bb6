import Foundation

/// A transcript as WebVTT captions (https://www.w3.org/TR/webvtt1/), for a player to show beside the recording.
public enum WebVTT {
    /// A cue: when it shows and what it says.
    public struct Cue: Sendable, Equatable {
        public var start: Double
        public var end: Double
        public var text: String

        public init(start: Double, end: Double, text: String) {
            self.start = start
            self.end = end
            self.text = text
        }
    }

    /// The captions of a transcript: its timed phrases, or, when a person corrected it, the corrected words laid
    /// over the phrases' times (each phrase keeps the share of the words it had, so the words stay in order and in
    /// roughly their place). Without phrases the text is one cue over `duration` (or a minute when unknown).
    public static func cues(segments: [TranscriptSegment], corrected: String?, duration: Double? = nil) -> [Cue] {
        let timed = segments.filter { !words($0.text).isEmpty }.sorted { $0.start < $1.start }
        guard let corrected else {
            return timed.map { Cue(start: $0.start, end: $0.end, text: clean($0.text)) }
        }
        let correctedWords = words(corrected)
        guard !correctedWords.isEmpty else { return [] }
        guard !timed.isEmpty else {
            return [Cue(start: 0, end: max(duration ?? 60, 0.001), text: correctedWords.joined(separator: " "))]
        }
        let counts = timed.map { words($0.text).count }
        let total = counts.reduce(0, +)
        var cues: [Cue] = []
        var taken = 0
        var seen = 0
        for (segment, count) in zip(timed, counts) {
            seen += count
            // The words up to this phrase's end, in proportion; the last phrase takes the rest.
            let upTo = seen == total ? correctedWords.count : correctedWords.count * seen / total
            guard upTo > taken else { continue }
            cues.append(
                Cue(
                    start: segment.start, end: segment.end,
                    text: correctedWords[taken..<upTo].joined(separator: " ")))
            taken = upTo
        }
        return cues
    }

    /// The WebVTT file of `cues`: the header, then each cue numbered, in order of its start, each ending after it
    /// starts, its text escaped and on one line.
    public static func document(_ cues: [Cue]) -> String {
        var text = "WEBVTT\n"
        for (index, cue) in cues.sorted(by: { $0.start < $1.start }).enumerated() {
            let start = max(cue.start, 0)
            let end = max(cue.end, start + 0.001)
            text += "\n\(index + 1)\n\(timestamp(start)) --> \(timestamp(end))\n\(escape(cue.text))\n"
        }
        return text
    }

    /// The longest time a cue is written with: 99 hours, far past any recording.
    public static let longest: TimeInterval = 99 * 3600

    /// "01:02:03.456": hours, minutes, seconds and milliseconds, as every WebVTT reader takes them.
    /// A time that is not a number, or beyond `longest`, is written as 0 or as `longest`: an engine's or an
    /// archive's odd figure never stops an export.
    public static func timestamp(_ seconds: Double) -> String {
        let bounded = seconds.isNaN ? 0 : min(max(seconds, 0), longest)
        let milliseconds = Int((bounded * 1000).rounded())
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let wholeSeconds = milliseconds / 1000 % 60
        return String(format: "%02d:%02d:%02d.%03d", hours, minutes, wholeSeconds, milliseconds % 1000)
    }

    /// Cue text with the characters WebVTT reads as markup escaped, on one line (a blank line would end the cue,
    /// and "-->" can no longer appear once ">" is escaped).
    public static func escape(_ text: String) -> String {
        clean(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    private static func clean(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).map(String.init)
    }
}
