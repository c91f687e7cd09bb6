import Foundation
import HeirloomCore
import Testing

@Suite("Transcript rules")
struct TranscriptRulesTests {
    /// `seconds` of a 440 Hz tone at `level` (0…1), or of silence.
    static func tone(_ seconds: Double, level: Double) -> [Int16] {
        (0..<Int(seconds * 16_000)).map { Int16(level * 20_000 * sin(Double($0) * 2 * .pi * 440 / 16_000)) }
    }

    @Test("sound between silences is cut into stretches with a margin; silence alone gives none")
    func chunks() {
        let samples =
            Self.tone(1, level: 0) + Self.tone(2, level: 0.8) + Self.tone(1, level: 0)
            + Self.tone(1.5, level: 0.8) + Self.tone(1, level: 0)
        let chunks = SpeechChunker.chunks(samples)
        #expect(chunks.count == 2)
        // the first starts a little before the second second and ends a little after the third
        #expect(abs(Double(chunks[0].lowerBound) / 16_000 - 0.85) < 0.1)
        #expect(abs(Double(chunks[0].upperBound) / 16_000 - 3.15) < 0.1)
        #expect(SpeechChunker.chunks(Self.tone(3, level: 0)).isEmpty)
        #expect(SpeechChunker.chunks([]).isEmpty)
    }

    @Test("a long stretch is cut at its quietest place, never longer than asked")
    func longStretch() {
        var samples: [Int16] = []
        for index in 0..<12 { samples += Self.tone(4.9, level: 0.8) + Self.tone(0.1, level: index == 6 ? 0.1 : 0.5) }
        let chunks = SpeechChunker.chunks(samples, longest: 25, margin: 0)
        #expect(chunks.count >= 3)
        #expect(chunks.allSatisfy { Double($0.count) / 16_000 <= 25.1 })
        #expect(chunks.first?.lowerBound == 0 && chunks.last?.upperBound == samples.count)
    }

    @Test("words become sentences at pauses and when they run long")
    func segments() {
        let words =
            ["my", "mother", "played", "the", "piano"].enumerated().map {
                TimedWord(start: Double($0.offset) * 0.4, end: Double($0.offset) * 0.4 + 0.3, text: $0.element)
            } + [TimedWord(start: 3.0, end: 3.4, text: "sunday"), TimedWord(start: 3.45, end: 3.9, text: "mornings")]
        let segments = TranscriptSegmenter.segments(words)
        #expect(segments.map(\.text) == ["My mother played the piano.", "Sunday mornings."])
        #expect(segments.first?.start == 0 && segments.first?.end == 1.9 && segments.last?.start == 3)
        #expect(TranscriptSegmenter.text(of: segments) == "My mother played the piano. Sunday mornings.")
        let many = (0..<40).map { TimedWord(start: Double($0) * 0.2, end: Double($0) * 0.2 + 0.1, text: "la") }
        #expect(TranscriptSegmenter.segments(many, maximumWords: 18).map(\.text.count) == [54, 54, 12])
        #expect(TranscriptSegmenter.segments([]).isEmpty)
    }

    @Test("retries wait longer each time, up to an hour; an unchanged text is no correction")
    func retriesAndCorrections() {
        #expect(TranscriptJobRules.retryDelay(afterAttempt: 1) == 30)
        #expect(TranscriptJobRules.retryDelay(afterAttempt: 2) == 60)
        #expect(TranscriptJobRules.retryDelay(afterAttempt: 20) == 3600)
        #expect(TranscriptJobRules.correction(" My mother. ", machineText: "My mother.") == nil)
        #expect(TranscriptJobRules.correction("My mother played.", machineText: "My mother.") == "My mother played.")
        #expect(TranscriptJobRules.correction("", machineText: "Noise.") == "")
    }
}
