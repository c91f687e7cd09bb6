import Foundation
import HeirloomCore
import SQLKit

/// A memory with its people, files, face tags and who added it, as plain values: read straight from rows on
/// list pages, for the reason `ItemRecord` gives. Single memories are read as models and shown through `init(_:)`.
struct MemoryRecord: Sendable {
    struct PersonName: Sendable {
        var id: Int
        var name: String
        var nameKey: String
    }

    struct File: Sendable {
        var id: Int
        var position: Int
        var media: MediaRecord
    }

    struct Face: Sendable {
        var id: Int
        var photoIndex: Int
        var personID: Int?
        var x, y, width, height: Double
    }

    struct Member: Sendable {
        var id: UUID
        var name: String
    }

    var id: Int
    var kind: String
    var title: String
    var description: String?
    var content: String?
    var dateValue: String?
    var dateYear: Int?
    var dateMonth: Int?
    var dateDay: Int?
    var location: String?
    var context: String?
    var createdAt: Date?
    var createdByID: UUID?
    /// Sorted as shown: people by name, files by position, faces by photo.
    var people: [PersonName] = []
    var files: [File] = []
    var faces: [Face] = []
    var createdBy: Member?

    var memoryKind: MemoryKind { MemoryKind(rawValue: kind) ?? .text }

    var date: MemoryDate? { Memory.date(year: dateYear, month: dateMonth, day: dateDay) }

    /// The memory as loaded with everything (`MemoryService.withEverything`).
    init(_ memory: Memory) throws {
        id = try memory.requireID()
        kind = memory.kind
        title = memory.title
        description = memory.description
        content = memory.content
        dateValue = memory.dateValue
        dateYear = memory.dateYear
        dateMonth = memory.dateMonth
        dateDay = memory.dateDay
        location = memory.location
        context = memory.context
        createdAt = memory.createdAt
        createdByID = memory.$createdBy.id
        people = try memory.people.map { PersonName(id: try $0.requireID(), name: $0.name, nameKey: $0.nameKey) }
        files = try memory.media.map {
            File(id: try $0.requireID(), position: $0.position, media: try MediaRecord($0.media))
        }
        faces = try memory.faces.map {
            Face(
                id: try $0.requireID(), photoIndex: $0.photoIndex, personID: $0.$person.id, x: $0.x, y: $0.y,
                width: $0.width, height: $0.height)
        }
        createdBy = try memory.$createdBy.value.flatMap { $0 }.map { Member(id: try $0.requireID(), name: $0.name) }
        sortParts()
    }

    /// Reads a row of `memories` (selected as `memories.*`).
    init(row: any SQLRow) throws {
        id = try row.decode(column: "id", as: Int.self)
        kind = try row.decode(column: "kind", as: String.self)
        title = try row.decode(column: "title", as: String.self)
        description = try row.decodeIfPresent(column: "description", as: String.self)
        content = try row.decodeIfPresent(column: "content", as: String.self)
        dateValue = try row.decodeIfPresent(column: "date_value", as: String.self)
        dateYear = try row.decodeIfPresent(column: "date_year", as: Int.self)
        dateMonth = try row.decodeIfPresent(column: "date_month", as: Int.self)
        dateDay = try row.decodeIfPresent(column: "date_day", as: Int.self)
        location = try row.decodeIfPresent(column: "location", as: String.self)
        context = try row.decodeIfPresent(column: "context", as: String.self)
        createdAt = try row.decodeIfPresent(column: "created_at", as: Date.self)
        createdByID = try row.optionalUUID("created_by_id")
    }

    mutating func sortParts() {
        people.sort { $0.nameKey < $1.nameKey }
        files.sort { $0.position < $1.position }
        faces.sort { ($0.photoIndex, $0.id) < ($1.photoIndex, $1.id) }
    }
}
