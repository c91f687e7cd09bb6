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
