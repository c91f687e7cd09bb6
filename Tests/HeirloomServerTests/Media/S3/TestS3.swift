import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import Testing

@testable import HeirloomServer

/// The S3 service the tests run against, from HEIRLOOM_TEST_S3_ENDPOINT, _BUCKET, _REGION, _ACCESS_KEY_ID and
/// _SECRET_ACCESS_KEY (scripts/with-s3.sh starts one on loopback and sets them); the tests that need it are skipped
/// when HEIRLOOM_TEST_S3_ENDPOINT is unset.
enum TestS3 {
    static var settings: S3Settings? {
        let environment = ProcessInfo.processInfo.environment
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let endpoint = value("HEIRLOOM_TEST_S3_ENDPOINT").flatMap(URL.init(string:)) else { return nil }
        return S3Settings(
            endpoint: endpoint, region: value("HEIRLOOM_TEST_S3_REGION") ?? "us-east-1",
            bucket: value("HEIRLOOM_TEST_S3_BUCKET") ?? "heirloom-test",
            accessKeyID: value("HEIRLOOM_TEST_S3_ACCESS_KEY_ID") ?? "",
            secretAccessKey: value("HEIRLOOM_TEST_S3_SECRET_ACCESS_KEY") ?? "", addressing: .path)
    }

    static let isAvailable = settings != nil

    /// Runs `body` with a client whose keys sit under a prefix of the test's own, and removes what is left under it
    /// (objects and unfinished uploads) afterwards. A `secretAccessKey` or a `bucket` given replaces the service's;
    /// `port` sends the requests to another port of this machine (a proxy); `virtualHost` names the bucket in the
    /// host (`bucket.localhost`, which the client's DNS override sends to 127.0.0.1).
    static func withClient(
        secretAccessKey: String? = nil, bucket: String? = nil, port: Int? = nil, virtualHost: Bool = false,
        _ body: (S3Client) async throws -> Void
    ) async throws {
        var settings = try #require(Self.settings)
        settings.prefix = "heirloom-tests/\(UUID().uuidString.lowercased())/"
        let cleaner = settings
        settings.secretAccessKey = secretAccessKey ?? settings.secretAccessKey
        settings.bucket = bucket ?? settings.bucket
        var endpoint = try #require(URLComponents(url: settings.endpoint, resolvingAgainstBaseURL: false))
        endpoint.port = port ?? endpoint.port
        var configuration = S3Client.httpConfiguration()
        if virtualHost {
            endpoint.host = "localhost"
            settings.addressing = .virtualHost
            configuration.dnsOverride = ["\(settings.bucket).localhost": "127.0.0.1"]
        }
        settings.endpoint = try #require(endpoint.url)
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let logger = Logger(label: "heirloom.tests.s3")
        var failure: Error?
        do {
            try await body(S3Client(settings: settings, httpClient: httpClient, logger: logger))
        } catch {
            failure = error
        }
        do {
            try await clean(S3Client(settings: cleaner, httpClient: httpClient, logger: logger))
        } catch {
            failure = failure ?? error
        }
        try await httpClient.shutdown()
        if let failure { throw failure }
    }

    /// Runs `body` with a client for the same prefix as `client`, straight to the service.
    static func withSamePrefix(as client: S3Client, _ body: (S3Client) async throws -> Void) async throws {
        var settings = try #require(Self.settings)
        settings.prefix = client.settings.prefix
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: S3Client.httpConfiguration())
        do {
            try await body(
                S3Client(settings: settings, httpClient: httpClient, logger: Logger(label: "heirloom.tests.s3")))
        } catch {
            try await httpClient.shutdown()
            throw error
        }
        try await httpClient.shutdown()
    }

    private static func clean(_ client: S3Client) async throws {
        for upload in try await client.abandonedUploads() {
            try await client.abort(key: upload.key, uploadID: upload.uploadID)
        }
        for try await object in client.list() { try await client.delete(object.key) }
    }

    /// `count` bytes that differ from one test to the next, quickly made.
    static func bytes(_ count: Int, seed: UInt64 = .random(in: 1...UInt64.max)) -> [UInt8] {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: count)
        for index in bytes.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
        }
        return bytes
    }

    /// The body of a download, whole (for small objects in tests).
    static func read(_ download: S3Download) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await buffer in download.body { bytes += buffer.readableBytesView }
        return bytes
    }
}
