import Foundation
import HeirloomCore

@testable import HeirloomServer

/// The Hartleys' memories and people, as the database would give them (everything loaded), for the page snapshots.
enum MemoryFixtures {
    static func person(_ id: Int, _ name: String, relationship: String?) -> Person {
        let person = Person()
        person.id = id
        person.$household.id = PageFixtures.householdID
        person.name = name
        person.nameKey = name.lowercased()
        person.relationship = relationship
        person.$avatar.id = nil
        person.createdAt = PageFixtures.day
        return person
    }

    static func margaret() -> Person { person(1, "Margaret Hartley", relationship: "Grandmother") }
    static func thomas() -> Person { person(2, "Thomas Hartley", relationship: "Son") }

    static func margaretUser() -> User {
        let user = User()
        user.id = PageFixtures.userID
        user.$household.id = PageFixtures.householdID
        user.name = "Margaret Hartley"
        user.email = "margaret@example.com"
        user.role = .owner
        user.createdAt = PageFixtures.day
        return user
    }

    /// A memory of `kind` with its files (media ids `id(200 + n)`), people and face tags loaded.
    static func memory(
        _ id: Int, kind: MemoryKind, title: String, year: Int?, month: Int? = nil, files: Int = 0,
        people: [Person] = [], faces: [(photo: Int, person: Person?)] = []
    ) -> Memory {
        let memory = Memory()
        memory.id = id
        memory.$household.id = PageFixtures.householdID
        memory.$createdBy.id = PageFixtures.userID
        memory.$createdBy.value = .some(margaretUser())
        memory.kind = kind.rawValue
        memory.title = title
        memory.dateYear = year
        memory.dateMonth = month
        memory.searchText = title.lowercased()
        memory.createdAt = PageFixtures.day
        let format: MediaFormat = kind == .video ? .mp4 : kind == .voice ? .m4a : .jpeg
        let use: MediaUse = kind == .video ? .video : kind == .voice ? .audio : .photo
        memory.$media.value = (0..<files).map { index in
            let file = MemoryMedia()
            file.id = id * 10 + index
            file.$memory.id = id
            let media = FamilyFixtures.media(
                200 + id * 10 + index, use: use, format: format, name: "memory-\(id)-\(index).\(format.rawValue)",
                bytes: 900_000)
            if kind != .photo {
                media.durationSeconds = 95
                media.waveformJSON = "[0.2,0.6,0.9,0.3]"
            }
            file.$media.id = media.id!
            file.$media.value = media
            file.position = index
            return file
        }
        memory.$people.value = people
        memory.$faces.value = faces.enumerated().map { index, face in
            let tag = FaceTag()
            tag.id = id * 10 + index
            tag.$memory.id = id
            tag.photoIndex = face.photo
            tag.$person.id = face.person?.id
            tag.x = 0.1 + 0.3 * Double(index)
            tag.y = 0.2
            tag.width = 0.15
            tag.height = 0.2
            return tag
        }
        return memory
    }

    /// Christmas at the farm, two photos, Margaret and Thomas tagged on the first.
    static func christmas() -> Memory {
        let margaret = margaret()
        let thomas = thomas()
        return memory(
            1, kind: .photo, title: "Christmas 1978 at the farm", year: 1978, month: 12, files: 2,
            people: [margaret, thomas], faces: [(0, margaret), (0, thomas), (1, nil)])
    }

    /// How Margaret and Arthur met, written down.
    static func howWeMet() -> Memory {
        let memory = memory(2, kind: .text, title: "How we met", year: 1951, people: [margaret()])
        memory.content = "Arthur asked me to dance at the harvest fair in Derby, and trod on my feet all evening."
        return memory
    }

    /// Grandpa Arthur winding the clock, recorded by Thomas.
    static func windingTheClock() -> Memory {
        memory(3, kind: .voice, title: "Winding the clock", year: 1985, files: 1, people: [thomas()])
    }

    static func card(_ memory: Memory) throws -> MemoryPages.Card {
        MemoryPages.Card(try MemoryRecord(memory))
    }
}
