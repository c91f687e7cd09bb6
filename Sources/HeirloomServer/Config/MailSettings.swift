import Foundation

/// How the hub sends email: an SMTP server and the From address; without them messages wait in the outbox.
public struct MailSettings: Sendable, Equatable {
    /// `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start).
    public var smtpURL: URL?
    /// The address messages come from; the household's name is shown beside it.
    public var from: String = "heirloom@localhost"

    public init(smtpURL: URL? = nil, from: String = "heirloom@localhost") {
        self.smtpURL = smtpURL
        self.from = from
    }

    /// Whether the hub delivers mail itself.
    public var isConfigured: Bool { smtpURL != nil }

    /// Reads HEIRLOOM_SMTP_URL and HEIRLOOM_MAIL_FROM.
    static func load(_ value: (String) -> String?) throws -> MailSettings {
        var settings = MailSettings()
        if let raw = value("HEIRLOOM_SMTP_URL") {
            guard let url = URL(string: raw), ["smtp", "smtps"].contains(url.scheme ?? ""),
                url.host?.isEmpty == false
            else {
                throw ConfigError(
                    variable: "HEIRLOOM_SMTP_URL", problem: "expected smtp://user:password@host:587 or smtps://…")
            }
            settings.smtpURL = url
        }
        if let from = value("HEIRLOOM_MAIL_FROM") {
            let parts = from.split(separator: "@")
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
                !from.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" })
            else {
                throw ConfigError(variable: "HEIRLOOM_MAIL_FROM", problem: "expected an address like hub@example.com")
            }
            settings.from = from
        }
        return settings
    }
}
