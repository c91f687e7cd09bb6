import Foundation

/// The AI appraiser's settings: HEIRLOOM_AI_PROVIDER, _MODEL, _BASE_URL, _API_KEY, _TIMEOUT_SECONDS, _CONCURRENCY.
public struct AISettings: Sendable {
    /// Which model provider the hub talks to.
    public enum Provider: String, Sendable, CaseIterable {
        case gemini, openai, offline
    }

    public var provider: Provider = .offline
    public var model = "tesseract"
    public var baseURL = URL(string: "http://localhost")!
    /// The provider's key; never logged, returned or rendered (its description is hidden).
    public var apiKey: APIKey?
    /// One overall deadline for an analysis, retries included.
    public var timeout: TimeInterval = 60
    /// How many photos of a batch are analysed at once.
    public var concurrency = 4

    public init() {}

    /// A key that does not print.
    public struct APIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        public let value: String
        public init(_ value: String) { self.value = value }
        public var description: String { "<hidden>" }
        public var debugDescription: String { "<hidden>" }
    }

    static func load(_ value: (String) -> String?) throws -> AISettings {
        var settings = AISettings()
        let providerName = value("HEIRLOOM_AI_PROVIDER")?.lowercased() ?? "offline"
        guard let provider = Provider(rawValue: providerName) else {
            throw ConfigError(
                variable: "HEIRLOOM_AI_PROVIDER", problem: "expected gemini, openai or offline, got \"\(providerName)\""
            )
        }
        settings.provider = provider
        settings.apiKey = value("HEIRLOOM_AI_API_KEY").map(APIKey.init)
        switch provider {
        case .gemini:
            settings.model = value("HEIRLOOM_AI_MODEL") ?? "gemini-2.5-flash"
            settings.baseURL = try HeirloomConfig.httpURL(
                value("HEIRLOOM_AI_BASE_URL") ?? "https://generativelanguage.googleapis.com",
                variable: "HEIRLOOM_AI_BASE_URL")
            guard settings.apiKey != nil else {
                throw ConfigError(variable: "HEIRLOOM_AI_API_KEY", problem: "the gemini provider needs an API key")
            }
        case .openai:
            settings.model = value("HEIRLOOM_AI_MODEL") ?? "gpt-4o-mini"
            settings.baseURL = try HeirloomConfig.httpURL(
                value("HEIRLOOM_AI_BASE_URL") ?? "https://api.openai.com/v1", variable: "HEIRLOOM_AI_BASE_URL")
            if settings.apiKey == nil, settings.baseURL.host == "api.openai.com" {
                throw ConfigError(variable: "HEIRLOOM_AI_API_KEY", problem: "api.openai.com needs an API key")
            }
        case .offline:
            settings.model = "tesseract"
        }
        if settings.apiKey != nil, settings.baseURL.scheme?.lowercased() == "http",
            !Self.isOnThisNetwork(settings.baseURL.host)
        {
            throw ConfigError(
                variable: "HEIRLOOM_AI_BASE_URL",
                problem: "an API key is sent only over https, or over http to this machine or the home network")
        }
        if let raw = value("HEIRLOOM_AI_TIMEOUT_SECONDS") {
            guard let seconds = Double(raw), seconds > 0, seconds <= 600 else {
                throw ConfigError(
                    variable: "HEIRLOOM_AI_TIMEOUT_SECONDS",
                    problem: "expected seconds between 0 and 600, got \"\(raw)\"")
            }
            settings.timeout = seconds
        }
        if let raw = value("HEIRLOOM_AI_CONCURRENCY") {
            guard let count = Int(raw), (1...16).contains(count) else {
                throw ConfigError(
                    variable: "HEIRLOOM_AI_CONCURRENCY", problem: "expected a whole number from 1 to 16, got \"\(raw)\""
                )
            }
            settings.concurrency = count
        }
        return settings
    }

    /// Loopback, a private (RFC 1918) address or a .local name: plain http stays in the house.
    static func isOnThisNetwork(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        if host == "localhost" || host.hasSuffix(".local") || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 4 else { return false }
        return parts[0] == 127 || parts[0] == 10 || (parts[0] == 192 && parts[1] == 168)
            || (parts[0] == 172 && (16...31).contains(parts[1]))
    }
}
