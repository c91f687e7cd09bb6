import Logging
import NIOCore
import SQLKit
import SQLiteKit
import SQLiteNIO

/// The readers of the hub's SQLite file as an `SQLDatabase`, for the list pages' SQLKit queries.
///
/// Each query is serialized as SQLiteKit serializes it, and its binds encoded and its rows decoded as SQLiteKit
/// does (its `SQLiteDataEncoder` and `SQLiteDataDecoder`); only the statement is kept prepared, on the reading
/// thread's own connection, instead of prepared afresh for every query. Every query is a read of its own; there
/// are no transactions here (`HubDatabase.reading` keeps reads inside one on its connection).
struct SQLiteReadDatabase: SQLDatabase {
    let readers: SQLiteReaders
    let logger: Logger
    let eventLoop: any EventLoop
    var dialect: any SQLDialect { SQLiteDialect() }

    private static let encoder = SQLiteDataEncoder()

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<
        Void
    > {
        eventLoop.makeFutureWithTask { try await execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, rawBinds) = serialize(query)
        if let queryLogLevel {
            logger.log(level: queryLogLevel, "Executing query", metadata: ["sql": .string(sql)])
        }
        let binds = try rawBinds.map { try Self.encoder.encode($0) }
        let rows = try await readers.withPrepared { connection in
            var rows: [ReadRow] = []
            try connection.query(sql, binds) { row in rows.append(ReadRow(names: row.names, values: row.values)) }
            return rows
        }
        for row in rows { onRow(row) }
    }
}

/// A row read by `SQLiteReadDatabase`, read as SQLiteKit reads its rows (the first column of a name counts).
struct ReadRow: SQLRow, Sendable {
    let names: [String]
    let values: [SQLiteData]

    private static let decoder = SQLiteDataDecoder()

    var allColumns: [String] { names }

    func contains(column: String) -> Bool { names.contains(column) }

    func decodeNil(column: String) throws -> Bool {
        guard let index = names.firstIndex(of: column) else { return true }
        return values[index] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let index = names.firstIndex(of: column) else {
            throw DecodingError.keyNotFound(
                SomeCodingKey(stringValue: column),
                .init(codingPath: [], debugDescription: "The row has no column \(column)."))
        }
        return try Self.decoder.decode(D.self, from: values[index])
    }
}
