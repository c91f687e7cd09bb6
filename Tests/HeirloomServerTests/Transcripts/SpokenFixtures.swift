import Foundation

@testable import HeirloomServer

/// Recordings of real speech, made with espeak-ng (its US English female voice, which the offline engine hears
/// best), once per test run.
enum SpokenFixtures {
    /// A story an item can be told with; the words that matter are in `storyWords`.
    static let story = "My mother played the piano every Sunday morning. The grandfather clock came from Boston."
    static let storyWords = ["mother", "played", "piano", "sunday", "morning", "grandfather", "clock"]

    /// A WAV file of `sentence` spoken.
    static func wav(_ sentence: String) async throws -> Data {
        let url = MediaFixtures.directory.appendingPathComponent("spoken-\(abs(sentence.hashValue)).wav")
        if !FileManager.default.fileExists(atPath: url.path) {
            let scratch = MediaFixtures.directory.appendingPathComponent("scratch-\(UUID()).wav")
            let result = try await ExternalTool.run(
                "espeak-ng", ["-v", "en-us+f2", "-s", "150", "-w", scratch.path, sentence], timeout: 60)
            guard result.status == 0 else { throw TestFailure("espeak-ng failed: \(result.errorOutput)") }
            try? FileManager.default.moveItem(at: scratch, to: url)
        }
        return try Data(contentsOf: url)
    }

    /// The share of `expected` words found among the words of `text`.
    static func recall(_ expected: [String], in text: String) -> Double {
        let heard = Set(text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        return Double(expected.filter(heard.contains).count) / Double(expected.count)
    }
}
