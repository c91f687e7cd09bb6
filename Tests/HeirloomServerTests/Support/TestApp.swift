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
    /// Replaces the hub's waits on purpose (`HeirloomServices.wait`), which would otherwise take real time.
    var wait: (@Sendable (Duration) async throws -> Void)? = nil
    /// Replaces SMTP delivery (a test transport that records or fails).
    var mailTransport: (any MailTransport)? = nil
    /// A hub brought back from a backup: its data folder, and its SQLite file or PostgreSQL database (kept).
    var restored: RestoredHub? = nil

    /// A hub that sends mail itself (an SMTP server configured), delivering through `transport`.
    static func sendingMail(through transport: any MailTransport) -> TestOptions {
        var options = TestOptions()
        options.mailTransport = transport
        options.extraEnvironment["HEIRLOOM_SMTP_URL"] = "smtp://127.0.0.1:9"
        return options
    }
}

/// Where a restored hub's data is.
struct RestoredHub {
    var dataDirectory: URL
    /// The PostgreSQL database to use, or nil for `dataDirectory/heirloom.sqlite`.
    var databaseURL: String?

    var sqliteFile: URL { dataDirectory.appendingPathComponent("heirloom.sqlite") }
}

/// Builds a fresh hub (SQLite "in memory"; a SQLite file of its own when `HEIRLOOM_TEST_SQLITE_FILE` is 1; or a
/// PostgreSQL database of its own when `HEIRLOOM_TEST_DATABASE_URL` is set), copied from the test run's migrated
/// `TemplateDatabase`, runs the body, shuts it down and removes its database and data folder.
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
    let started = ContinuousClock.now
    defer { TestTimes.record(since: started) }
    let database: TestDatabase
    if let restored = options.restored {
        database = TestDatabase(url: restored.databaseURL, sqlite: .sqliteFile(restored.sqliteFile), drop: {})
    } else {
        database = try await TestDatabase.migrated()
    }
    let ownDataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-test-\(UUID())")
    let app = try await Application.make(.testing)
    var config: HeirloomConfig?
    do {
        var environment = [
            "HEIRLOOM_PUBLIC_URL": options.publicURL,
            "HEIRLOOM_ALLOW_SIGNUP": options.allowSignup ? "true" : "false",
            "HEIRLOOM_APPLE_BUNDLE_IDS": options.appleBundleIDs.joined(separator: ","),
            "HEIRLOOM_APPLE_JWKS_URL": options.appleJWKSURL,
            // Phone apps on the "home network" reach the hub at loopback in tests: never a real interface.
            "HEIRLOOM_LAN_ADDRESS": "127.0.0.1",
            "HEIRLOOM_DATA_DIR": options.restored?.dataDirectory.path ?? ownDataDirectory.path,
        ]
        if let url = database.url { environment["DATABASE_URL"] = url }
        // A restored hub reads the folder its backup was restored into.
        if options.restored == nil { environment.merge(TestS3.mediaEnvironment()) { _, new in new } }
        environment.merge(options.extraEnvironment) { _, new in new }
        config = try HeirloomConfig.load(from: environment)
        if database.url == nil, let sqlite = database.sqlite { config?.database = sqlite }
        guard let config else { throw TestFailure("no configuration") }
        var overrides = HeirloomOverrides()
        overrides.passwordCost = 4
        overrides.clock = { clock.now }
        overrides.runsMediaCollector = false
        overrides.runsScheduler = false
        if let transport = options.mailTransport { overrides.mailTransport = transport }
        if let aiSleep = options.aiSleep { overrides.aiSleep = aiSleep }
        if let wait = options.wait { overrides.wait = wait }
        try await configure(app, config: config, overrides: overrides)
        app.logger.logLevel = .warning
        app.responder.use(KeptResponder.provider)
        if options.restored == nil { try await expectCopiedDatabase(app, database) }
        try await prepareDatabase(app)
        try await body(app)
    } catch {
        try? await app.asyncShutdown()
        try? await database.drop()
        removeOwnDataDirectory(ownDataDirectory, config)
        throw error
    }
    try await app.asyncShutdown()
    try await database.drop()
    removeOwnDataDirectory(ownDataDirectory, config)
}

/// The hub's router and middleware, built once: Vapor's default builds them anew for every request a test sends in
/// memory (a running server builds them once, at start), a quarter of a test's time on a hub of 500 routes. Built
/// again if a test adds a route.
private final class KeptResponder: Sendable {
    private let kept = NIOLockedValueBox<(routes: Int, responder: any Responder)?>(nil)

    static let provider = Application.Responder.Provider { app in
        let keeper = KeptResponder()
        app.responder.use { app in keeper.responder(for: app) }
    }

    func responder(for app: Application) -> any Responder {
        let routes = app.routes.all.count
        return kept.withLockedValue { kept in
            if let kept, kept.routes == routes { return kept.responder }
            let responder = app.responder.default
            kept = (routes, responder)
            return responder
        }
    }
}

/// Fails when the hub did not open the copy of the template that `database` made (sqlite-kit naming its
/// "in-memory" files otherwise, say), which would leave every test migrating again, or failing.
private func expectCopiedDatabase(_ app: Application, _ database: TestDatabase) async throws {
    guard let sqlite = database.sqlite, let expected = TestDatabase.file(of: sqlite) else { return }
    let opened = try await app.db.sql().raw("PRAGMA database_list").all()
        .compactMap { try? $0.decode(column: "file", as: String.self) }
    guard opened.contains(expected.path) else {
        throw TestFailure("the hub opened \(opened), not the template's copy \(expected.path)")
    }
}

/// Removes the data folder `withApp` made, unless the test chose its own (`HEIRLOOM_DATA_DIR`, `restored`).
private func removeOwnDataDirectory(_ folder: URL, _ config: HeirloomConfig?) {
    guard config?.dataDirectory.standardizedFileURL.path == folder.standardizedFileURL.path else { return }
    try? FileManager.default.removeItem(at: folder)
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
