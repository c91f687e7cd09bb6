import Fluent
import SQLKit

/// Changes a SQLite table's definition the way SQLite documents it (ALTER TABLE cannot add a constraint):
/// on one connection with foreign keys off, create the new table, copy the rows, drop the old one, rename,
/// recreate its indexes and triggers, check every foreign key, all in one transaction.
struct SQLiteTableRebuild {
    var table: String

    /// Rebuilds the table with the `CREATE TABLE` statement that `change` makes of the current one.
    func run(on database: any Database, change: @escaping @Sendable (String) throws -> String) async throws {
        try await database.withConnection { connection in
            let sql = try connection.sql()
            try await sql.raw("PRAGMA foreign_keys = OFF").run()
            do {
                try await rebuild(sql, change: change)
                try await sql.raw("PRAGMA foreign_keys = ON").run()
            } catch {
                try? await sql.raw("ROLLBACK").run()
                try? await sql.raw("PRAGMA foreign_keys = ON").run()
                throw error
            }
        }
    }

    private func rebuild(_ sql: any SQLDatabase, change: (String) throws -> String) async throws {
        struct Row: Decodable {
            var type: String
            var sql: String
        }
        let rows = try await sql.raw(
            "SELECT type, sql FROM sqlite_master WHERE tbl_name = \(bind: table) AND sql IS NOT NULL"
        ).all(decoding: Row.self)
        guard let create = rows.first(where: { $0.type == "table" })?.sql else {
            throw AppError.internalProblem("The table \(table) does not exist.")
        }
        let temporary = "\(table)_rebuilt"
        let changed = try change(create)
        guard let nameRange = changed.range(of: "\"\(table)\"") ?? changed.range(of: table) else {
            throw AppError.internalProblem("The definition of \(table) does not name it.")
        }
        try await sql.raw("BEGIN").run()
        try await sql.raw(SQLQueryString(changed.replacingCharacters(in: nameRange, with: "\"\(temporary)\""))).run()
        try await sql.raw("INSERT INTO \(ident: temporary) SELECT * FROM \(ident: table)").run()
        try await sql.raw("DROP TABLE \(ident: table)").run()
        try await sql.raw("ALTER TABLE \(ident: temporary) RENAME TO \(ident: table)").run()
        for row in rows where row.type == "index" || row.type == "trigger" {
            try await sql.raw(SQLQueryString(row.sql)).run()
        }
        // Only the rebuilt table and the tables that refer to it: an old fault elsewhere is not this rebuild's.
        struct Name: Decodable { var name: String }
        let children = try await sql.raw(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE \(bind: "%REFERENCES \"\(table)\"%")"
        ).all(decoding: Name.self).map(\.name)
        struct Violation: Decodable { var table: String }
        var violations: [Violation] = []
        for checked in [table] + children {
            violations += try await sql.raw("PRAGMA foreign_key_check(\(ident: checked))")
                .all(decoding: Violation.self)
        }
        guard violations.isEmpty else {
            throw AppError.internalProblem("Rebuilding \(table) would break references in \(violations[0].table).")
        }
        try await sql.raw("COMMIT").run()
    }

    /// Appends `clause` to the definition of `column` in a `CREATE TABLE` statement.
    static func adding(_ clause: String, toColumn column: String, in create: String) throws -> String {
        guard let start = create.range(of: "\"\(column)\"") else {
            throw AppError.internalProblem("The column \(column) is not in the table.")
        }
        // A column's definition ends at the next comma or the closing parenthesis of the table.
        let rest = create[start.upperBound...]
        guard let end = rest.firstIndex(where: { $0 == "," || $0 == ")" }) else {
            throw AppError.internalProblem("The definition of \(column) could not be read.")
        }
        return create.replacingCharacters(in: end..<end, with: " \(clause)")
    }
}
