import Foundation
import HeirloomCore
import Testing

@Suite("Media formats")
struct MediaFormatTests {
    @Test(
        "formats are told from their first bytes",
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xE0], MediaFormat.jpeg),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
            (Array("GIF89a".utf8), .gif),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8), .wav),
            (Array("%PDF-1.7".utf8), .pdf),
            (Array("OggS".utf8), .ogg),
            ([0x1A, 0x45, 0xDF, 0xA3], .webm),
            (Array("ID3".utf8), .mp3),
            ([0, 0, 0, 24] + Array("ftypheic\u{0}\u{0}\u{0}\u{0}mif1heic".utf8), .heic),
            ([0, 0, 0, 24] + Array("ftypmif1\u{0}\u{0}\u{0}\u{0}mif1heic".utf8), .heic),
            ([0, 0, 0, 28] + Array("ftypM4A \u{0}\u{0}\u{0}\u{0}M4A mp42isom".utf8), .m4a),
            ([0, 0, 0, 20] + Array("ftypqt  \u{0}\u{0}\u{0}\u{0}qt  ".utf8), .mov),
            ([0, 0, 0, 24] + Array("ftypisom\u{0}\u{0}\u{0}\u{0}isomavc1".utf8), .mp4),
        ] as [([UInt8], MediaFormat)]
    )
    func detects(header: [UInt8], expected: MediaFormat) {
        #expect(MediaSniffer.detect(header) == expected)
    }

    @Test("text, SVG and HTML are nothing Heirloom accepts")
    func refusesText() {
        for text in ["<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "<!doctype html>", "hello", ""] {
            #expect(MediaSniffer.detect(Array(text.utf8)) == nil)
        }
    }

    @Test("sizes read as people say them")
    func byteCounts() {
        #expect(ByteCountText.describe(322_000) == "322 KB")
        #expect(ByteCountText.describe(50_000_000) == "50 MB")
        #expect(ByteCountText.describe(1_000_000) == "1 MB")
        #expect(ByteCountText.describe(4_250_000) == "4.3 MB")
        #expect(ByteCountText.describe(2_000_000_000) == "2 GB")
    }

    @Test("a waveform has one peak per slice, scaled 0…1")
    func waveform() {
        var builder = WaveformBuilder(expectedSamples: 1000, bucketCount: 10)
        builder.add((0..<1000).map { Int16($0 < 500 ? 16_384 : -32_768) })
        let peaks = builder.normalisedPeaks
        #expect(peaks.count == 10)
        #expect(peaks[0] == 0.5)
        #expect(peaks[9] == 1)
    }

    @Test("a recording of unknown length (a browser's WebM) still gets its whole waveform, and its length")
    func waveformOfUnknownLength() {
        var builder = WaveformBuilder(expectedSamples: nil, bucketCount: 10)
        builder.add((0..<4000).map { Int16($0 < 2000 ? 16_384 : -32_768) })
        let peaks = builder.normalisedPeaks
        #expect(builder.sampleCount == 4000)
        #expect(peaks.count == 10)
        #expect(peaks[0] == 0.5 && peaks[4] == 0.5)
        #expect(peaks[5] == 1 && peaks[9] == 1)
    }

    @Test("a very short recording of unknown length gives one peak per block, and silence gives a flat line")
    func waveformOfAShortRecording() {
        var builder = WaveformBuilder(expectedSamples: 0, bucketCount: 10)
        builder.add(Array(repeating: Int16(3277), count: 100))
        #expect(builder.normalisedPeaks == [0.1, 0.1, 0.1])
        #expect(WaveformBuilder(expectedSamples: nil).normalisedPeaks == [0])
    }
}
