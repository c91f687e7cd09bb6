import Foundation
import HeirloomCore
import SQLKit

/// What the API and the pages show of a stored file, as plain values: read straight from a row on list pages,
/// where making a Fluent `MediaObject` per file cost more than the rest of the page (see `ItemRecord`).
struct MediaRecord: Sendable {
    var id: UUID
    var format: MediaFormat
    var originalName: String
    var sizeBytes: Int64
    var width: Int?
    var height: Int?
    var takenAt: Date?
    var durationSeconds: Double?
    var waveformJSON: String?
    var pageCount: Int?
    var hasDisplaySize: Bool
    var hasThumbnail: Bool
    var createdAt: Date?

    var kind: MediaKind { format.kind }

    var waveform: [Double]? { WaveformBuilder.peaks(fromJSON: waveformJSON) }

    init(_ object: MediaObject) throws {
        id = try object.requireID()
        format = object.format
        originalName = object.originalName
        sizeBytes = object.sizeBytes
        width = object.width
        height = object.height
        takenAt = object.takenAt
        durationSeconds = object.durationSeconds
        waveformJSON = object.waveformJSON
        pageCount = object.pageCount
        hasDisplaySize = object.displaySHA256 != nil
        hasThumbnail = object.thumbnailSHA256 != nil
        createdAt = object.createdAt
    }

    /// Reads the columns of `media_objects` (selected as `media_objects.*`) from `row`.
    init(row: any SQLRow) throws {
        id = try row.uuid("id")
        let formatName = try row.decode(column: "format", as: String.self)
        guard let format = MediaFormat(rawValue: formatName) else {
            throw AppError.internalProblem("A stored file has an unknown format, \(formatName).")
        }
        self.format = format
        originalName = try row.decode(column: "original_name", as: String.self)
        sizeBytes = try row.decode(column: "size_bytes", as: Int64.self)
        width = try row.decodeIfPresent(column: "width", as: Int.self)
        height = try row.decodeIfPresent(column: "height", as: Int.self)
        takenAt = try row.decodeIfPresent(column: "taken_at", as: Date.self)
        durationSeconds = try row.decodeIfPresent(column: "duration_seconds", as: Double.self)
        waveformJSON = try row.decodeIfPresent(column: "waveform", as: String.self)
        pageCount = try row.decodeIfPresent(column: "page_count", as: Int.self)
        hasDisplaySize = try row.decodeIfPresent(column: "display_sha256", as: String.self) != nil
        hasThumbnail = try row.decodeIfPresent(column: "thumbnail_sha256", as: String.self) != nil
        createdAt = try row.decodeIfPresent(column: "created_at", as: Date.self)
    }
}

extension SQLDatabase {
    /// The rows of a table of files (`item_photos`, `memory_media`, …) whose `owner` column is one of `owners`,
    /// each with its media's columns (`media_objects.*`, for `MediaRecord(row:)`), its owner as `file_owner` and
    /// the file's own `columns` as `file_<column>`, so that no name clashes: one read for all of a page's files.
    func fileRows(
        of table: String, owner: String, in owners: [some Encodable & Sendable], columns: [String]
    ) async throws -> [any SQLRow] {
        guard !owners.isEmpty else { return [] }
        var select = select().column(SQLColumn(SQLLiteral.all, table: SQLIdentifier(MediaObject.schema)))
            .column(SQLColumn(owner, table: table), as: "file_owner")
        for column in columns { select = select.column(SQLColumn(column, table: table), as: "file_" + column) }
        return try await select.from(table)
            .join(
                SQLIdentifier(MediaObject.schema), on: SQLColumn("id", table: MediaObject.schema), .equal,
                SQLColumn("media_id", table: table)
            )
            .where(SQLColumn(owner, table: table), .in, SQLBind.group(owners)).all()
    }
}
