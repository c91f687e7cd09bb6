import Fluent
import FluentSQL
import Foundation
import HeirloomCore

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
        var builder = try await inHousehold(householdID, withPerson: query.personID)
        if let kind = query.kind { builder = builder.filter(\.$kind == kind.rawValue) }
        if let year = query.year { builder = builder.filter(\.$dateYear == year) }
        for word in Self.searchWords(query.text) {
            // The word is matched literally: its own %, _ and \ are escaped.
            let pattern = "%" + Self.escapedForLike(word) + "%"
            builder = builder.filter(
                .sql(embed: "\(ident: Memory.schema).\(ident: "search_text") LIKE \(bind: pattern) ESCAPE '\\'"))
        }
        if let cursor = query.cursor { builder = builder.filter(\.$id < cursor) }
        let memories = try await builder.withEverything().sort(\.$id, .descending).limit(query.limit + 1).all()
        let page = Array(memories.prefix(query.limit))
        return Page(memories: page, nextCursor: memories.count > query.limit ? page.last?.id : nil)
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
