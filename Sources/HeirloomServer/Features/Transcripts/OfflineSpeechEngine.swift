import CSpeechShim
import Foundation
import HeirloomCore

/// The offline engine: pocketsphinx with Debian's US English model, through the CSpeechShim target. It needs no
/// set-up and no network, and makes a rough copy (the page says so) for a person to correct.
struct OfflineSpeechEngine: SpeechEngine {
    let modelDirectory: URL

    var name: String { "offline" }

    func transcribe(_ file: URL, duration: Double?) async throws -> SpeechResult {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-stt-\(UUID()).raw")
        defer { try? FileManager.default.removeItem(at: raw) }
        try await SpeechAudio.convert(file, to: raw, wav: false, duration: duration)
        let directory = modelDirectory.path
        // The decoder blocks its thread for as long as the recording takes (minutes for a long one): a thread of its
        // own, not one of Swift's few or of the pool that reads and writes the hub's files. Jobs are bounded, so
        // threads are too.
        let words = try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try Self.words(inRawFile: raw, modelDirectory: directory) })
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        let segments = TranscriptSegmenter.segments(words)
        return SpeechResult(text: TranscriptSegmenter.text(of: segments), segments: segments)
    }

    /// The words of a file of 16 kHz mono samples, decoded stretch by stretch between silences.
    static func words(inRawFile raw: URL, modelDirectory: String) throws -> [TimedWord] {
        let data = try Data(contentsOf: raw)
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let chunks = SpeechChunker.chunks(samples)
        guard !chunks.isEmpty else { return [] }
        guard let decoder = heirloom_stt_open(modelDirectory) else {
            throw SpeechEngineError(
                description: "The offline speech engine's model is missing (\(modelDirectory)); "
                    + "install pocketsphinx-en-us.")
        }
        defer { heirloom_stt_close(decoder) }
        var words: [TimedWord] = []
        let rate = Double(SpeechChunker.sampleRate)
        for chunk in chunks {
            let offset = Double(chunk.lowerBound) / rate
            let lines: String? = samples[chunk].withUnsafeBufferPointer { buffer in
                guard let text = heirloom_stt_decode(decoder, buffer.baseAddress, buffer.count) else { return nil }
                defer { heirloom_stt_free(text) }
                return String(cString: text)
            }
            guard let lines else { throw SpeechEngineError(description: "The offline speech engine stopped.") }
            for line in lines.split(separator: "\n") {
                let fields = line.split(separator: "\t")
                guard fields.count == 3, let first = Double(fields[0]), let last = Double(fields[1]) else { continue }
                // 100 frames a second, counted from the stretch's start.
                words.append(
                    TimedWord(start: offset + first / 100, end: offset + (last + 1) / 100, text: String(fields[2])))
            }
        }
        return words
    }
}
