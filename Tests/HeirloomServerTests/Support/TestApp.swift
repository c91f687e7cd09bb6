import FluentPostgresDriver
import Foundation
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A clock the tests move by hand.
final class TestClock: Sendable {
    private let current = NIOLockedValueBox(Date())

    var now: Date { current.withLockedValue { $0 } }

    func advance(by interval: TimeInterval) {
        current.withLockedValue { $0 = $0.addingTimeInterval(interval) }
    }
}

/// How a test hub differs from the defaults.
struct TestOptions {
    var allowSignup = false
    var appleBundleIDs: [String] = []
    var appleJWKSURL = "http://127.0.0.1:9/keys"
    var publicURL = "http://hub.test"
    var extraEnvironment: [String: String] = [:]
    /// Replaces the wait between attempts at the AI provider (so back-off does not slow the tests).
    var aiSleep: (@Sendable (TimeInterval) async throws -> Void)? = nil
    /// Replaces SMTP delivery (a test transport that records or fails).
    var mailTransport: (any MailTransport)? = nil
    /// A hub brought back from a backup: its data folder, and its SQLite file or PostgreSQL database (kept).
    var restored: RestoredHub? = nil
}

/// Where a restored hub's data is.
struct RestoredHub {
    var dataDirectory: URL
    /// The PostgreSQL database to use, or nil for `dataDirectory/heirloom.sqlite`.
    var databaseURL: String?

    var sqliteFile: URL { dataDirectory.appendingPathComponent("heirloom.sqlite") }
}

/// Builds a fresh hub (in-memory SQLite; a new SQLite file, deleted afterwards, when `HEIRLOOM_TEST_SQLITE_FILE`
/// is 1; or a new PostgreSQL database when `HEIRLOOM_TEST_DATABASE_URL` is set), migrates it, runs the body and
/// shuts it down.
func withApp(
    _ options: TestOptions = TestOptions(),
    clock: TestClock = TestClock(),
    _ body: (Application) async throws -> Void
) async throws {
    // Swift Testing runs every test at once; on PostgreSQL each hub holds connections of its own, so only so
    // many hubs run together, well within the test server's max_connections.
    let usesPostgres = TestDatabase.adminURL != nil
    if usesPostgres { await TestDatabase.slots.acquire() }
    defer { if usesPostgres { TestDatabase.slots.release() } }
    let database: TestDatabase
    if let restored = options.restored {
        database = TestDatabase(url: restored.databaseURL, drop: {})
    } else {
        database = try await TestDatabase.make()
    }
    let app = try await Application.make(.testing)
    do {
        var environment = [
            "HEIRLOOM_PUBLIC_URL": options.publicURL,
            "HEIRLOOM_ALLOW_SIGNUP": options.allowSignup ? "true" : "false",
            "HEIRLOOM_APPLE_BUNDLE_IDS": options.appleBundleIDs.joined(separator: ","),
            "HEIRLOOM_APPLE_JWKS_URL": options.appleJWKSURL,
            // Phone apps on the "home network" reach the hub at loopback in tests: never a real interface.
            "HEIRLOOM_LAN_ADDRESS": "127.0.0.1",
            "HEIRLOOM_DATA_DIR": options.restored?.dataDirectory.path
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-test-\(UUID())").path,
        ]
        if let url = database.url { environment["DATABASE_URL"] = url }
        // A restored hub reads the folder its backup was restored into.
        if options.restored == nil { environment.merge(TestS3.mediaEnvironment()) { _, new in new } }
        environment.merge(options.extraEnvironment) { _, new in new }
        var config = try HeirloomConfig.load(from: environment)
        if database.url == nil {
            config.database =
                options.restored.map { .sqliteFile($0.sqliteFile) } ?? database.sqliteFile.map { .sqliteFile($0) }
                ?? .sqliteMemory
        }
        var overrides = HeirloomOverrides()
        overrides.passwordCost = 4
        overrides.clock = { clock.now }
        overrides.runsMediaCollector = false
        overrides.runsScheduler = false
        if let transport = options.mailTransport { overrides.mailTransport = transport }
        if let aiSleep = options.aiSleep { overrides.aiSleep = aiSleep }
        try await configure(app, config: config, overrides: overrides)
        app.logger.logLevel = .warning
        try await prepareDatabase(app)
        try await body(app)
    } catch {
        try? await app.asyncShutdown()
        try? await database.drop()
        throw error
    }
    try await app.asyncShutdown()
    try await database.drop()
}

/// One test's database: SQLite in memory, a SQLite file of its own, or a PostgreSQL database of its own, dropped
/// at the end.
struct TestDatabase {
    var url: String?
    /// The SQLite file, in a folder of its own; nil in memory or on PostgreSQL.
    var sqliteFile: URL? = nil
    var drop: @Sendable () async throws -> Void

    /// How many test hubs may use PostgreSQL at the same time.
    static let slots = AsyncSemaphore(limit: 24)

    static var adminURL: String? {
        ProcessInfo.processInfo.environment["HEIRLOOM_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether each hub gets a SQLite file (`HEIRLOOM_TEST_SQLITE_FILE=1`, `make test-sqlite-file`), so that the
    /// suite reads through `SQLiteReaders` as a hub in production does.
    static var usesSQLiteFile: Bool {
        adminURL == nil && ProcessInfo.processInfo.environment["HEIRLOOM_TEST_SQLITE_FILE"] == "1"
    }

    static func make() async throws -> TestDatabase {
        if usesSQLiteFile {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-test-db-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return TestDatabase(url: nil, sqliteFile: folder.appendingPathComponent("heirloom.sqlite")) {
                try FileManager.default.removeItem(at: folder)
            }
        }
        guard let adminURL else { return TestDatabase(url: nil, drop: {}) }
        let name = "heirloom_t_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try await run("CREATE DATABASE \(name)", adminURL: adminURL)
        guard var components = URLComponents(string: adminURL) else {
            throw TestFailure("bad HEIRLOOM_TEST_DATABASE_URL")
        }
        components.path = "/\(name)"
        return TestDatabase(url: components.string) {
            try await run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", adminURL: adminURL)
        }
    }

    private static func run(_ sql: String, adminURL: String) async throws {
        let configuration = try SQLPostgresConfiguration(url: adminURL)
        let connection = try await PostgresConnection.connect(
            configuration: configuration.coreConfiguration,
            id: 1,
            logger: Logger(label: "heirloom.tests.postgres")
        )
        do {
            _ = try await connection.query(
                PostgresQuery(unsafeSQL: sql), logger: Logger(label: "heirloom.tests.postgres"))
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
