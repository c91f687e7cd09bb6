import Foundation
import HeirloomAPI
import HeirloomCore

extension Components.Schemas.Person {
    init(_ listed: PeopleService.Listed) throws {
        let person = listed.person
        self.init(
            id: try person.requireID(),
            name: person.name,
            relationship: person.relationship,
            avatarUrl: person.avatar.map { Self.avatarURL($0) },
            notes: person.notes,
            birthDate: person.birthDate,
            deathDate: person.deathDate,
            memoryCount: listed.memoryCount
        )
    }

    /// The picture at thumbnail size, which is what a list or a face circle shows.
    static func avatarURL(_ media: MediaObject) -> String {
        media.id.map { SiteURL.media($0, media.thumbnailSHA256 == nil ? .original : .thumbnail) } ?? ""
    }
}

extension Components.Schemas.Memory {
    init(_ memory: Memory) throws {
        self.init(try MemoryRecord(memory))
    }

    init(_ memory: MemoryRecord) {
        self.init(
            id: memory.id,
            _type: .init(rawValue: memory.kind) ?? .text,
            title: memory.title,
            description: memory.description,
            content: memory.content,
            date: memory.dateValue,
            location: memory.location,
            context: memory.context,
            people: memory.people.map { .init(id: $0.id, name: $0.name) },
            faceTags: memory.faces.map {
                .init(
                    id: $0.id, photoIndex: $0.photoIndex, personId: $0.personID, x: $0.x, y: $0.y, width: $0.width,
                    height: $0.height)
            },
            media: memory.files.map(Components.Schemas.MemoryMediaFile.init),
            createdBy: memory.createdBy.map { .init(id: $0.id.text, name: $0.name) },
            createdAt: memory.createdAt ?? Date()
        )
    }
}

extension Components.Schemas.MemoryMediaFile {
    init(_ file: MemoryRecord.File) {
        let media = Components.Schemas.MediaFile(file.media)
        self.init(
            id: file.id,
            kind: media.kind,
            originalUrl: media.originalUrl,
            displayUrl: media.displayUrl,
            thumbnailUrl: media.thumbnailUrl,
            playUrl: media.playUrl,
            width: media.width,
            height: media.height,
            durationSeconds: media.durationSeconds,
            waveform: media.waveform
        )
    }
}

extension Components.Schemas.MemoryPage {
    init(_ page: MemoryService.Page) {
        self.init(
            memories: page.memories.map(Components.Schemas.Memory.init),
            nextCursor: page.nextCursor.map(String.init))
    }
}

extension FaceBox {
    init(_ input: Components.Schemas.FaceTagInput) {
        self.init(
            photoIndex: input.photoIndex, personID: input.personId, x: input.x, y: input.y, width: input.width,
            height: input.height)
    }
}
