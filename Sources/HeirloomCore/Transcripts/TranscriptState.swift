import Foundation

/// Where a recording's typed copy stands.
public enum TranscriptState: String, Codable, Sendable, CaseIterable {
    /// Waiting for the engine.
    case queued
    /// Being typed out now.
    case working
    case done
    /// The engine could not do it (after its retries); a person may ask again.
    case failed
    /// The hub has no speech engine (HEIRLOOM_STT_PROVIDER=off).
    case off

    /// How the page names it beside the recording.
    public var label: String {
        switch self {
        case .queued, .working: "Being typed out"
        case .done: "Typed out"
        case .failed: "Could not be typed out"
        case .off: "Not typed out"
        }
    }
}

/// The rules of transcription jobs: how often a job is tried and how long it waits between tries.
public enum TranscriptJobRules {
    /// Tries before a transcript is marked failed.
    public static let maximumAttempts = 4

    /// The wait after the `attempt`th failed try: 30 s, 1 min, 2 min … up to an hour.
    public static func retryDelay(afterAttempt attempt: Int) -> TimeInterval {
        min(3600, 30 * pow(2, Double(max(0, attempt - 1))))
    }

    /// A person's correction as kept: trimmed; nil when it is the machine's text unchanged (so not a correction).
    public static func correction(_ text: String, machineText: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed == machineText.trimmingCharacters(in: .whitespacesAndNewlines) ? nil : trimmed
    }

    /// The longest correction accepted, in characters.
    public static let maximumLength = 200_000

    /// Lowercased text for `LIKE` searches, as memories and journal cards keep theirs.
    public static func searchText(_ text: String) -> String { text.lowercased() }
}
