import Fluent
import Foundation
import HeirloomAPI
import SQLKit
import SQLiteNIO
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A hub on a SQLite file reads its sign-ins and list pages through read-only connections of their own.
@Suite("Reads through SQLite's read-only connections")
struct SQLiteReadersTests {
    private func onFile(_ body: (Application) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-readers-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withApp(TestOptions(restored: RestoredHub(dataDirectory: folder, databaseURL: nil)), body)
    }

    @Test("a page reads what was written just before it, a token revoked a moment ago no longer signs in")
    func readsSeeEveryCommittedWrite() async throws {
        try await onFile { app in
            // given a hub on a SQLite file, which therefore has readers
            #expect(app.hub.readers != nil)
            let owner = try await app.setUpHub()
            for index in 1...30 {
                // when an item is written, then the very next list (on a reader) has it
                let created = try await app.api(
                    .POST, "/api/items", token: owner.token, json: ["name": "Chair \(index)"])
                #expect(created.status == .created, "\(created.body.string)")
                let page = try await app.api(.GET, "/api/items?limit=50", token: owner.token)
                #expect(page.status == .ok)
                let names = try page.decoded(Components.Schemas.ItemPage.self).items.map(\.name)
                #expect(names.count == index)
                #expect(names.first == "Chair \(index)")
            }
            // and a session ended a moment ago no longer signs in (the sign-in is read on a reader)
            #expect(try await app.api(.GET, "/api/me", token: owner.token).status == .ok)
            #expect(try await app.api(.POST, "/api/auth/logout", token: owner.token).status == .noContent)
            #expect(try await app.api(.GET, "/api/me", token: owner.token).status == .unauthorized)
        }
    }

    @Test("the readers cannot write, answer many reads at once, keep a bounded set of statements, and close")
    func readersAreReadOnlyAndShared() async throws {
        try await onFile { app in
            _ = try await app.setUpHub()
            let readers = try #require(app.hub.readers)
            let database = readers.database(logger: app.logger, on: app.eventLoopGroup.any())
            // a write through a reader is refused by SQLite itself
            await #expect(throws: (any Error).self) {
                try await database.raw("DELETE FROM users").run()
            }
            #expect(try await User.query(on: app.db).count() == 1)
            // a hundred reads at once share the few connections, and all of them answer
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<100 {
                    group.addTask {
                        try await database.raw("SELECT COUNT(*) AS n FROM users")
                            .first(decodingColumn: "n", as: Int.self) ?? -1
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(counts == Array(repeating: 1, count: 100))
            // more different statements than a connection keeps: each still answers with its own binds
            let limit = PreparedSQLiteConnection.maximumKept + 6
            for number in 0..<limit {
                let read = try await database.raw("SELECT \(unsafeRaw: "\(number)") + \(bind: number) AS n")
                    .first(decodingColumn: "n", as: Int.self)
                #expect(read == 2 * number)
            }
            // once closed, a read fails with a message instead of waiting
            await readers.close()
            await #expect(throws: SQLiteReaders.Closed.self) {
                try await database.raw("SELECT 1").run()
            }
        }
    }

    @Test("rows read through the readers bind and decode as SQLiteKit's own connections do")
    func readsAsSQLiteKit() async throws {
        try await onFile { app in
            // given an item with some fields filled and others empty
            let owner = try await app.setUpHub()
            let created = try await app.api(
                .POST, "/api/items", token: owner.token,
                json: ["name": "Clock", "description": "Brass, 1890s", "estimatedValue": "1200.50", "maker": "Seth"])
            #expect(created.status == .created, "\(created.body.string)")
            let readers = try #require(app.hub.readers)
            let reader = readers.database(logger: app.logger, on: app.eventLoopGroup.any())
            let fluent = try #require(app.db as? any SQLDatabase)
            // when the same query with binds of several kinds is read both ways
            func read(_ database: any SQLDatabase) async throws -> (any SQLRow)? {
                try await database.raw(
                    """
                    SELECT *, \(bind: 2.5) AS half, \(bind: String?.none) AS empty FROM items
                    WHERE name = \(bind: "Clock") AND quantity >= \(bind: 1)
                    """
                ).first()
            }
            let mine = try #require(try await read(reader))
            let theirs = try #require(try await read(fluent))
            // then every column reads alike
            #expect(mine.allColumns == theirs.allColumns)
            for column in theirs.allColumns {
                func same<T: Decodable & Equatable>(_ type: T.Type) -> Bool {
                    (try? mine.decode(column: column, as: T.self)) == (try? theirs.decode(column: column, as: T.self))
                }
                #expect(try mine.decodeNil(column: column) == theirs.decodeNil(column: column), "\(column)")
                #expect(same(String.self) && same(Int64?.self) && same(Double?.self), "\(column)")
                #expect(same(Date?.self) && same(UUID.self) && same(Bool?.self), "\(column)")
            }
            #expect(try mine.decode(column: "half", as: Double.self) == 2.5)
            #expect(try mine.decodeNil(column: "empty"))
            // a text with a NUL inside is bound whole, as SQLiteNIO binds it
            let length = try await reader.raw("SELECT length(CAST(\(bind: "a\u{0}bc") AS BLOB)) AS n")
                .first(decodingColumn: "n", as: Int.self)
            #expect(length == 4)
            #expect(try mine.decode(column: "maker", as: String.self) == "Seth")
            #expect(throws: (any Error).self) { try mine.decode(column: "no_such_column", as: String.self) }
        }
    }

    @Test("a kept statement reads the columns a table has now, after another connection changed the table")
    func keptStatementFollowsSchemaChanges() async throws {
        try await onFile { app in
            let writer = try #require(app.db as? any SQLDatabase)
            let readers = try #require(app.hub.readers)
            let reader = readers.database(logger: app.logger, on: app.eventLoopGroup.any())
            // given a table read once through the readers (its statement now kept)
            try await writer.raw("CREATE TABLE shelf (a TEXT, b INTEGER)").run()
            try await writer.raw("INSERT INTO shelf (a, b) VALUES ('vase', 2)").run()
            let before = try #require(try await reader.raw("SELECT * FROM shelf").first())
            #expect(before.allColumns == ["a", "b"])
            // when the writer renames a column and adds one
            try await writer.raw("ALTER TABLE shelf RENAME COLUMN a TO name").run()
            try await writer.raw("ALTER TABLE shelf ADD COLUMN room TEXT DEFAULT 'hall'").run()
            // then the same query reads the new columns by their new names
            let after = try #require(try await reader.raw("SELECT * FROM shelf").first())
            #expect(after.allColumns == ["name", "b", "room"])
            #expect(try after.decode(column: "name", as: String.self) == "vase")
            #expect(try after.decode(column: "room", as: String.self) == "hall")
        }
    }

    @Test("the sign-in reads each change at once, cannot write, and closes with the hub")
    func signInOnReaders() async throws {
        try await onFile { app in
            // given a signed-in owner on a hub on a file
            let owner = try await app.setUpHub()
            var me = try await app.api(.GET, "/api/me", token: owner.token)
            #expect(try me.decoded(Components.Schemas.Me.self).household.name == "The Miller Family")
            // when the household is renamed, then the very next sign-in reads the new name
            let renamed = try await app.api(
                .PATCH, "/api/household", token: owner.token, json: ["name": "Miller House"])
            #expect(renamed.status == .ok)
            me = try await app.api(.GET, "/api/me", token: owner.token)
            #expect(try me.decoded(Components.Schemas.Me.self).household.name == "Miller House")
            #expect(try me.decoded(Components.Schemas.Me.self).role == .owner)
            // and many sign-ins at once all answer
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for _ in 0..<40 { group.addTask { try await app.api(.GET, "/api/me", token: owner.token).status } }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: .ok, count: 40))
            // and the kept statement runs in the very SQLite that Fluent's connections run (one copy, one set of locks)
            let sql = try #require(app.db as? any SQLDatabase)
            let version = try await sql.raw("SELECT sqlite_source_id() AS id")
                .first(decodingColumn: "id", as: String.self)
            #expect(version == PreparedSQLiteConnection.sourceID)
            // a write through a kept connection is refused by SQLite itself
            let readers = try #require(app.hub.readers)
            await #expect(throws: PreparedSQLiteConnection.Failure.self) {
                try await readers.withPrepared { connection in
                    try connection.query("DELETE FROM users", [SQLiteData]()) { _ in }
                }
            }
            #expect(try await User.query(on: app.db).count() == 1)
            // once closed, a read fails with a message
            await readers.close()
            await #expect(throws: SQLiteReaders.Closed.self) {
                try await readers.withPrepared { _ in }
            }
        }
    }

    @Test("when the file cannot be opened, every read fails with the reason, and none waits for ever")
    func unopenableFileFailsEveryone() async throws {
        try await withApp { app in
            // given readers of a file in a folder that does not exist, and twenty reads at once
            let readers = SQLiteReaders(
                path: "/nonexistent-heirloom-\(UUID())/heirloom.sqlite", threadPool: app.threadPool)
            let database = readers.database(logger: app.logger, on: app.eventLoopGroup.any())
            // when they all read at once, then each of them fails (and the test ends)
            let failures = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        do {
                            try await database.raw("SELECT 1").run()
                            return false
                        } catch {
                            return true
                        }
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(failures == 20)
            await readers.close()
        }
    }

    @Test("a hub on a SQLite file has readers; in memory or on PostgreSQL it has none")
    func readersOnlyOnFiles() async throws {
        try await withApp { app in
            #expect((app.hub.readers != nil) == TestDatabase.usesSQLiteFile)
        }
    }
}
