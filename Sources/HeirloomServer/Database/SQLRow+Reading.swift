import Foundation
import HeirloomCore
import SQLKit

extension SQLRow {
    /// A column of ids. SQLite keeps them as text, which SQLKit reads through Foundation's `UUID(uuidString:)`
    /// (`sscanf`, 4 % of a list page); this reads the text itself (`UUID(text:)`, exactly Foundation's answer).
    /// PostgreSQL's uuid type reads as its text too.
    func uuid(_ column: String) throws -> UUID {
        try Self.id(column, try decode(column: column, as: String.self))
    }

    /// A column of ids that may be empty.
    func optionalUUID(_ column: String) throws -> UUID? {
        try decodeIfPresent(column: column, as: String.self).map { try Self.id(column, $0) }
    }

    private static func id(_ column: String, _ text: String) throws -> UUID {
        guard let id = UUID(text: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The column \(column) does not hold an id: \(text)"))
        }
        return id
    }
}

extension SQLRow {
    /// A column that may be empty. SQLiteKit reads `X?` through `Optional`'s Decodable detour (a decoder made
    /// per column, 3 % of the item page); this asks whether it is empty, then reads `X` as it would. A column
    /// the row does not have is an error, as it is there.
    func decodeIfPresent<D: Decodable>(column: String, as type: D.Type) throws -> D? {
        guard try decodeNil(column: column) else { return try decode(column: column, as: D.self) }
        guard contains(column: column) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The row has no column \(column)."))
        }
        return nil
    }
}
