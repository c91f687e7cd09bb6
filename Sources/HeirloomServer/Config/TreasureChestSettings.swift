import Foundation

/// The providers the Legacy Treasure Chest gateway uses besides the AI provider: speech-to-text for recording
/// summaries and a places search to enrich the partner directory. Both are off unless configured.
public struct TreasureChestSettings: Sendable {
    /// An OpenAI-compatible speech-to-text server (`POST {baseURL}/audio/transcriptions`).
    public struct SpeechToText: Sendable {
        public var baseURL: URL
        public var model: String
        public var apiKey: AISettings.APIKey?
    }

    /// Google Places (Text Search, New) with the owner's key.
    public struct Places: Sendable {
        public var baseURL: URL
        public var apiKey: AISettings.APIKey
    }

    public var speechToText: SpeechToText?
    public var places: Places?

    public init() {}

    static func load(_ value: (String) -> String?) throws -> TreasureChestSettings {
        var settings = TreasureChestSettings()
        if let raw = value("HEIRLOOM_STT_BASE_URL") {
            let url = try HeirloomConfig.httpURL(raw, variable: "HEIRLOOM_STT_BASE_URL")
            let key = value("HEIRLOOM_STT_API_KEY").map(AISettings.APIKey.init)
            if key != nil, url.scheme?.lowercased() == "http", !AISettings.isOnThisNetwork(url.host) {
                throw ConfigError(
                    variable: "HEIRLOOM_STT_BASE_URL",
                    problem: "an API key is sent only over https, or over http to this machine or the home network")
            }
            settings.speechToText = SpeechToText(
                baseURL: url, model: value("HEIRLOOM_STT_MODEL") ?? "whisper-1", apiKey: key)
        }
        if let key = value("HEIRLOOM_PLACES_API_KEY"), !key.isEmpty {
            let url = try HeirloomConfig.httpURL(
                value("HEIRLOOM_PLACES_BASE_URL") ?? "https://places.googleapis.com",
                variable: "HEIRLOOM_PLACES_BASE_URL")
            settings.places = Places(baseURL: url, apiKey: AISettings.APIKey(key))
        }
        return settings
    }
}
