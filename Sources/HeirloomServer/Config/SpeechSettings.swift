import Foundation

/// The engine that types out recordings and the Legacy Treasure Chest app's summaries (`HEIRLOOM_STT_PROVIDER`): an
/// OpenAI-compatible server (`HEIRLOOM_STT_BASE_URL`) by default when one is set, else the offline engine; or none.
public struct SpeechSettings: Sendable {
    public enum Provider: String, Sendable, CaseIterable {
        case offline, openai, off
    }

    public var provider: Provider = .offline
    /// How many recordings one server types out at once (`HEIRLOOM_STT_CONCURRENCY`, 1 by default).
    public var concurrency = 1
    /// The offline engine's model: Debian's pocketsphinx-en-us (`HEIRLOOM_STT_MODEL_DIR`).
    public var modelDirectory = URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us")

    public init() {}

    static func load(_ value: (String) -> String?, openAI: TreasureChestSettings.SpeechToText?) throws -> SpeechSettings
    {
        var settings = SpeechSettings()
        // A hub given a speech-to-text server uses it; one without types out with the offline engine.
        if openAI != nil { settings.provider = .openai }
        if let raw = value("HEIRLOOM_STT_PROVIDER") {
            guard let provider = Provider(rawValue: raw.lowercased()) else {
                throw ConfigError(
                    variable: "HEIRLOOM_STT_PROVIDER", problem: "expected offline, openai or off, got \"\(raw)\"")
            }
            settings.provider = provider
        }
        if settings.provider == .openai, openAI == nil {
            throw ConfigError(
                variable: "HEIRLOOM_STT_PROVIDER",
                problem: "openai needs HEIRLOOM_STT_BASE_URL, the address of an OpenAI-compatible speech-to-text server"
            )
        }
        if let raw = value("HEIRLOOM_STT_CONCURRENCY") {
            guard let count = Int(raw), (1...16).contains(count) else {
                throw ConfigError(variable: "HEIRLOOM_STT_CONCURRENCY", problem: "expected 1 to 16, got \"\(raw)\"")
            }
            settings.concurrency = count
        }
        if let raw = value("HEIRLOOM_STT_MODEL_DIR") { settings.modelDirectory = URL(fileURLWithPath: raw) }
        return settings
    }
}
