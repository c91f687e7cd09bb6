import Fluent
import Foundation
import HeirloomCore

/// The household's shared memories: viewers browse, editors add and change their own, owners change any.
struct MemoryService: Sendable {
    /// The hub's database: lists read through `database.reading`.
    let database: HubDatabase
    let media: MediaService

    var db: any Database { database.db }

    /// The owner type a memory's files are attached with; every member may see them.
    static let mediaOwnerType = "memory"

    /// Stores one file of a memory that is still arriving. It stays unattached (and is collected if the memory
    /// is never made) until `create` takes it. A file that comes before the memory's type is stored by what its
    /// first bytes say it is; `create` then checks that it suits the type.
    func receiveFile<Chunks: AsyncSequence>(
        _ chunks: Chunks, fileName: String?, kind: MemoryKind?, by principal: Principal
    ) async throws -> MediaObject where Chunks.Element: Collection<UInt8> {
        try principal.requireEditor()
        let origin = MediaService.Origin(householdID: principal.householdID, uploaderID: principal.userID)
        if let use = kind?.mediaUse {
            return try await media.ingest(chunks, fileName: fileName, use: use, origin: origin)
        }
        let (format, upload) = try await PrefixedChunks.sniff(chunks)
        return try await media.ingest(upload, fileName: fileName, use: Self.use(format?.kind), origin: origin)
    }

    /// Makes the memory from its fields and the files received for it; on any problem the files are deleted
    /// again and nothing is saved.
    func create(
        _ fields: MemoryFields, files: [MediaObject], deviceName: String? = nil, by principal: Principal
    ) async throws -> Memory {
        do {
            try principal.requireEditor()
            let input = try MemoryInput(fields)
            try input.kind.validate(fileCount: files.count)
            for file in files { try Self.check(file, suits: input.kind) }
            for face in input.faces { try face.validate(photoCount: input.kind == .photo ? files.count : 0) }
            let people = try await checkedPeople(input.personIDs + input.faces.compactMap(\.personID), principal)

            let memory = Memory()
            memory.$household.id = principal.householdID
            memory.$createdBy.id = principal.userID
            memory.kind = input.kind.rawValue
            memory.deviceName = try MemoryDetails.text(deviceName, field: "deviceName", limit: 200)
            apply(input.details, to: memory)
            try await db.transaction { db in
                try await memory.create(on: db)
                let id = try memory.requireID()
                for personID in people { try await link(personID, to: id, on: db) }
                for (position, file) in files.enumerated() {
                    let fileID = try file.requireID()
                    try await MediaObject.query(on: db).filter(\.$id == fileID)
                        .set(\.$ownerType, to: Self.mediaOwnerType).set(\.$ownerID, to: String(id)).update()
                    try await MemoryMedia(memoryID: id, mediaID: fileID, position: position).create(on: db)
                }
                for face in input.faces { try await FaceTag(memoryID: id, box: face.clamped).create(on: db) }
            }
            return try await find(try memory.requireID(), householdID: principal.householdID)
        } catch {
            try? await media.delete(files)
            throw error
        }
    }

    func find(_ id: Int, householdID: UUID) async throws -> Memory {
        guard
            let memory = try await Memory.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == householdID).withEverything().first()
        else { throw AppError.notFound("memory") }
        return memory
    }

    /// Changes the details and the people of a memory; nil leaves a field as it is, empty text clears it.
    func update(_ id: Int, _ change: MemoryChange, by principal: Principal) async throws -> Memory {
        let memory = try await findChangeable(id, by: principal)
        let details = try MemoryDetails(
            title: change.title ?? memory.title,
            description: change.description ?? memory.description,
            content: change.content ?? memory.content,
            date: change.date ?? memory.dateValue,
            location: change.location ?? memory.location,
            context: change.context ?? memory.context,
            kind: memory.memoryKind)
        var checked: [Int]?
        if let ids = change.personIDs { checked = try await checkedPeople(ids, principal) }
        let people = checked
        apply(details, to: memory)
        try await db.transaction { db in
            try await memory.save(on: db)
            if let people {
                let tagged = Set(memory.faces.compactMap { $0.$person.id })
                try await MemoryPerson.query(on: db).filter(\.$memory.$id == id).delete()
                for personID in Set(people).union(tagged).sorted() { try await link(personID, to: id, on: db) }
            }
        }
        return try await find(id, householdID: principal.householdID)
    }

    /// Deletes the memory, its tags and its files, freeing their storage.
    func delete(_ id: Int, by principal: Principal) async throws {
        let memory = try await findChangeable(id, by: principal)
        try await media.delete(memory.media.map(\.media)) { db in try await memory.delete(on: db) }
    }

    /// The memory if the principal may change it: owners any, editors their own; otherwise 403.
    func findChangeable(_ id: Int, by principal: Principal) async throws -> Memory {
        let memory = try await find(id, householdID: principal.householdID)
        let isCreator = memory.$createdBy.id == principal.userID
        guard MemoryKind.mayChange(role: principal.role, isCreator: isCreator) else {
            if principal.role == .viewer { throw AppError.viewerCannotChange }
            throw AppError.forbidden(
                "Only the person who added this memory, or an owner of the household, can change it.")
        }
        return memory
    }

    func apply(_ details: MemoryDetails, to memory: Memory) {
        memory.title = details.title
        memory.description = details.description
        memory.content = details.content
        memory.setDate(details.date)
        memory.location = details.location
        memory.context = details.context
        memory.refreshSearchText()
    }

    func link(_ personID: Int, to memoryID: Int, on db: any Database) async throws {
        let link = MemoryPerson()
        link.$memory.id = memoryID
        link.$person.id = personID
        try await link.create(on: db)
    }

    /// The ids, each once, after checking that all are people of the household (404 otherwise).
    func checkedPeople(_ ids: [Int], _ principal: Principal) async throws -> [Int] {
        let unique = Array(Set(ids)).sorted()
        guard !unique.isEmpty else { return [] }
        let found = try await Person.query(on: db).filter(\.$household.$id == principal.householdID)
            .filter(\.$id ~~ unique).count()
        guard found == unique.count else { throw AppError.notFound("person") }
        return unique
    }

    static func check(_ file: MediaObject, suits kind: MemoryKind) throws(FieldError) {
        let expected: MediaKind? =
            switch kind {
            case .photo: .image
            case .video: .video
            case .voice: .audio
            case .text: nil
            }
        guard file.kind == expected else {
            throw FieldError(
                field: "file",
                message:
                    "\(file.originalName) is not a \(kind == .voice ? "recording" : kind.rawValue); please choose the right kind of memory."
            )
        }
    }

    /// The use of a file that arrived before the memory's type, from the kind its content shows.
    static func use(_ kind: MediaKind?) -> MediaUse {
        switch kind {
        case .video: .video
        case .audio: .audio
        case .image, .document, nil: .photo
        }
    }
}

/// A change to a memory: nil leaves a field as it is; empty text clears an optional one.
struct MemoryChange: Sendable {
    var title: String?
    var description: String?
    var content: String?
    var date: String?
    var location: String?
    var context: String?
    var personIDs: [Int]?
}

extension QueryBuilder where Model == Memory {
    /// Loads the people, the files, the face tags and who added it.
    func withEverything() -> Self {
        with(\.$people).with(\.$media) { $0.with(\.$media) }.with(\.$faces).with(\.$createdBy)
    }
}
