import Fluent
import FluentSQLiteDriver
import SQLKit

/// The hub's database as a service sees it, the one way in: Fluent's `db` for writes, transactions and single
/// reads, and `reading(_:)` for the reads of list pages and sign-ins (the sign-in, which every signed-in request
/// makes, reads its kept statement by position on a SQLite file: `TokenService.signIn` says what that buys).
///
/// It is made once per request (`RequestServices.database`) and, outside requests (commands, the scheduler,
/// background work, tests), by `HeirloomServices.database(on:)`: both take the hub's readers, so a service
/// reads the same way wherever it is made, and none can fall back to a slower path by being made elsewhere.
struct HubDatabase: Sendable {
    /// Fluent's database: writes, transactions and every read that is not a list's.
    let db: any Database
    /// Read-only connections to the hub's SQLite file (`SQLiteReaders`); nil on PostgreSQL and in memory.
    let readers: SQLiteReaders?

    init(_ db: any Database, readers: SQLiteReaders?) {
        self.db = db
        self.readers = readers
    }

    /// The same hub's database on another connection of it, such as a transaction's (whose reads stay on it).
    func on(_ db: any Database) -> HubDatabase {
        HubDatabase(db, readers: readers)
    }

    /// Runs `body` in a transaction, handing it the hub's database on the transaction's connection.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (HubDatabase) async throws -> T) async throws -> T {
        try await db.transaction { db in try await body(on(db)) }
    }

    /// Runs `body`'s reads on one connection, each statement one trip to the database's thread.
    ///
    /// Fluent's SQLite driver runs every query through its futures API, which takes the connection from the
    /// pool for each query and hands every result row back to the event loop as a task of its own (51 tasks
    /// and wake-ups for a page of 50 items): `make bench-api`'s profile showed list pages spending most of
    /// their time there. `SQLiteConnection`'s async API reads all the rows on the database's thread and
    /// returns once. On PostgreSQL, `body` gets this database as SQLKit sees it.
    ///
    /// With `readers` (a SQLite file), the reads go to a read-only connection of their own, without Fluent's pool,
    /// through kept prepared statements (`SQLiteReadDatabase`); not inside a transaction, whose reads must see its
    /// own writes.
    ///
    /// Rows come back as SQLKit rows; `SQLRow.decode(fluentModel:)` makes models of them (`select *`).
    func reading<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        if let readers, !db.inTransaction, db is any SQLiteDatabase {
            return try await body(readers.database(logger: db.logger, on: db.eventLoop))
        }
        if let sqlite = db as? any SQLiteDatabase {
            return try await sqlite.withConnection { connection in try await body(connection.sql()) }
        }
        return try await body(try db.sql())
    }
}

extension HeirloomServices {
    /// The hub's database on `db` (the application's, or a request's), reading through the hub's readers.
    func database(on db: any Database) -> HubDatabase {
        HubDatabase(db, readers: readers)
    }
}
