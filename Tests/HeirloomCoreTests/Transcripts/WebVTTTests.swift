import Foundation
import HeirloomCore
import Testing

@Suite("WebVTT captions of a transcript")
struct WebVTTTests {
    let segments = [
        TranscriptSegment(start: 3.2, end: 5.5, text: "The clock was my grandfather's."),
        TranscriptSegment(start: 0, end: 3.1, text: "My mother played the piano."),
        TranscriptSegment(start: 5.6, end: 5.6, text: "  "),
    ]

    @Test("timestamps are hh:mm:ss.mmm")
    func timestamps() {
        #expect(WebVTT.timestamp(0) == "00:00:00.000")
        #expect(WebVTT.timestamp(3.2) == "00:00:03.200")
        #expect(WebVTT.timestamp(3_723.4567) == "01:02:03.457")
        #expect(WebVTT.timestamp(-1) == "00:00:00.000")
    }

    @Test("the machine's phrases become cues in order, the empty left out")
    func machineCues() {
        let document = WebVTT.document(WebVTT.cues(segments: segments, corrected: nil))
        #expect(
            document == """
                WEBVTT

                1
                00:00:00.000 --> 00:00:03.100
                My mother played the piano.

                2
                00:00:03.200 --> 00:00:05.500
                The clock was my grandfather's.

                """)
    }

    @Test("markup characters are escaped, line breaks and arrows cannot end a cue, and every cue ends after it starts")
    func escaping() {
        let document = WebVTT.document([WebVTT.Cue(start: 2, end: 2, text: "Fish & chips <b>\n\nthen --> home")])
        #expect(document.contains("00:00:02.000 --> 00:00:02.001\nFish &amp; chips &lt;b&gt; then --&gt; home\n"))
        #expect(document.components(separatedBy: "-->").count == 2)
    }

    @Test("a correction keeps the phrases' times, its words shared out in order")
    func corrected() {
        let cues = WebVTT.cues(
            segments: segments, corrected: "My mother played the harpsichord. The clock was my grandfather's.")
        #expect(cues.map(\.text) == ["My mother played the harpsichord.", "The clock was my grandfather's."])
        #expect(cues.map(\.start) == [0, 3.2])

        // a correction that adds many words still puts every word in, in order
        let longer = WebVTT.cues(segments: segments, corrected: "one two three four five six seven eight nine ten")
        #expect(longer.map(\.text).joined(separator: " ") == "one two three four five six seven eight nine ten")
        #expect(longer.count == 2)

        // a typed answer without times is one cue
        #expect(
            WebVTT.cues(segments: [], corrected: "Be patient.", duration: 12)
                == [WebVTT.Cue(start: 0, end: 12, text: "Be patient.")])
        #expect(WebVTT.cues(segments: segments, corrected: "  ").isEmpty)
    }

    @Test("a time that is not a number, or absurdly far, is written within bounds rather than stopping the export")
    func oddTimes() {
        #expect(WebVTT.timestamp(.nan) == "00:00:00.000")
        #expect(WebVTT.timestamp(-.infinity) == "00:00:00.000")
        #expect(WebVTT.timestamp(1e300) == "99:00:00.000")
        let document = WebVTT.document([WebVTT.Cue(start: 1e300, end: .infinity, text: "Hello")])
        #expect(document.contains("99:00:00.000 --> 99:00:00.000"))
    }
}
