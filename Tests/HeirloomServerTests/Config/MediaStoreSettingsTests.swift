import Foundation
import Testing

@testable import HeirloomServer

@Suite("Configuration: where media live")
struct MediaStoreSettingsTests {
    let cwd = URL(fileURLWithPath: "/srv/heirloom")
    private static let s3 = [
        "HEIRLOOM_MEDIA_URL": "s3://family-media/heirloom/media/",
        "HEIRLOOM_S3_ENDPOINT": "https://s3.example.com",
        "HEIRLOOM_S3_ACCESS_KEY_ID": "AKIDEXAMPLE",
        "HEIRLOOM_S3_SECRET_ACCESS_KEY": "very-secret-key",
    ]

    @Test("unset or file://: a folder")
    func folder() throws {
        let defaults = try HeirloomConfig.load(from: [:], workingDirectory: cwd)
        #expect(defaults.media == .folder(nil))
        #expect(defaults.s3 == nil)
        let config = try HeirloomConfig.load(
            from: ["HEIRLOOM_MEDIA_URL": "file:///srv/heirloom-media"], workingDirectory: cwd)
        #expect(config.media == .folder(URL(fileURLWithPath: "/srv/heirloom-media", isDirectory: true)))
        // and file:// with no folder is the default, the data folder's media, as the scale-out issue named it
        for bare in ["file://", "FILE://", "file:///"] {
            let plain = try HeirloomConfig.load(from: ["HEIRLOOM_MEDIA_URL": bare], workingDirectory: cwd)
            #expect(plain.media == .folder(nil))
        }
    }

    @Test("s3://: the bucket, the prefix and the service, path-style by default")
    func s3() throws {
        let config = try HeirloomConfig.load(from: Self.s3, workingDirectory: cwd)
        guard case .s3(let settings) = config.media else {
            Issue.record("expected s3 settings, got \(config.media)")
            return
        }
        #expect(settings.bucket == "family-media")
        #expect(settings.prefix == "heirloom/media/")
        #expect(settings.endpoint.absoluteString == "https://s3.example.com")
        #expect(settings.region == "us-east-1")
        #expect(settings.accessKeyID == "AKIDEXAMPLE")
        #expect(settings.secretAccessKey == "very-secret-key")
        #expect(settings.addressing == .path)
        #expect(config.s3?.endpoint == settings.endpoint)
    }

    @Test("the S3 service is read beside folder media, for a move to a bucket")
    func serviceWithFolderMedia() throws {
        // given folder media and an S3 service
        var environment = Self.s3
        environment["HEIRLOOM_MEDIA_URL"] = "file:///srv/heirloom-media"
        // when
        let config = try HeirloomConfig.load(from: environment, workingDirectory: cwd)
        // then a bucket of that service can be named, its prefix with one trailing slash
        let service = try #require(config.s3)
        let settings = service.bucket("other-bucket", prefix: "/moved/media")
        #expect(settings.bucket == "other-bucket" && settings.prefix == "moved/media/")
        #expect(settings.secretAccessKey == "very-secret-key" && settings.region == "us-east-1")
        #expect(service.bucket("b", prefix: "").prefix == "")
    }

    @Test(
        "addressing: virtual-host for AWS, path-style elsewhere, HEIRLOOM_S3_PATH_STYLE decides",
        arguments: [
            ("https://s3.eu-west-3.amazonaws.com", nil, S3Settings.Addressing.virtualHost),
            ("https://s3.eu-west-3.amazonaws.com", "true", .path),
            ("http://192.168.1.5:9000", nil, .path),
            ("https://s3.example.com", "false", .virtualHost),
        ] as [(String, String?, S3Settings.Addressing)])
    func addressing(endpoint: String, pathStyle: String?, expected: S3Settings.Addressing) throws {
        var environment = Self.s3
        environment["HEIRLOOM_S3_ENDPOINT"] = endpoint
        environment["HEIRLOOM_S3_PATH_STYLE"] = pathStyle
        guard case .s3(let settings) = try HeirloomConfig.load(from: environment, workingDirectory: cwd).media else {
            Issue.record("expected s3 settings")
            return
        }
        #expect(settings.addressing == expected)
    }

    @Test(
        "a missing or bad value stops start-up with a message naming the variable",
        arguments: [
            ("HEIRLOOM_MEDIA_URL", "ftp://media", "HEIRLOOM_MEDIA_URL"),
            ("HEIRLOOM_MEDIA_URL", "s3://", "HEIRLOOM_MEDIA_URL"),
            ("HEIRLOOM_MEDIA_URL", "s3://a b/", "HEIRLOOM_MEDIA_URL"),
            ("HEIRLOOM_S3_ENDPOINT", "", "HEIRLOOM_S3_ENDPOINT"),
            ("HEIRLOOM_S3_ENDPOINT", "s3.example.com", "HEIRLOOM_S3_ENDPOINT"),
            ("HEIRLOOM_S3_ENDPOINT", "https://s3.example.com/some/path", "HEIRLOOM_S3_ENDPOINT"),
            ("HEIRLOOM_S3_ENDPOINT", "http://s3.example.com", "HEIRLOOM_S3_ENDPOINT"),
            ("HEIRLOOM_S3_ACCESS_KEY_ID", "", "HEIRLOOM_S3_ACCESS_KEY_ID"),
            ("HEIRLOOM_S3_SECRET_ACCESS_KEY", "", "HEIRLOOM_S3_SECRET_ACCESS_KEY"),
            ("HEIRLOOM_S3_REGION", "eu west", "HEIRLOOM_S3_REGION"),
            ("HEIRLOOM_S3_PATH_STYLE", "sometimes", "HEIRLOOM_S3_PATH_STYLE"),
            ("HEIRLOOM_S3_PATH_STYLE", "false", "HEIRLOOM_S3_PATH_STYLE"),
        ])
    func badValues(variable: String, value: String, named: String) throws {
        var environment = Self.s3
        environment[variable] = value
        if variable == "HEIRLOOM_S3_PATH_STYLE", value == "false" {
            environment["HEIRLOOM_S3_ENDPOINT"] = "http://192.168.1.5:9000"
        }
        let error = try #require(throws: ConfigError.self) {
            try HeirloomConfig.load(from: environment, workingDirectory: cwd)
        }
        #expect(error.variable == named)
        #expect(!error.description.contains("very-secret-key"))
    }

    @Test("plain http is allowed to this machine and the home network")
    func httpAtHome() throws {
        for endpoint in [
            "http://127.0.0.1:7480", "http://localhost:9000", "http://192.168.1.5:9000", "http://nas.local",
        ] {
            var environment = Self.s3
            environment["HEIRLOOM_S3_ENDPOINT"] = endpoint
            #expect(throws: Never.self) { try HeirloomConfig.load(from: environment, workingDirectory: cwd) }
        }
    }

    @Test("the secret never prints")
    func secretHidden() throws {
        let media = try HeirloomConfig.load(from: Self.s3, workingDirectory: cwd).media
        let service = try #require(try HeirloomConfig.load(from: Self.s3, workingDirectory: cwd).s3)
        for text in [String(describing: media), String(reflecting: media), "\(media)", "\(service)"] {
            #expect(!text.contains("very-secret-key"), "\(text)")
        }
        var dumped = ""
        dump(media, to: &dumped)
        dump(service, to: &dumped)
        #expect(!dumped.contains("very-secret-key"))
        #expect(dumped.contains("AKIDEXAMPLE"))
    }
}
