import Fluent
import FluentSQL
import FluentSQLiteDriver
import SQLKit

extension Database {
    /// This database as SQLKit sees it; both of Heirloom's drivers are SQL databases.
    func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            throw AppError.internalProblem("The database driver does not speak SQL.")
        }
        return sql
    }
}

extension SchemaBuilder {
    /// An integer primary key that is never given out again, not even after the newest row is deleted:
    /// apps cache these ids. PostgreSQL's identity columns never reuse a value; SQLite's plain INTEGER
    /// PRIMARY KEY would, so it gets AUTOINCREMENT (which Fluent's SQLite dialect does not write itself).
    func integerID(on database: any Database) -> Self {
        if (database as? any SQLDatabase)?.dialect.name == "sqlite" {
            return field(.id, .int, .sql(unsafeRaw: "PRIMARY KEY AUTOINCREMENT"))
        }
        return field(.id, .int, .identifier(auto: true))
    }
}

extension Database {
    /// Runs `body`'s reads on one connection, each statement one trip to the database's thread.
    ///
    /// Fluent's SQLite driver runs every query through its futures API, which takes the connection from the
    /// pool for each query and hands every result row back to the event loop as a task of its own (51 tasks
    /// and wake-ups for a page of 50 items): `make bench-api`'s profile showed list pages spending most of
    /// their time there. `SQLiteConnection`'s async API reads all the rows on the database's thread and
    /// returns once. On PostgreSQL, `body` gets this database as SQLKit sees it.
    ///
    /// With `readers` (a SQLite file), the reads go to a read-only connection of their own, without Fluent's pool;
    /// not inside a transaction, whose reads must see its own writes.
    ///
    /// Rows come back as SQLKit rows; `SQLRow.decode(fluentModel:)` makes models of them (`select *`).
    func withReads<T: Sendable>(
        on readers: SQLiteReaders?, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        if let readers, !inTransaction, self is any SQLiteDatabase {
            return try await body(readers.database(logger: logger, on: eventLoop))
        }
        if let sqlite = self as? any SQLiteDatabase {
            return try await sqlite.withConnection { connection in try await body(connection.sql()) }
        }
        return try await body(try sql())
    }
}
