import Foundation
import Testing

@testable import HeirloomServer

@Suite("Configuration")
struct ConfigTests {
    let cwd = URL(fileURLWithPath: "/srv/heirloom")

    @Test("defaults: SQLite under ./heirloom-data, sign-up closed, Apple's key address")
    func defaults() throws {
        let config = try HeirloomConfig.load(from: [:], workingDirectory: cwd)
        #expect(config.dataDirectory.path == "/srv/heirloom/heirloom-data")
        #expect(config.database == .sqliteFile(URL(fileURLWithPath: "/srv/heirloom/heirloom-data/heirloom.sqlite")))
        #expect(config.allowSignup == false)
        #expect(config.appleBundleIDs.isEmpty)
        #expect(config.appleJWKSURL.absoluteString == "https://appleid.apple.com/auth/keys")
        #expect(config.publicBaseURL == "http://localhost:8080")
        #expect(!config.usesTLS)
    }

    @Test("speech: the offline engine by default, the speech-to-text server once one is given, unless told otherwise")
    func speechProvider() throws {
        #expect(try HeirloomConfig.load(from: [:], workingDirectory: cwd).speech.provider == .offline)
        let server = ["HEIRLOOM_STT_BASE_URL": "http://192.168.1.20:8000/v1"]
        #expect(try HeirloomConfig.load(from: server, workingDirectory: cwd).speech.provider == .openai)
        let chosen = server.merging(["HEIRLOOM_STT_PROVIDER": "offline"]) { $1 }
        #expect(try HeirloomConfig.load(from: chosen, workingDirectory: cwd).speech.provider == .offline)
    }

    @Test("values are read and typed")
    func values() throws {
        let config = try HeirloomConfig.load(
            from: [
                "HEIRLOOM_DATA_DIR": "/var/lib/heirloom",
                "DATABASE_URL": "postgres://heirloom:secret@db.local:5432/heirloom",
                "HEIRLOOM_PUBLIC_URL": "https://heirloom.example.org/",
                "HEIRLOOM_ALLOW_SIGNUP": "TRUE",
                "HEIRLOOM_APPLE_BUNDLE_IDS": "org.example.Heirloom, org.example.MemoryPalace",
            ],
            workingDirectory: cwd
        )
        #expect(config.dataDirectory.path == "/var/lib/heirloom")
        #expect(config.database == .postgres(URL(string: "postgres://heirloom:secret@db.local:5432/heirloom")!))
        #expect(config.allowSignup)
        #expect(config.appleBundleIDs == ["org.example.Heirloom", "org.example.MemoryPalace"])
        #expect(config.usesTLS)
        #expect(config.publicBaseURL == "https://heirloom.example.org")
    }

    @Test(
        "a bad value stops start-up with a message naming the variable",
        arguments: [
            ("DATABASE_URL", "mysql://root@localhost/db"),
            ("HEIRLOOM_PUBLIC_URL", "heirloom.local"),
            ("HEIRLOOM_ALLOW_SIGNUP", "maybe"),
            ("HEIRLOOM_APPLE_BUNDLE_IDS", "org.example.App;rm -rf"),
            ("HEIRLOOM_APPLE_JWKS_URL", "ftp://keys"),
            ("HEIRLOOM_MAX_AUDIO_MINUTES", "0"),
            ("HEIRLOOM_MAX_AUDIO_MINUTES", "three hours"),
            ("HEIRLOOM_METRICS_TOKEN", "short"),
            ("HEIRLOOM_RESOURCES_DIR", "/nonexistent/heirloom"),
            ("HEIRLOOM_TRUSTED_PROXIES", "10.0.0.5, lb.example.org"),
        ]
    )
    func badValues(variable: String, value: String) throws {
        let error = try #require(throws: ConfigError.self) {
            try HeirloomConfig.load(from: [variable: value], workingDirectory: cwd)
        }
        #expect(error.variable == variable)
        #expect(error.description.hasPrefix(variable))
    }

    @Test("a database password never appears in the message")
    func passwordHidden() throws {
        let error = try #require(throws: ConfigError.self) {
            try HeirloomConfig.load(from: ["DATABASE_URL": "mysql://root:hunter2@localhost/db"], workingDirectory: cwd)
        }
        #expect(!error.description.contains("hunter2"))
    }
}
