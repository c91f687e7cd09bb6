import Foundation
import HeirloomCore

/// The plain models beside the memory and people templates.
enum MemoryPages {
    /// A memory in a grid: its picture (or an icon for its kind), title and when.
    struct Card: Encodable {
        var href: String
        var title: String
        var kind: String
        var kindLabel: String
        var when: String?
        var thumbnailUrl: String?
        var excerpt: String?
        var photoCount: Int

        init(_ memory: MemoryRecord) {
            href = SiteURL.memory(.value(memory.id)).path
            title = memory.title
            kind = memory.kind
            kindLabel = memory.memoryKind.label
            when = memory.date?.label
            thumbnailUrl = memory.files.first.flatMap { file in
                file.media.hasThumbnail ? SiteURL.media(file.media.id, .thumbnail) : nil
            }
            excerpt = memory.memoryKind == .text ? memory.content.map { String($0.prefix(140)) } : nil
            photoCount = memory.memoryKind == .photo ? memory.files.count : 0
        }
    }

    struct Option: Encodable {
        var value: String
        var label: String
        var selected: Bool
    }

    struct Index: Encodable {
        var query: String
        var people: [Option]
        var kinds: [Option]
        var years: [Option]
        var isFiltered: Bool
        var canEdit: Bool
        var memories: [Card]
        var nextHref: String?
        var total: Int
    }

    /// A face on a photo, placed by the page's script from its fractions.
    struct Face: Encodable {
        var id: Int
        var name: String?
        var personHref: String?
        var personID: Int?
        var x, y, width, height: Double
    }

    struct Photo: Encodable {
        var index: Int
        var number: Int
        var displayUrl: String
        var originalUrl: String
        var width: Int
        var height: Int
        var faces: [Face]
    }

    struct Player: Encodable {
        var playUrl: String
        var posterUrl: String?
        var duration: String?
        var waveform: [Double]?
    }

    struct PersonChip: Encodable {
        var name: String
        var href: String
        var avatarUrl: String?
        var initials: String
    }

    struct Show: Encodable {
        var id: Int
        var title: String
        var kind: String
        var kindLabel: String
        var when: String?
        var location: String?
        var description: String?
        var context: String?
        var content: String?
        var people: [PersonChip]
        var photos: [Photo]
        var video: Player?
        var voice: Player?
        /// The typed copy of the film's sound or the recording (issue 33).
        var transcript: TranscriptPages.Block?
        var addedBy: String
        /// The phone it was sent from, as the Memory Palace app names it.
        var sentFrom: String?
        var canChange: Bool
        var canEditPeople: Bool
        var isNew: Bool
    }

    struct PersonCheck: Encodable {
        var id: Int
        var name: String
        var checked: Bool
    }

    /// The add and edit forms: field values, errors, and the household's people to tick.
    struct Form: Encodable {
        var mode: String
        var action: String
        var cancelHref: String
        var kind: String
        var form: [String: String]
        var errors: [String: String]
        var people: [PersonCheck]
        var hasPeople: Bool
    }

    struct FaceEditor: Encodable {
        var id: Int
        var title: String
        var photos: [Photo]
        var people: [Option]
        var facesJSON: String
        var isNew: Bool
        var error: String?
    }

    static func initials(_ name: String) -> String {
        name.split(separator: " ").prefix(2).compactMap(\.first).map(String.init).joined().uppercased()
    }

    static func duration(_ seconds: Double?) -> String? {
        guard let seconds, seconds.isFinite else { return nil }
        let total = Int(seconds.rounded())
        return "\(total / 60):" + String(format: "%02d", total % 60)
    }
}

extension MemoryPages.Show {
    init(_ memory: Memory, principal: Principal, isNew: Bool) throws {
        let files = memory.media.sorted { $0.position < $1.position }
        let names = Dictionary(memory.people.compactMap { p in p.id.map { ($0, p.name) } }) { a, _ in a }
        id = try memory.requireID()
        title = memory.title
        kind = memory.kind
        kindLabel = memory.memoryKind.label
        when = memory.date?.label
        location = memory.location
        description = memory.description
        context = memory.context
        content = memory.content
        people = memory.people.sorted { $0.nameKey < $1.nameKey }.map { person in
            MemoryPages.PersonChip(
                name: person.name, href: SiteURL.person(.value(person.id ?? 0)).path,
                avatarUrl: person.$avatar.id.map { SiteURL.media($0, .thumbnail) },
                initials: MemoryPages.initials(person.name))
        }
        photos = memory.memoryKind == .photo ? MemoryPages.photos(files, faces: memory.faces, names: names) : []
        let first = files.first?.media
        let player = first.map { media in
            MemoryPages.Player(
                playUrl: media.id.map { SiteURL.media($0, .play) } ?? "",
                posterUrl: media.thumbnailSHA256 == nil ? nil : media.id.map { SiteURL.media($0, .display) },
                duration: MemoryPages.duration(media.durationSeconds), waveform: media.waveform)
        }
        video = memory.memoryKind == .video ? player : nil
        voice = memory.memoryKind == .voice ? player : nil
        addedBy = memory.createdBy?.name ?? "a former member"
        sentFrom = memory.deviceName
        canChange = MemoryKind.mayChange(role: principal.role, isCreator: memory.$createdBy.id == principal.userID)
        canEditPeople = principal.role.canEdit
        self.isNew = isNew
    }
}

extension MemoryPages {
    static func photos(_ files: [MemoryMedia], faces: [FaceTag], names: [Int: String]) -> [Photo] {
        files.enumerated().map { index, file in
            let id = file.$media.id
            return Photo(
                index: index, number: index + 1,
                displayUrl: SiteURL.media(id, file.media.displaySHA256 == nil ? .original : .display),
                originalUrl: SiteURL.media(id, .original), width: file.media.width ?? 0, height: file.media.height ?? 0,
                faces: faces.filter { $0.photoIndex == index }.sorted { ($0.id ?? 0) < ($1.id ?? 0) }.map { face in
                    let personID = face.$person.id
                    return Face(
                        id: face.id ?? 0, name: personID.flatMap { names[$0] },
                        personHref: personID.map { SiteURL.person(.value($0)).path }, personID: personID,
                        x: face.x, y: face.y, width: face.width, height: face.height)
                })
        }
    }
}
