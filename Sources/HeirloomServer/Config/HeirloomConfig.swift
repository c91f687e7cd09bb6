import Foundation
import HeirloomCore

/// Everything Heirloom reads from its environment, read once at start-up.
public struct HeirloomConfig: Sendable {
    /// Where the SQLite database, media and keys live.
    public var dataDirectory: URL
    /// Which database to use.
    public var database: DatabaseChoice
    /// The address people use to reach the hub, without a trailing slash.
    public var publicURL: URL
    /// Whether anyone may create a household of their own.
    public var allowSignup: Bool
    /// The bundle ids whose Sign in with Apple tokens are accepted; empty turns it off.
    public var appleBundleIDs: [String]
    /// Where Apple's signing keys are published.
    public var appleJWKSURL: URL
    /// The largest upload for each use, in bytes.
    public var mediaLimits: [MediaUse: Int64]
    /// Where the media live: a folder or an S3 bucket (`HEIRLOOM_MEDIA_URL`).
    public var media: MediaLocation = .folder(nil)
    /// The S3 service (`HEIRLOOM_S3_*`), when one is set: s3:// media need it, and so does a move to a bucket.
    public var s3: S3Service?
    /// The AI appraiser's provider, model and key.
    public var ai = AISettings()
    /// The Legacy Treasure Chest gateway's speech-to-text and places providers.
    public var treasureChest = TreasureChestSettings()
    /// The engine that types out recordings (`HEIRLOOM_STT_PROVIDER`).
    public var speech = SpeechSettings()
    /// The folder holding `Resources/Views` and `Public` (see `ResourceLocation`).
    public var resourcesDirectory: URL
    /// The longest recording accepted, in seconds (`HEIRLOOM_MAX_AUDIO_MINUTES`, 3 hours by default).
    public var maximumAudioSeconds: Double = 3 * 60 * 60
    /// The bearer token that opens GET /metrics; without one, /metrics is not served.
    public var metricsToken: String?
    /// The daily backup (`HEIRLOOM_BACKUP_DIR`, `_TIME`, `_KEEP`); nil when no folder is set.
    public var backup: BackupSettings?
    /// SMTP and the From address (`HEIRLOOM_SMTP_URL`, `HEIRLOOM_MAIL_FROM`).
    public var mail = MailSettings()
    /// The instant the hub's clock starts at (`HEIRLOOM_NOW`), for rehearsals and tests; never in production.
    public var startsClockAt: Date?
    /// Seconds between the passing-on scheduler's passes (`HEIRLOOM_SCHEDULER_SECONDS`, 60 by default).
    public var schedulerSeconds = 60
    /// The home-network address phone apps reach over plain http (`HEIRLOOM_LAN_ADDRESS`).
    public var lanAddress: LANAddress.Setting = .detect
    /// The load balancers or proxies on other machines whose `X-Forwarded-For` names the client, besides this
    /// machine's (`HEIRLOOM_TRUSTED_PROXIES`).
    public var trustedProxies: [String] = []

    /// Which database Heirloom keeps its records in.
    public enum DatabaseChoice: Sendable, Equatable {
        case sqliteFile(URL)
        /// A database that lives as long as the hub (tests): the same identifier reaches the same one.
        case sqliteMemory(identifier: String = UUID().uuidString)
        case postgres(URL)
    }

    /// Whether cookies must be marked Secure (the hub is reached over TLS).
    public var usesTLS: Bool { publicURL.scheme == "https" }

    /// The public URL as a string without a trailing slash.
    public var publicBaseURL: String {
        var text = publicURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}

/// A configuration value that stops start-up, naming the variable.
public struct ConfigError: Error, CustomStringConvertible, Sendable {
    public var variable: String
    public var problem: String

    public var description: String { "\(variable): \(problem)" }
}

extension HeirloomConfig {
    /// Reads the configuration from environment variables, with defaults.
    public static func load(
        from environment: [String: String],
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) throws -> HeirloomConfig {
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
            return raw
        }

        let dataDirectory =
            value("HEIRLOOM_DATA_DIR").map {
                URL(fileURLWithPath: $0, relativeTo: workingDirectory).standardizedFileURL
            }
            ?? workingDirectory.appendingPathComponent("heirloom-data")

        let database: DatabaseChoice
        if let raw = value("DATABASE_URL") {
            guard let url = URL(string: raw), ["postgres", "postgresql"].contains(url.scheme ?? ""),
                url.host?.isEmpty == false
            else {
                throw ConfigError(
                    variable: "DATABASE_URL",
                    problem: "expected postgres://user:password@host:5432/database, got \"\(redacted(raw))\""
                )
            }
            database = .postgres(url)
        } else {
            database = .sqliteFile(dataDirectory.appendingPathComponent("heirloom.sqlite"))
        }

        let publicURL = try httpURL(
            value("HEIRLOOM_PUBLIC_URL") ?? "http://localhost:8080", variable: "HEIRLOOM_PUBLIC_URL")

        let allowSignup: Bool
        switch value("HEIRLOOM_ALLOW_SIGNUP")?.lowercased() {
        case nil, "false", "0", "no", "off": allowSignup = false
        case "true", "1", "yes", "on": allowSignup = true
        case let other?:
            throw ConfigError(variable: "HEIRLOOM_ALLOW_SIGNUP", problem: "expected true or false, got \"\(other)\"")
        }

        let bundleIDs = (value("HEIRLOOM_APPLE_BUNDLE_IDS") ?? "")
            .split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        for id in bundleIDs where !id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) {
            throw ConfigError(
                variable: "HEIRLOOM_APPLE_BUNDLE_IDS",
                problem: "\"\(id)\" is not a bundle id like org.example.Heirloom"
            )
        }

        let jwksURL = try httpURL(
            value("HEIRLOOM_APPLE_JWKS_URL") ?? "https://appleid.apple.com/auth/keys",
            variable: "HEIRLOOM_APPLE_JWKS_URL"
        )

        var mediaLimits: [MediaUse: Int64] = [:]
        let limitVariables: [(String, MediaUse)] = [
            ("HEIRLOOM_MAX_IMAGE_MB", .photo), ("HEIRLOOM_MAX_DOCUMENT_MB", .document),
            ("HEIRLOOM_MAX_AUDIO_MB", .audio), ("HEIRLOOM_MAX_VIDEO_MB", .video),
        ]
        for (variable, use) in limitVariables {
            guard let raw = value(variable) else { continue }
            guard let megabytes = Int64(raw), megabytes > 0, megabytes <= 1_000_000 else {
                throw ConfigError(variable: variable, problem: "expected a whole number of megabytes, got \"\(raw)\"")
            }
            mediaLimits[use] = megabytes * 1_000_000
        }

        var maximumAudioSeconds: Double = 3 * 60 * 60
        if let raw = value("HEIRLOOM_MAX_AUDIO_MINUTES") {
            guard let minutes = Int(raw), minutes > 0, minutes <= 24 * 60 else {
                throw ConfigError(
                    variable: "HEIRLOOM_MAX_AUDIO_MINUTES", problem: "expected whole minutes up to 1440, got \"\(raw)\""
                )
            }
            maximumAudioSeconds = Double(minutes * 60)
        }

        guard let lanAddress = LANAddress.Setting(value("HEIRLOOM_LAN_ADDRESS")) else {
            throw ConfigError(
                variable: "HEIRLOOM_LAN_ADDRESS",
                problem:
                    "expected this computer's home-network IPv4 address such as 192.168.1.20 (optionally :port), or off"
            )
        }

        let metricsToken = value("HEIRLOOM_METRICS_TOKEN")
        if let metricsToken, metricsToken.count < 16 {
            throw ConfigError(variable: "HEIRLOOM_METRICS_TOKEN", problem: "use at least 16 characters")
        }

        var startsClockAt: Date?
        if let raw = value("HEIRLOOM_NOW") {
            guard let date = ISO8601DateFormatter().date(from: raw) else {
                throw ConfigError(variable: "HEIRLOOM_NOW", problem: "expected a moment like 2031-05-01T09:00:00Z")
            }
            startsClockAt = date
        }

        var schedulerSeconds = 60
        if let raw = value("HEIRLOOM_SCHEDULER_SECONDS") {
            guard let seconds = Int(raw), (1...3600).contains(seconds) else {
                throw ConfigError(
                    variable: "HEIRLOOM_SCHEDULER_SECONDS",
                    problem: "expected whole seconds from 1 to 3600, got \"\(raw)\"")
            }
            schedulerSeconds = seconds
        }

        let (media, s3) = try MediaLocation.load(value)
        let trustedProxies = (value("HEIRLOOM_TRUSTED_PROXIES") ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let wrong = trustedProxies.first(where: { !Self.isIPAddress($0) }) {
            throw ConfigError(
                variable: "HEIRLOOM_TRUSTED_PROXIES",
                problem: "expected IP addresses such as 10.0.0.5, separated by commas, got \"\(wrong)\"")
        }

        let treasureChest = try TreasureChestSettings.load(value)
        return HeirloomConfig(
            dataDirectory: dataDirectory,
            database: database,
            publicURL: publicURL,
            allowSignup: allowSignup,
            appleBundleIDs: bundleIDs,
            appleJWKSURL: jwksURL,
            mediaLimits: mediaLimits,
            media: media,
            s3: s3,
            ai: try AISettings.load(value),
            treasureChest: treasureChest,
            speech: try SpeechSettings.load(value, openAI: treasureChest.speechToText),
            resourcesDirectory: try ResourceLocation.find(
                value, executable: ResourceLocation.executable, workingDirectory: workingDirectory),
            maximumAudioSeconds: maximumAudioSeconds,
            metricsToken: metricsToken,
            backup: try BackupSettings.load(value),
            mail: try MailSettings.load(value),
            startsClockAt: startsClockAt,
            schedulerSeconds: schedulerSeconds,
            lanAddress: lanAddress,
            trustedProxies: trustedProxies
        )
    }

    /// Whether `text` is an IPv4 or IPv6 address as a peer's address is written.
    static func isIPAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    static func httpURL(_ raw: String, variable: String) throws -> URL {
        guard let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""), url.host?.isEmpty == false
        else {
            throw ConfigError(variable: variable, problem: "expected an http:// or https:// address, got \"\(raw)\"")
        }
        return url
    }

    /// The URL with any password hidden, for messages.
    private static func redacted(_ raw: String) -> String {
        guard var components = URLComponents(string: raw), components.password != nil else { return raw }
        components.password = "…"
        return components.string ?? "…"
    }
}
