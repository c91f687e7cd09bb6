import FluentPostgresDriver
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Vapor

@testable import HeirloomServer

/// One test's database: SQLite "in memory", a SQLite file of its own, or a PostgreSQL database of its own, dropped
/// at the end.
struct TestDatabase {
    /// The PostgreSQL database's URL; nil on SQLite.
    var url: String?
    /// The database the hub is configured with on SQLite; nil on PostgreSQL.
    var sqlite: HeirloomConfig.DatabaseChoice?
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

    /// Whether this is the suite's run on SQLite "in memory" (`make test-sqlite`): tests whose answer does not depend
    /// on the database (which guard a route has) run there only, not once more per database.
    static var isFirstDatabase: Bool { adminURL == nil && !usesSQLiteFile }

    /// A database with every migration run: a copy of `TemplateDatabase`, made once per test run.
    static func migrated() async throws -> TestDatabase {
        if let adminURL {
            let template = try await TemplateDatabase.postgres.value
            if let name = await CleanDatabases.shared.take() {
                return try postgres(name, adminURL: adminURL) { try await CleanDatabases.shared.giveBack(name) }
            }
            let made = try await makePostgres(adminURL: adminURL) { "CREATE DATABASE \($0) TEMPLATE \(template)" }
            return TestDatabase(url: made.url, sqlite: nil) {
                guard let url = made.url, let name = URLComponents(string: url)?.path.dropFirst() else { return }
                try await CleanDatabases.shared.giveBack(String(name))
            }
        }
        let template = try await TemplateDatabase.sqlite.value
        if usesSQLiteFile {
            let database = try makeSQLiteFile()
            if let sqlite = database.sqlite, let file = file(of: sqlite) {
                try FileManager.default.copyItem(at: template, to: file)
            }
            return database
        }
        // sqlite-kit keeps an "in-memory" database in a file of the temporary folder named by its identifier
        // (SQLiteNIO leaves out SQLite's shared cache); `withApp` checks that the hub opened this very copy.
        let identifier = UUID().uuidString
        let file = memoryFile(identifier)
        try FileManager.default.copyItem(at: template, to: file)
        return TestDatabase(url: nil, sqlite: .sqliteMemory(identifier: identifier)) {
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// An empty database, for tests of migrating and restoring.
    static func make() async throws -> TestDatabase {
        if let adminURL {
            return try await makePostgres(adminURL: adminURL) { "CREATE DATABASE \($0)" }
        }
        if usesSQLiteFile { return try makeSQLiteFile() }
        let identifier = UUID().uuidString
        return TestDatabase(url: nil, sqlite: .sqliteMemory(identifier: identifier)) {
            try? FileManager.default.removeItem(at: memoryFile(identifier))
        }
    }

    /// Where sqlite-kit keeps the "in-memory" database of this identifier.
    static func memoryFile(_ identifier: String) -> URL {
        let pid = ProcessInfo.processInfo.processIdentifier
        return FileManager.default.temporaryDirectory.appendingPathComponent(
            "sqlite-kit_memorydb-\(pid)-\(identifier).sqlite3")
    }

    /// The file the database of `sqlite` is kept in.
    static func file(of sqlite: HeirloomConfig.DatabaseChoice) -> URL? {
        switch sqlite {
        case .sqliteFile(let file): file
        case .sqliteMemory(let identifier): memoryFile(identifier)
        case .postgres: nil
        }
    }

    private static func makeSQLiteFile() throws -> TestDatabase {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-test-db-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return TestDatabase(url: nil, sqlite: .sqliteFile(folder.appendingPathComponent("heirloom.sqlite"))) {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    private static func makePostgres(
        adminURL: String, _ create: (String) -> String
    ) async throws -> TestDatabase {
        let name = "heirloom_t_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try await run(create(name), adminURL: adminURL)
        return try postgres(name, adminURL: adminURL) {
            try await run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", adminURL: adminURL)
        }
    }

    private static func postgres(
        _ name: String, adminURL: String, drop: @escaping @Sendable () async throws -> Void
    ) throws -> TestDatabase {
        TestDatabase(url: try databaseURL(adminURL, name: name), sqlite: nil, drop: drop)
    }

    static func databaseURL(_ adminURL: String, name: String) throws -> String {
        guard var components = URLComponents(string: adminURL) else {
            throw TestFailure("bad HEIRLOOM_TEST_DATABASE_URL")
        }
        components.path = "/\(name)"
        guard let url = components.string else { throw TestFailure("bad HEIRLOOM_TEST_DATABASE_URL") }
        return url
    }

    static func run(_ sql: String, adminURL: String) async throws {
        _ = try await rows(sql, url: adminURL)
    }

    /// Runs `sql` (one statement, or several without results) on a connection of its own to `url`; the first
    /// column of each row, as text.
    static func rows(_ sql: String, url: String) async throws -> [String] {
        let configuration = try SQLPostgresConfiguration(url: url)
        let logger = Logger(label: "heirloom.tests.postgres")
        let connection = try await PostgresConnection.connect(
            configuration: configuration.coreConfiguration, id: 1, logger: logger)
        do {
            var texts: [String] = []
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
                texts.append(try row.decode(String?.self) ?? "")
            }
            try await connection.close()
            return texts
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

/// The schema every test hub starts from: the migrations run once per test run, into a SQLite file or a
/// PostgreSQL database that each test copies (a test's own migrating took most of its half second).
enum TemplateDatabase {
    /// A SQLite file with every migration run, in SQLite's default journal mode (a hub on a file turns on its
    /// write-ahead log itself, as in production). Migrated as an "in-memory" database, which has neither the
    /// log nor the readers of a hub on a file, and whose file sqlite-kit keeps until the test run ends.
    static let sqlite = Task<URL, any Error> {
        let identifier = "template-\(UUID().uuidString)"
        try await migrate(.sqliteMemory(identifier: identifier))
        let file = TestDatabase.memoryFile(identifier)
        removeAtExit(file.path)
        return file
    }

    /// The name of a PostgreSQL database with every migration run, of this test process alone.
    static let postgres = Task<String, any Error> {
        guard let adminURL = TestDatabase.adminURL else { throw TestFailure("no HEIRLOOM_TEST_DATABASE_URL") }
        let name = "heirloom_template_\(ProcessInfo.processInfo.processIdentifier)"
        try await TestDatabase.run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", adminURL: adminURL)
        try await TestDatabase.run("CREATE DATABASE \(name)", adminURL: adminURL)
        let url = try TestDatabase.databaseURL(adminURL, name: name)
        guard let parsed = URL(string: url) else { throw TestFailure("bad template URL \(url)") }
        try await migrate(.postgres(parsed))
        return name
    }

    /// Migrates `database` through a hub configured as the tests' are, then shuts it down (closing every
    /// connection, which a PostgreSQL template needs).
    private static func migrate(_ database: HeirloomConfig.DatabaseChoice) async throws {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-test-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let app = try await Application.make(.testing)
        do {
            var config = try HeirloomConfig.load(from: [
                "HEIRLOOM_DATA_DIR": dataDirectory.path, "HEIRLOOM_LAN_ADDRESS": "127.0.0.1",
            ])
            config.database = database
            var overrides = HeirloomOverrides()
            overrides.runsMediaCollector = false
            overrides.runsScheduler = false
            try await configure(app, config: config, overrides: overrides)
            app.logger.logLevel = .warning
            try await prepareDatabase(app)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    /// The folders and files the test run made once, removed when it ends.
    private static let leftovers = NIOLockedValueBox<[String]>([])

    private static func removeAtExit(_ path: String) {
        let first = leftovers.withLockedValue { paths in
            paths.append(path)
            return paths.count == 1
        }
        if first {
            atexit {
                for path in TemplateDatabase.leftovers.withLockedValue({ $0 }) {
                    try? FileManager.default.removeItem(atPath: path)
                }
            }
        }
    }
}
