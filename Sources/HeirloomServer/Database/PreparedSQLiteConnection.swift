import Foundation
import SQLiteNIO
// The C library SQLiteNIO is built on, its own copy: see below.
import VaporCSQLite

/// A read-only connection to the hub's SQLite file that keeps its statements prepared, for the sign-in read that
/// every signed-in request makes (`TokenService.signIn`) and the list pages' reads (`SQLiteReadDatabase`).
///
/// SQLiteNIO prepares every statement afresh. For the sign-in's four-table join that is about 20 µs, 8 % of
/// `GET /api/me` under `make bench-api` (`sqlite3Prepare` in the profile); a kept statement is only bound again.
///
/// It calls the SQLite that SQLiteNIO compiles in (the module `VaporCSQLite`), never a second copy: two copies of
/// SQLite in one process do not share their bookkeeping of POSIX locks, and one closing the file would silently
/// drop the other's (sqlite.org/howtocorrupt.html, 2.2.1). Blocking: use it on a thread pool, from one thread
/// at a time (`SQLiteReaders.withPrepared` lends each to one read).
final class PreparedSQLiteConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    private var statements: [String: Statement] = [:]

    /// A kept statement, the names of its columns, and how often SQLite had prepared it again when they were read.
    private struct Statement {
        var handle: OpaquePointer
        var names: [String]
        var reprepared: Int32
    }

    /// At most this many statements are kept (the sign-in and the first pages of the lists use a handful of
    /// texts); a text beyond them, such as a deep page's (SQLKit writes its offset into the text), is prepared
    /// for its query alone and finalized after it, so the kept ones stay.
    static let maximumKept = 64

    /// Opens the existing file at `path` (never creating one) for reading only.
    init(path: String) throws {
        var handle: OpaquePointer?
        let opened = sqlite_nio_sqlite3_open_v2(
            path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nil)
        self.handle = handle
        do {
            try check(opened)
            // Reads only; wait a little rather than fail while SQLite rebuilds its log's index after a crash.
            try check(sqlite_nio_sqlite3_exec(handle, "PRAGMA query_only = ON", nil, nil, nil))
            try check(sqlite_nio_sqlite3_busy_timeout(handle, 5000))
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Runs `sql` with its `?` placeholders bound to `binds` (as SQLiteNIO binds them: whole texts, even with a
    /// NUL inside), handing each row to `body`. The statement is reset when it returns, which ends its read.
    func query(_ sql: String, _ binds: [SQLiteData], _ body: (Row) throws -> Void) throws {
        var (current, isKept) = try prepared(sql)
        let statement = current.handle
        defer {
            if isKept {
                sqlite_nio_sqlite3_reset(statement)
                sqlite_nio_sqlite3_clear_bindings(statement)
            } else {
                sqlite_nio_sqlite3_finalize(statement)
            }
        }
        for (offset, value) in binds.enumerated() {
            try check(bind(value, at: Int32(offset + 1), in: statement))
        }
        var first = true
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw error(status) }
            if first {
                first = false
                // SQLite prepares a kept statement again when the schema changed (another process migrated,
                // say); then a `SELECT *` may have other columns than when its names were read.
                let reprepared = sqlite_nio_sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_REPREPARE, 0)
                if reprepared != current.reprepared {
                    current = Statement(handle: statement, names: Self.names(of: statement), reprepared: reprepared)
                    if isKept { statements[sql] = current }
                }
            }
            try body(Row(statement: statement, names: current.names))
        }
    }

    private func bind(_ value: SQLiteData, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch value {
        case .integer(let number): sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
        case .float(let number): sqlite_nio_sqlite3_bind_double(statement, index, number)
        case .text(let text):
            sqlite_nio_sqlite3_bind_text64(
                statement, index, text, UInt64(text.utf8.count), Self.transient, UInt8(SQLITE_UTF8))
        case .blob(let bytes):
            bytes.withUnsafeReadableBytes {
                sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), Self.transient)
            }
        case .null: sqlite_nio_sqlite3_bind_null(statement, index)
        }
    }

    /// The version of the SQLite these calls reach (its source id), to check it is SQLiteNIO's own.
    static var sourceID: String { String(cString: sqlite_nio_sqlite3_sourceid()) }

    /// Finalizes the statements and closes the file; queries after this fail.
    func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement.handle) }
        statements = [:]
        if let handle { sqlite_nio_sqlite3_close_v2(handle) }
        handle = nil
    }

    /// The current row of a query, read by column position. It reads the statement in place: it is valid only
    /// inside the `query` body that was handed it, and must not be kept or passed on after that body returns.
    struct Row {
        let statement: OpaquePointer
        /// The names of its columns, in order.
        let names: [String]

        /// Every column's value, to keep after the body returns.
        var values: [SQLiteData] { names.indices.map(data) }

        /// The column's value as SQLiteNIO would have read it, for its `SQLiteDataConvertible` types.
        func data(_ column: Int) -> SQLiteData {
            let index = Int32(column)
            switch sqlite_nio_sqlite3_column_type(statement, index) {
            case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, index)))
            case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(statement, index))
            case SQLITE_TEXT:
                guard let text = sqlite_nio_sqlite3_column_text(statement, index) else { return .null }
                return .text(String(cString: text))
            case SQLITE_BLOB:
                let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
                guard let bytes = sqlite_nio_sqlite3_column_blob(statement, index), count > 0 else {
                    return .blob(ByteBuffer())
                }
                return .blob(ByteBuffer(bytes: UnsafeRawBufferPointer(start: bytes, count: count)))
            default: return .null
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var code: Int32
        var message: String
        var description: String { "SQLite error \(code): \(message)" }
    }

    /// Tells SQLite to copy a bound text (`SQLITE_TRANSIENT`, a C macro Swift cannot import).
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    /// The kept statement for `sql`, prepared now if need be, and whether it is kept (see `maximumKept`).
    private func prepared(_ sql: String) throws -> (Statement, isKept: Bool) {
        if let statement = statements[sql] { return (statement, true) }
        guard let handle else { throw Failure(code: SQLITE_MISUSE, message: "The connection is closed.") }
        let isKept = statements.count < Self.maximumKept
        var made: OpaquePointer?
        let flags = isKept ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        try check(sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, flags, &made, nil))
        guard let made else { throw Failure(code: SQLITE_MISUSE, message: "The query is empty.") }
        let statement = Statement(
            handle: made, names: Self.names(of: made),
            reprepared: sqlite_nio_sqlite3_stmt_status(made, SQLITE_STMTSTATUS_REPREPARE, 0))
        if isKept { statements[sql] = statement }
        return (statement, isKept)
    }

    private static func names(of statement: OpaquePointer) -> [String] {
        (0..<sqlite_nio_sqlite3_column_count(statement)).map { column in
            sqlite_nio_sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
        }
    }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK else { throw error(status) }
    }

    private func error(_ status: Int32) -> Failure {
        let message = handle.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) }
        return Failure(code: status, message: message ?? String(cString: sqlite_nio_sqlite3_errstr(status)))
    }
}
