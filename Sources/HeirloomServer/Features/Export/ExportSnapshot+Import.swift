import Foundation

/// An export as `heirloom import` reads it: the nine record files the export wrote, read whole before anything
/// is written, so that each can be checked against the others.
extension ExportSnapshot {
    init(reading reader: ExportReader) throws {
        household = try reader.records("household.json", as: ExportRecord.Household.self)
        members = try reader.records("members.json", as: [ExportRecord.Member].self)
        media = try reader.records("media.json", as: [ExportRecord.Media].self)
        items = try reader.records("items.json", as: [ExportRecord.Item].self)
        beneficiaries = try reader.records("beneficiaries.json", as: [ExportRecord.Beneficiary].self)
        links = try reader.records("links.json", as: [ExportRecord.Link].self)
        people = try reader.records("people.json", as: [ExportRecord.Person].self)
        memories = try reader.records("memories.json", as: [ExportRecord.Memory].self)
        // Sets came with downsizing; older exports have none.
        sets = try reader.hasRecords("sets.json") ? reader.records("sets.json", as: [ExportRecord.ItemSet].self) : []
        // The binder came later still.
        binder =
            try reader.hasRecords("binder.json") ? reader.records("binder.json", as: ExportRecord.Binder.self) : .empty
        // And letters for later after it.
        letters =
            try reader.hasRecords("letters.json")
            ? reader.records("letters.json", as: ExportRecord.Letters.self) : .empty
        // And storytellers after those.
        storytellers =
            try reader.hasRecords("storytellers.json")
            ? reader.records("storytellers.json", as: ExportRecord.Storytellers.self) : .empty
    }

    /// Throws `damaged`, naming the file and the record, unless every reference in the records is to a record of
    /// this export, every id is given once, and every media record names a checked file of the archive (its size too).
    ///
    /// Without it an archive could attach its rows to another household's item, beneficiary or photo.
    func checkReferences(mediaSizes: [String: Int64]) throws {
        let memberIDs = try Self.unique(members.map(\.id), "members.json", "member")
        let mediaIDs = try Self.unique(media.map(\.id), "media.json", "media record")
        let itemIDs = try Self.unique(items.map(\.id), "items.json", "item")
        let beneficiaryIDs = try Self.unique(beneficiaries.map(\.id), "beneficiaries.json", "beneficiary")
        let personIDs = try Self.unique(people.map(\.id), "people.json", "person")
        let memoryIDs = try Self.unique(memories.map(\.id), "memories.json", "memory")
        _ = try Self.unique(links.map(\.id), "links.json", "link")
        _ = try Self.unique(sets.map(\.id), "sets.json", "set")
        _ = try Self.unique(sets.flatMap(\.members).map(\.id), "sets.json", "set member")
        // Each kind apart, with its type said: one expression of them all took 0.7 s to type-check.
        let photoIDs: [UUID] = items.flatMap { $0.photos.map(\.id) }
        let documentIDs: [UUID] = items.flatMap { $0.documents.map(\.id) }
        let storyIDs: [UUID] = items.flatMap { $0.stories.map(\.id) }
        let valuationIDs: [UUID] = items.compactMap { $0.valuation?.id }
        _ = try Self.unique(
            photoIDs + documentIDs + storyIDs + valuationIDs, "items.json", "photo, document, story or valuation")
        _ = try Self.unique(memories.flatMap(\.files).map(\.id), "memories.json", "memory file")
        _ = try Self.unique(memories.flatMap(\.faces).map(\.id), "memories.json", "face")
        let member = { (id: UUID?) in id.map(memberIDs.contains) ?? true }
        let binderEntryIDs = try checkBinderReferences(
            memberIDs: memberIDs, mediaIDs: mediaIDs, beneficiaryIDs: beneficiaryIDs)
        let letterIDs = try checkLetterReferences(memberIDs: memberIDs, mediaIDs: mediaIDs)
        try checkStorytellerReferences(
            memberIDs: memberIDs, itemIDs: itemIDs, memoryIDs: memoryIDs, mediaIDs: mediaIDs,
            storyIDs: Set(storyIDs))

        for file in media {
            guard ExportPaths.isMedia(file.path, sha256: file.sha256), mediaSizes[file.path] == file.sizeBytes else {
                throw ImportError.damaged(
                    "media.json", "the media record \(file.id) names \(file.path), which is not a checked file")
            }
            guard member(file.uploadedById) else { throw Self.outside("media.json", "media record", file.id) }
            let uuid: UUID? = file.ownerId.flatMap(UUID.init(uuidString:))
            let number: Int? = file.ownerId.flatMap { Int($0) }
            let owned: Bool =
                switch file.ownerType {
                case ItemService.mediaOwnerType: uuid.map(itemIDs.contains) ?? false
                case MemoryService.mediaOwnerType: number.map(memoryIDs.contains) ?? false
                case PeopleService.mediaOwnerType: number.map(personIDs.contains) ?? false
                case BinderService.mediaOwnerType: uuid.map(binderEntryIDs.contains) ?? false
                case LetterService.mediaOwnerType: uuid.map(letterIDs.contains) ?? false
                case nil: file.ownerId == nil
                default: false
                }
            guard owned else { throw Self.outside("media.json", "media record", file.id) }
        }
        for item in items {
            let media = item.photos.map(\.mediaId) + item.documents.map(\.mediaId) + item.stories.map(\.mediaId)
            guard media.allSatisfy(mediaIDs.contains), member(item.createdById) else {
                throw Self.outside("items.json", "item", item.id)
            }
        }
        for link in links where !itemIDs.contains(link.itemId) || !beneficiaryIDs.contains(link.beneficiaryId) {
            throw Self.outside("links.json", "link", link.id)
        }
        for person in people where !(person.avatarMediaId.map(mediaIDs.contains) ?? true) {
            throw Self.outside("people.json", "person", person.id)
        }
        for memory in memories {
            guard memory.personIds.allSatisfy(personIDs.contains),
                memory.faces.allSatisfy({ $0.personId.map(personIDs.contains) ?? true }),
                memory.files.allSatisfy({ mediaIDs.contains($0.mediaId) }), member(memory.createdById)
            else { throw Self.outside("memories.json", "memory", memory.id) }
        }
        for set in sets {
            guard set.members.allSatisfy({ itemIDs.contains($0.itemId) }), member(set.createdById) else {
                throw Self.outside("sets.json", "set", set.id)
            }
        }
    }

    static func unique<ID: Hashable>(_ ids: [ID], _ file: String, _ what: String) throws -> Set<ID> {
        var seen = Set<ID>()
        for id in ids where !seen.insert(id).inserted {
            throw ImportError.damaged(file, "the \(what) \(id) is in it twice")
        }
        return seen
    }

    static func outside(_ file: String, _ what: String, _ id: some CustomStringConvertible) -> ImportError {
        .damaged(file, "the \(what) \(id) refers to a record that is not in this export")
    }
}

/// The names an export's files may have.
enum ExportPaths {
    /// The records and other files an export holds besides its media.
    static let records: Set<String> = [
        "household.json", "members.json", "media.json", "items.json", "beneficiaries.json", "links.json",
        "people.json", "memories.json", "sets.json", "binder.json", "letters.json", "items.csv", "index.html",
        "binder.html", "letters.html", "storytellers.json",
    ]

    /// Exactly 64 lower-case hexadecimal digits: the only SHA-256 an import uses as a name.
    static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Whether a path is `media/<sha256>.<extension>` for this SHA-256, with a short alphanumeric extension.
    static func isMedia(_ path: String, sha256: String) -> Bool {
        guard isSHA256(sha256), path.hasPrefix("media/\(sha256).") else { return false }
        let ext = path.utf8.dropFirst("media/".count + 65)
        return (1...10).contains(ext.count)
            && ext.allSatisfy { (48...57).contains($0) || (97...122).contains($0) || (65...90).contains($0) }
    }

    /// Where the AAC copy of the recording with this SHA-256 goes, beside the original.
    static func playableCopy(of sha256: String) -> String { "media/\(sha256).playable.m4a" }

    /// Whether a path is a recording's AAC copy beside it, for people and players: an import makes it again.
    static func isPlayableCopy(_ path: String) -> Bool {
        let suffix = ".playable.m4a"
        guard path.hasPrefix("media/"), path.hasSuffix(suffix) else { return false }
        return isSHA256(String(path.dropFirst("media/".count).dropLast(suffix.count)))
    }

    /// Whether a path is a recording's typed copy beside it, `media/<sha256>.txt` or `.vtt`: for people and players,
    /// not read by an import (media.json carries the transcript).
    static func isTranscriptCopy(_ path: String) -> Bool {
        guard path.hasPrefix("media/"), path.hasSuffix(".txt") || path.hasSuffix(".vtt") else { return false }
        return isSHA256(String(path.dropFirst("media/".count).dropLast(4)))
    }

    /// Whether a path is a storyteller's book, `story-book-<id>.pdf`: for people, made again by the next export
    /// from storytellers.json, so not read by an import.
    static func isStoryBook(_ path: String) -> Bool {
        guard path.hasPrefix("story-book-"), path.hasSuffix(".pdf") else { return false }
        let id = path.dropFirst("story-book-".count).dropLast(".pdf".count)
        return UUID(uuidString: String(id)).map { ExportStoryBooks.path(of: $0) == path } ?? false
    }

    /// Whether a path is a file an export makes for people from its records, which an import passes over.
    static func isForPeople(_ path: String) -> Bool {
        isTranscriptCopy(path) || isStoryBook(path)
    }
}
