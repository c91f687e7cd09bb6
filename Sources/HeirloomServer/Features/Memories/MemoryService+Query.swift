import Fluent
import FluentSQL
import Foundation
import HeirloomCore
import SQLKit

extension MemoryService {
    /// What to list: filters, search words and a page.
    struct Query: Sendable {
        var personID: Int?
        var kind: MemoryKind?
        var year: Int?
        var text: String?
        var limit = 30
        /// The id of the last memory of the previous page.
        var cursor: Int?

        static let maximumLimit = 100
    }

    struct Page: Sendable {
        var memories: [MemoryRecord]
        var nextCursor: Int?
    }

    /// The household's memories, most recently added first.
    func list(_ query: Query, householdID: UUID) async throws -> Page {
        guard (1...Query.maximumLimit).contains(query.limit) else {
            throw AppError.invalid(
                FieldError(field: "limit", message: "Please ask for 1 to \(Query.maximumLimit) memories at a time."))
        }
        if let personID = query.personID {
            _ = try await PeopleService(db: db, media: media).find(personID, householdID: householdID)
        }
        return try await database.reading { sql in
            let memories = SQLIdentifier(Memory.schema)
            var select = sql.select().column(SQLColumn(SQLLiteral.all, table: memories)).from(memories)
                .where(SQLColumn("household_id", table: Memory.schema), .equal, SQLBind(householdID))
            if let personID = query.personID {
                select = select.join(
                    SQLIdentifier(MemoryPerson.schema),
                    on: SQLColumn("memory_id", table: MemoryPerson.schema), .equal,
                    SQLColumn("id", table: Memory.schema)
                ).where(SQLColumn("person_id", table: MemoryPerson.schema), .equal, SQLBind(personID))
            }
            if let kind = query.kind {
                select = select.where(SQLColumn("kind", table: Memory.schema), .equal, SQLBind(kind.rawValue))
            }
            if let year = query.year {
                select = select.where(SQLColumn("date_year", table: Memory.schema), .equal, SQLBind(year))
            }
            for word in Self.searchWords(query.text) {
                // The word is matched literally: its own %, _ and \ are escaped.
                let pattern = "%" + Self.escapedForLike(word) + "%"
                // The word is in the memory's own text or in the typed copy of its recording (issue 33).
                select = select.where(
                    SQLQueryString(
                        "(\(ident: Memory.schema).\(ident: "search_text") LIKE \(bind: pattern) ESCAPE '\\' OR "
                    ) + TranscriptSearch.memoryFileMatches(pattern) + ")")
            }
            if let cursor = query.cursor {
                select = select.where(SQLColumn("id", table: Memory.schema), .lessThan, SQLBind(cursor))
            }
            var found = try await select.orderBy(SQLColumn("id", table: Memory.schema), SQLDirection.descending)
                .limit(query.limit + 1).all().map(MemoryRecord.init(row:))
            let more = found.count > query.limit
            found.removeLast(max(0, found.count - query.limit))
            try await Self.loadEverything(of: &found, on: sql)
            return Page(memories: found, nextCursor: more ? found.last?.id : nil)
        }
    }

    /// Reads the people, the files with their media, the face tags and who added each of `memories`: four reads
    /// whatever the number of memories.
    static func loadEverything(of memories: inout [MemoryRecord], on sql: any SQLDatabase) async throws {
        guard !memories.isEmpty else { return }
        let ids = memories.map(\.id)
        var index: [Int: Int] = [:]
        for (position, memory) in memories.enumerated() { index[memory.id] = position }
        func memory(of row: any SQLRow, _ column: String = "of_memory") throws -> Int? {
            index[try row.decode(column: column, as: Int.self)]
        }
        let links = try await sql.select()
            .column(SQLColumn("id", table: Person.schema)).column(SQLColumn("name", table: Person.schema))
            .column(SQLColumn("name_key", table: Person.schema))
            .column(SQLColumn("memory_id", table: MemoryPerson.schema), as: "of_memory")
            .from(MemoryPerson.schema)
            .join(
                SQLIdentifier(Person.schema), on: SQLColumn("id", table: Person.schema), .equal,
                SQLColumn("person_id", table: MemoryPerson.schema)
            )
            .where(SQLColumn("memory_id", table: MemoryPerson.schema), .in, SQLBind.group(ids)).all()
        for row in links {
            guard let position = try memory(of: row) else { continue }
            memories[position].people.append(
                .init(
                    id: try row.decode(column: "id", as: Int.self),
                    name: try row.decode(column: "name", as: String.self),
                    nameKey: try row.decode(column: "name_key", as: String.self)))
        }
        let files = try await sql.fileRows(
            of: MemoryMedia.schema, owner: "memory_id", in: ids, columns: ["id", "position"])
        for row in files {
            guard let position = try memory(of: row, "file_owner") else { continue }
            memories[position].files.append(
                .init(
                    id: try row.decode(column: "file_id", as: Int.self),
                    position: try row.decode(column: "file_position", as: Int.self), media: try MediaRecord(row: row)))
        }
        let faces = try await sql.select().column("*").column("memory_id", as: "of_memory").from(FaceTag.schema)
            .where("memory_id", .in, ids).all()
        for row in faces {
            guard let position = try memory(of: row) else { continue }
            memories[position].faces.append(
                .init(
                    id: try row.decode(column: "id", as: Int.self),
                    photoIndex: try row.decode(column: "photo_index", as: Int.self),
                    personID: try row.decodeIfPresent(column: "person_id", as: Int.self),
                    x: try row.decode(column: "x", as: Double.self), y: try row.decode(column: "y", as: Double.self),
                    width: try row.decode(column: "width", as: Double.self),
                    height: try row.decode(column: "height", as: Double.self)))
        }
        let creators = Array(Set(memories.compactMap(\.createdByID)))
        var members: [UUID: MemoryRecord.Member] = [:]
        if !creators.isEmpty {
            for row in try await sql.select().column("id").column("name").from(User.schema).where("id", .in, creators)
                .all()
            {
                let id = try row.uuid("id")
                members[id] = .init(id: id, name: try row.decode(column: "name", as: String.self))
            }
        }
        for position in memories.indices {
            memories[position].createdBy = memories[position].createdByID.flatMap { members[$0] }
            memories[position].sortParts()
        }
    }

    /// Every memory of the household, or of one person, most recently added first: the Memory Palace app reads
    /// its whole collection in one answer.
    func everything(personID: Int?, householdID: UUID) async throws -> [Memory] {
        try await inHousehold(householdID, withPerson: personID).withEverything().sort(\.$id, .descending).all()
    }

    /// The household's memories, or those a person of the household is in (404 for anyone else).
    private func inHousehold(_ householdID: UUID, withPerson personID: Int?) async throws -> QueryBuilder<Memory> {
        let builder = Memory.query(on: db).filter(\.$household.$id == householdID)
        guard let personID else { return builder }
        _ = try await PeopleService(db: db, media: media).find(personID, householdID: householdID)
        return builder.join(MemoryPerson.self, on: \Memory.$id == \MemoryPerson.$memory.$id)
            .filter(MemoryPerson.self, \.$person.$id == personID)
    }

    /// Memories that happened on this calendar day (in the hub's time zone) in earlier years, for Home.
    func onThisDay(_ now: Date, householdID: UUID, limit: Int = 6) async throws -> [MemoryRecord] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return [] }
        return try await Memory.query(on: db).filter(\.$household.$id == householdID)
            .filter(\.$dateMonth == month).filter(\.$dateDay == day).filter(\.$dateYear < year)
            .withEverything().sort(\.$dateYear, .descending).limit(limit).all().map(MemoryRecord.init)
    }

    /// The years memories are dated in, newest first, for the year filter.
    func years(householdID: UUID) async throws -> [Int] {
        try await Memory.query(on: db).filter(\.$household.$id == householdID).filter(\.$dateYear != nil)
            .unique().all(\.$dateYear).compactMap { $0 }.sorted(by: >)
    }

    /// Replaces the face tags of a memory's photos; people tagged are added to the memory's people.
    func replaceFaces(of id: Int, with faces: [FaceBox], by principal: Principal) async throws -> Memory {
        guard faces.count <= FaceBox.maximumPerMemory else {
            throw AppError.invalid(
                FieldError(field: "faces", message: "A memory can hold at most \(FaceBox.maximumPerMemory) face tags."))
        }
        let memory = try await findChangeable(id, by: principal)
        let photoCount = memory.memoryKind == .photo ? memory.media.count : 0
        for face in faces { try face.validate(photoCount: photoCount) }
        let tagged = try await checkedPeople(faces.compactMap(\.personID), principal)
        let linked = Set(memory.people.compactMap(\.id))
        try await db.transaction { db in
            try await FaceTag.query(on: db).filter(\.$memory.$id == id).delete()
            for face in faces { try await FaceTag(memoryID: id, box: face.clamped).create(on: db) }
            for personID in tagged where !linked.contains(personID) { try await link(personID, to: id, on: db) }
        }
        return try await find(id, householdID: principal.householdID)
    }

    /// The text with LIKE's wildcards and its escape character escaped.
    static func escapedForLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// Lower-case words to find, each anywhere in the text.
    static func searchWords(_ text: String?) -> [String] {
        (text ?? "").lowercased().split(whereSeparator: { $0.isWhitespace }).prefix(8)
            .map { String($0.prefix(100)) }
    }
}
