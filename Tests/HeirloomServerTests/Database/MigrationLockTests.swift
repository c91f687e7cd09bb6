import Fluent
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Testing
import Vapor

@testable import HeirloomServer

@Suite("Several servers started together on one new PostgreSQL database")
struct MigrationLockTests {
    @Test(
        "three servers started at once bring the database up to date one after the other, each migration once",
        .enabled(if: TestDatabase.adminURL != nil, "needs PostgreSQL (HEIRLOOM_TEST_DATABASE_URL)"))
    func startedTogether() async throws {
        // given a new database and three servers configured for it
        let database = try await TestDatabase.make()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-migrate-\(UUID())")
        var apps: [Application] = []
        do {
            let config = try HeirloomConfig.load(from: [
                "DATABASE_URL": try #require(database.url), "HEIRLOOM_DATA_DIR": folder.path,
                "HEIRLOOM_PUBLIC_URL": "http://hub.test", "HEIRLOOM_LAN_ADDRESS": "127.0.0.1",
            ])
            for _ in 0..<3 {
                let app = try await Application.make(.testing)
                apps.append(app)
                var overrides = HeirloomOverrides()
                overrides.runsMediaCollector = false
                overrides.runsScheduler = false
                try await configure(app, config: config, overrides: overrides)
                app.logger.logLevel = .warning
            }

            // when all three prepare it at the same moment
            try await withThrowingTaskGroup(of: Void.self) { group in
                for app in apps { group.addTask { try await prepareDatabase(app) } }
                try await group.waitForAll()
            }

            // then every migration ran once, and the hub works
            let names = try await apps[0].db.sql().raw("SELECT name FROM _fluent_migrations").all()
                .map { try $0.decode(column: "name", as: String.self) }
            #expect(names.count > 50)
            #expect(Set(names).count == names.count)
            #expect(try await apps[2].api(.GET, "/api/health").status == .ok)
        } catch {
            for app in apps { try? await app.asyncShutdown() }
            try? await database.drop()
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        for app in apps { try await app.asyncShutdown() }
        try await database.drop()
        try? FileManager.default.removeItem(at: folder)
    }

    @Test(
        "heirloom migrate waits while a server holds the migration lock, as a starting server does",
        .enabled(if: TestDatabase.adminURL != nil, "needs PostgreSQL (HEIRLOOM_TEST_DATABASE_URL)"))
    func migrateCommandTakesTheLock() async throws {
        try await withTwoServers { first, second in
            // given one server migrating: it holds the lock until another session waits for it
            let events = NIOLockedValueBox<[String]>([])
            let held = AsyncStream<Void>.makeStream()
            async let holder: Void = MigrationLock.around(first.db) {
                held.continuation.yield()
                try await Self.untilSomeoneWaitsForTheLock(first.db)
                events.withLockedValue { $0.append("released") }
            }
            for await _ in held.stream { break }
            // when `heirloom migrate` runs on the other meanwhile
            let migrate = try #require(second.asyncCommands.commands["migrate"])
            #expect(migrate is LockedMigrateCommand)
            var context = CommandContext(console: second.console, input: CommandInput(arguments: ["heirloom"]))
            context.application = second
            try await migrate.run(using: &context)
            events.withLockedValue { $0.append("migrated") }
            try await holder
            // then it ran only once the lock was released
            #expect(events.withLockedValue { $0 } == ["released", "migrated"])
        }
    }

    /// Returns once a session waits for the migration lock (PostgreSQL lists it in pg_locks, not granted), looking
    /// every few milliseconds for at most a minute.
    static func untilSomeoneWaitsForTheLock(_ db: any Database) async throws {
        let sql = try #require(db as? any SQLDatabase)
        for _ in 0..<6000 {
            let waiting = try await sql.raw(
                "SELECT count(*) AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
            ).first()?.decode(column: "waiting", as: Int.self)
            if (waiting ?? 0) > 0 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestFailure("nobody waited for the migration lock within a minute")
    }
}
