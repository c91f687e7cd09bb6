import Foundation
import HeirloomCore
import Vapor

/// What an engine heard in a recording.
struct SpeechResult: Sendable, Equatable {
    var text: String
    var segments: [TranscriptSegment]
}

/// Types out a recording: the offline engine, or an OpenAI-compatible server.
protocol SpeechEngine: Sendable {
    /// The engine's name as transcripts keep it ("offline", "openai:whisper-1"): a transcript made by the same
    /// engine for the same bytes is copied rather than made again.
    var name: String { get }
    /// The words of the recording in `file` (any audio or video ffmpeg reads), lasting about `duration` seconds.
    func transcribe(_ file: URL, duration: Double?) async throws -> SpeechResult
    /// The words of a recording held in memory (the Legacy Treasure Chest app's, sent whole in its call).
    func words(of audio: Data, mimeType: String) async throws -> String
}

extension SpeechEngine {
    func words(of audio: Data, mimeType: String) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-stt-\(UUID()).audio")
        defer { try? FileManager.default.removeItem(at: file) }
        try audio.write(to: file)
        return try await transcribe(file, duration: nil).text
    }
}

/// Why a recording could not be typed out, in words for the page.
struct SpeechEngineError: Error, CustomStringConvertible {
    var description: String
}

extension SpeechSettings {
    /// The engine the settings choose, or nil when transcription is off.
    func engine(openAI: TreasureChestSettings.SpeechToText?, client: any Client) -> (any SpeechEngine)? {
        switch provider {
        case .off: nil
        case .offline: OfflineSpeechEngine(modelDirectory: modelDirectory)
        case .openai: openAI.map { OpenAISpeechEngine(client: SpeechToTextClient(settings: $0, client: client)) }
        }
    }
}

/// Audio as the engines want it: 16 kHz mono 16-bit PCM, from any recording or film (its sound only).
enum SpeechAudio {
    /// Converts `file` to raw 16 kHz mono samples (`wav` false) or to a WAV file, at `output`.
    static func convert(_ file: URL, to output: URL, wav: Bool, duration: Double?) async throws {
        let format = wav ? ["-f", "wav"] : ["-f", "s16le"]
        let result = try await ExternalTool.run(
            "ffmpeg",
            ["-v", "error", "-y", "-i", file.path, "-vn", "-ac", "1", "-ar", "\(SpeechChunker.sampleRate)"]
                + ["-acodec", "pcm_s16le"] + format + [output.path],
            timeout: max(120, (duration ?? 0) * 2))
        guard result.status == 0 else {
            throw SpeechEngineError(
                description:
                    "Its sound could not be read (\(result.errorOutput.split(separator: "\n").first ?? "ffmpeg failed"))."
            )
        }
    }
}

/// An OpenAI-compatible speech-to-text server, sent the recording's sound as a 16 kHz WAV file.
struct OpenAISpeechEngine: SpeechEngine {
    let client: SpeechToTextClient

    var name: String { "openai:\(client.settings.model)" }

    /// The recording as it came: the server reads the app's m4a itself.
    func words(of audio: Data, mimeType: String) async throws -> String {
        try await client.transcribe(audio, mimeType: mimeType)
    }

    func transcribe(_ file: URL, duration: Double?) async throws -> SpeechResult {
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-stt-\(UUID()).wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        try await SpeechAudio.convert(file, to: wav, wav: true, duration: duration)
        var timed = client
        timed.timeout = max(60, (duration ?? 0) * 2)
        return try await timed.transcribeTimed(try Data(contentsOf: wav), mimeType: "audio/wav", duration: duration)
    }
}
