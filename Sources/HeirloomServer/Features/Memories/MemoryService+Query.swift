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
        var memories: [Memory]
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
        return try await db.withReads(on: readers) { sql in
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
                select = select.where(
                    SQLQueryString("\(ident: Memory.schema).\(ident: "search_text") LIKE \(bind: pattern) ESCAPE '\\'"))
            }
            if let cursor = query.cursor {
                select = select.where(SQLColumn("id", table: Memory.schema), .lessThan, SQLBind(cursor))
            }
            let found = try await select.orderBy(SQLColumn("id", table: Memory.schema), SQLDirection.descending)
                .limit(query.limit + 1).all().map { try $0.decode(fluentModel: Memory.self) }
            let page = Array(found.prefix(query.limit))
            try await Self.loadEverything(of: page, on: sql)
            return Page(memories: page, nextCursor: found.count > query.limit ? page.last?.id : nil)
        }
    }

    /// Loads the people, the files with their media, the face tags and who added each of `memories`, as
    /// `withEverything` does, for a whole page at once: five reads whatever the number of memories.
    static func loadEverything(of memories: [Memory], on sql: any SQLDatabase) async throws {
        let ids = try memories.map { try $0.requireID() }
        guard !ids.isEmpty else { return }
        var people: [Int: [Person]] = [:]
        let links = try await sql.select().column(SQLColumn("*", table: Person.schema))
            .column(SQLColumn("memory_id", table: MemoryPerson.schema))
            .from(MemoryPerson.schema)
            .join(
                SQLIdentifier(Person.schema), on: SQLColumn("id", table: Person.schema), .equal,
                SQLColumn("person_id", table: MemoryPerson.schema)
            )
            .where(SQLColumn("memory_id", table: MemoryPerson.schema), .in, SQLBind.group(ids)).all()
        for row in links {
            let memoryID = try row.decode(column: "memory_id", as: Int.self)
            people[memoryID, default: []].append(try row.decode(fluentModel: Person.self))
        }
        let files = try await sql.rows(of: MemoryMedia.self, where: "memory_id", in: ids)
        var objects: [UUID: MediaObject] = [:]
        for object in try await sql.rows(of: MediaObject.self, where: "id", in: Array(Set(files.map(\.$media.id)))) {
            objects[try object.requireID()] = object
        }
        var media: [Int: [MemoryMedia]] = [:]
        for file in files {
            guard let object = objects[file.$media.id] else {
                throw AppError.internalProblem("A file of a memory has no media record.")
            }
            file.$media.value = object
            media[file.$memory.id, default: []].append(file)
        }
        var faces: [Int: [FaceTag]] = [:]
        for face in try await sql.rows(of: FaceTag.self, where: "memory_id", in: ids) {
            faces[face.$memory.id, default: []].append(face)
        }
        var users: [UUID: User] = [:]
        let creators = Array(Set(memories.compactMap { $0.$createdBy.id }))
        for user in try await sql.rows(of: User.self, where: "id", in: creators) { users[try user.requireID()] = user }
        for memory in memories {
            let id = try memory.requireID()
            memory.$people.value = people[id] ?? []
            memory.$media.value = media[id] ?? []
            memory.$faces.value = faces[id] ?? []
            memory.$createdBy.value = .some(memory.$createdBy.id.flatMap { users[$0] })
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
    func onThisDay(_ now: Date, householdID: UUID, limit: Int = 6) async throws -> [Memory] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return [] }
        return try await Memory.query(on: db).filter(\.$household.$id == householdID)
            .filter(\.$dateMonth == month).filter(\.$dateDay == day).filter(\.$dateYear < year)
            .withEverything().sort(\.$dateYear, .descending).limit(limit).all()
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
