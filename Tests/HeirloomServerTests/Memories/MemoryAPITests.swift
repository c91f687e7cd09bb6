import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The Memory Palace app's calls, made the way the app makes them: multipart with typed parts, integer ids.
@Suite("Memories over the API")
struct MemoryAPITests {
    @Test("A photo memory with people and two tagged faces, found every way the app looks")
    func photoMemoryRoundTrip() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let ann = try await app.addPerson("Ann", relationship: "mother", token: owner.token)
            let ben = try await app.addPerson("Ben", relationship: "Uncle", token: owner.token)
            let jpeg = try await MediaFixtures.data("photo.jpg")
            let heic = try await MediaFixtures.data("photo.heic")
            let faces = """
                [{"photoIndex":0,"personId":\(ann),"x":0.1,"y":0.2,"width":0.25,"height":0.3},
                 {"photoIndex":1,"personId":\(ben),"x":0.5,"y":0.5,"width":0.5,"height":0.5}]
                """

            // when
            let created = try await app.sendParts(
                "/api/memories", token: owner.token,
                parts: [
                    .text("type", "photo"), .text("title", "Picnic at the lake"),
                    .text("description", "Everyone came."), .text("date", "1968"),
                    .text("location", "Lake Tahoe"), .text("context", "Summer holiday"),
                    .text("personIds", "\(ann)"), .text("faceTags", faces),
                    .file("file", fileName: "IMG_0001.jpg", contentType: "image/jpeg", jpeg),
                    .file("file", fileName: "IMG_0002.heic", contentType: "image/heic", heic),
                ])

            // then
            #expect(created.status == .created, "\(created.body.string)")
            let memory = try created.decoded(Components.Schemas.Memory.self)
            #expect(memory._type == .photo)
            #expect(memory.date == "1968")
            #expect(memory.location == "Lake Tahoe")
            #expect(memory.people.map(\.name) == ["Ann", "Ben"], "a tagged person is in the memory")
            #expect(memory.faceTags.count == 2)
            #expect(memory.faceTags.first?.personId == ann)
            #expect(memory.faceTags.first?.x == 0.1)
            #expect(memory.media.count == 2)
            #expect(memory.media.allSatisfy { $0.kind == .image && $0.width != nil && $0.thumbnailUrl != nil })
            #expect(memory.createdBy?.name == "Ann Miller")
            let thumbnail = try await app.download(memory.media[1].thumbnailUrl ?? "", token: owner.token)
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers.contentType == .jpeg)

            for query in ["", "?personId=\(ben)", "?type=photo", "?year=1968", "?q=LAKE%20picnic"] {
                let list = try await app.api(.GET, "/api/memories\(query)", token: owner.token)
                #expect(
                    try list.decoded(Components.Schemas.MemoryPage.self).memories.map(\.id) == [memory.id], "\(query)")
                // exactly as created: lists read rows into records of their own
                #expect(try list.canonicalJSON("memories") == created.canonicalJSON(), "\(query)")
            }
            for query in ["?type=video", "?year=1969", "?q=mountain"] {
                let list = try await app.api(.GET, "/api/memories\(query)", token: owner.token)
                #expect(try list.decoded(Components.Schemas.MemoryPage.self).memories.isEmpty, "\(query)")
            }
            let byPerson = try await app.api(.GET, "/api/people/\(ann)/memories", token: owner.token)
            #expect(
                try byPerson.decoded(Components.Schemas.MemoryPage.self).memories.map(\.title) == ["Picnic at the lake"]
            )
            let people = try await app.api(.GET, "/api/people", token: owner.token).decoded(
                [Components.Schemas.Person].self)
            #expect(people.map(\.memoryCount) == [1, 1])
            #expect(people.map(\.relationship) == ["Mother", "Uncle"])
            let fetched = try await app.api(.GET, "/api/memories/\(memory.id)", token: owner.token)
            #expect(try fetched.decoded(Components.Schemas.Memory.self).faceTags.map(\.id) == memory.faceTags.map(\.id))
        }
    }

    @Test("Changing details keeps the date's precision; replacing faces; deleting frees the files")
    func changeAndDelete() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let ann = try await app.addPerson("Ann", token: owner.token)
            let memory = try await Self.photoMemory(app, token: owner.token)
            #expect(try await app.mediaCount() == 1)

            // when
            let patched = try await app.api(
                .PATCH, "/api/memories/\(memory.id)", token: owner.token,
                json: ["title": "Grandpa's boat", "date": "July 1968", "location": ""])
            let faced = try await app.api(
                .PUT, "/api/memories/\(memory.id)/faces", token: owner.token,
                rawBody: #"[{"photoIndex":0,"personId":\#(ann),"x":0.4,"y":0.1,"width":0.2,"height":0.2}]"#)

            // then
            #expect(patched.status == .ok, "\(patched.body.string)")
            let changed = try patched.decoded(Components.Schemas.Memory.self)
            #expect(changed.title == "Grandpa's boat")
            #expect(changed.date == "1968-07")
            #expect(changed.location == nil)
            #expect(changed.description == "A sunny day", "fields left out stay as they were")
            #expect(faced.status == .ok, "\(faced.body.string)")
            let tagged = try faced.decoded(Components.Schemas.Memory.self)
            #expect(tagged.faceTags.map(\.x) == [0.4])
            #expect(tagged.people.map(\.id) == [ann])

            // when
            let deleted = try await app.api(.DELETE, "/api/memories/\(memory.id)", token: owner.token)

            // then
            #expect(deleted.status == .noContent)
            #expect(try await app.mediaCount() == 0)
            #expect(try await app.api(.GET, "/api/memories/\(memory.id)", token: owner.token).status == .notFound)
            #expect(
                try await app.download(memory.media[0].originalUrl, token: owner.token).status == .notFound)
        }
    }

    @Test("Text, voice and video memories")
    func otherKinds() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()

            let text = try await app.sendParts(
                "/api/memories", token: owner.token,
                parts: [
                    .text("type", "text"), .text("title", "How we met"), .text("date", "1961-05-14"),
                    .text("content", "It was raining in Dover."),
                ])
            #expect(text.status == .created, "\(text.body.string)")
            let written = try text.decoded(Components.Schemas.Memory.self)
            #expect(written.content == "It was raining in Dover.")
            #expect(written.date == "1961-05-14")
            #expect(written.media.isEmpty)

            let voice = try await app.sendParts(
                "/api/memories", token: owner.token,
                parts: [
                    .text("type", "voice"), .text("title", "Grandma sings"),
                    .file(
                        "file", fileName: "song.wav", contentType: "audio/wav",
                        try await MediaFixtures.data("story.wav")),
                ])
            #expect(voice.status == .created, "\(voice.body.string)")
            let recording = try voice.decoded(Components.Schemas.Memory.self).media.first
            #expect(recording?.kind == .audio)
            #expect((recording?.durationSeconds ?? 0) > 2.5)
            #expect((recording?.waveform?.count ?? 0) > 50)

            // The file may come before the type part.
            let video = try await app.sendParts(
                "/api/memories", token: owner.token,
                parts: [
                    .file(
                        "file", fileName: "clip.mp4", contentType: "video/mp4", try await MediaFixtures.data("clip.mp4")
                    ),
                    .text("title", "First steps"), .text("type", "video"),
                ])
            #expect(video.status == .created, "\(video.body.string)")
            let film = try video.decoded(Components.Schemas.Memory.self).media.first
            #expect(film?.kind == .video)
            #expect(film?.width == 640)
            #expect(film?.thumbnailUrl != nil, "a poster frame")
        }
    }

    @Test("A bad request is a clear error and stores nothing", arguments: BadMemory.allCases)
    func badRequests(_ bad: BadMemory) async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let ann = try await app.addPerson("Ann", token: owner.token)
            let other = try await Self.otherHouseholdPerson(app)
            let jpeg = try await MediaFixtures.data("photo.jpg")
            var parts: [Part] = [.text("type", "photo"), .text("title", "Picnic")]
            let box = { (x: Double, w: Double, person: Int) in
                Part.text(
                    "faceTags", #"[{"photoIndex":0,"personId":\#(person),"x":\#(x),"y":0,"width":\#(w),"height":0.2}]"#)
            }
            var files = [Part.file("file", fileName: "a.jpg", contentType: "image/jpeg", jpeg)]
            switch bad {
            case .boxOutside: parts.append(box(0.9, 0.3, ann))
            case .boxWithoutSize: parts.append(box(0.1, 0, ann))
            case .boxOnMissingPhoto:
                parts.append(.text("faceTags", #"[{"photoIndex":3,"x":0,"y":0,"width":0.2,"height":0.2}]"#))
            case .unreadableFaces: parts.append(.text("faceTags", "not json"))
            case .personOfAnotherHousehold: parts.append(.text("personIds", "\(other)"))
            case .noTitle: parts[1] = .text("title", "  ")
            case .noPhotos: files = []
            case .wrongKindOfFile:
                files = [
                    .file(
                        "file", fileName: "a.wav", contentType: "audio/wav", try await MediaFixtures.data("story.wav"))
                ]
            case .unknownType: parts[0] = .text("type", "painting")
            case .badDate: parts.append(.text("date", "1968-13"))
            }

            // when
            let response = try await app.sendParts("/api/memories", token: owner.token, parts: parts + files)

            // then
            #expect(response.status == bad.status, "\(response.body.string)")
            #expect(try response.apiError.field == bad.field)
            #expect(try await app.mediaCount() == 0, "the uploaded files are gone again")
            #expect(try await Memory.query(on: app.db).count() == 0)
        }
    }

    enum BadMemory: CaseIterable, Sendable {
        case boxOutside, boxWithoutSize, boxOnMissingPhoto, unreadableFaces, personOfAnotherHousehold, noTitle,
            noPhotos, wrongKindOfFile, unknownType, badDate

        var status: HTTPResponseStatus {
            switch self {
            case .personOfAnotherHousehold: .notFound
            case .wrongKindOfFile: .unsupportedMediaType
            default: .unprocessableEntity
            }
        }

        var field: String? {
            switch self {
            case .boxOutside, .boxWithoutSize, .boxOnMissingPhoto, .unreadableFaces: "faceTags"
            case .personOfAnotherHousehold: nil
            case .noTitle: "title"
            case .noPhotos: "file"
            case .wrongKindOfFile: nil
            case .unknownType: "type"
            case .badDate: "date"
            }
        }
    }

    @Test("Viewers browse; editors change their own memories; owners change any; other households see nothing")
    func whoMayDoWhat() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let editor = try await app.addMember(role: "editor", by: owner)
            let second = try await app.addMember(role: "editor", by: owner, name: "Cy", email: "cy@example.com")
            let viewer = try await app.addMember(role: "viewer", by: owner, name: "Di", email: "di@example.com")
            let memory = try await Self.photoMemory(app, token: editor.token)
            let stranger = try await Self.otherHouseholdToken(app)
            let rename: [String: any Sendable] = ["title": "Renamed"]

            // then
            #expect(try await app.api(.GET, "/api/memories/\(memory.id)", token: viewer.token).status == .ok)
            let viewerAdds = try await app.sendParts(
                "/api/memories", token: viewer.token,
                parts: [.text("type", "text"), .text("title", "Mine"), .text("content", "words")])
            #expect(viewerAdds.status == .forbidden)
            #expect(
                try await app.api(.PATCH, "/api/memories/\(memory.id)", token: second.token, json: rename).status
                    == .forbidden)
            #expect(
                try await app.api(.DELETE, "/api/memories/\(memory.id)", token: viewer.token).status == .forbidden)
            #expect(
                try await app.api(.PATCH, "/api/memories/\(memory.id)", token: editor.token, json: rename).status == .ok
            )
            #expect(
                try await app.api(.PATCH, "/api/memories/\(memory.id)", token: owner.token, json: rename).status == .ok)
            #expect(try await app.api(.GET, "/api/memories/\(memory.id)", token: stranger).status == .notFound)
            #expect(
                try await app.download(memory.media[0].displayUrl ?? "", token: stranger).status == .notFound)
            let strangerList = try await app.api(.GET, "/api/memories", token: stranger)
            #expect(try strangerList.decoded(Components.Schemas.MemoryPage.self).memories.isEmpty)
            #expect(
                try await app.api(.DELETE, "/api/memories/\(memory.id)", token: owner.token).status == .noContent)
        }
    }

    @Test("Pages of memories follow the cursor to the end")
    func paging() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            for number in 1...5 {
                let response = try await app.sendParts(
                    "/api/memories", token: owner.token,
                    parts: [.text("type", "text"), .text("title", "Memory \(number)"), .text("content", "words")])
                #expect(response.status == .created)
            }
            var titles: [String] = []
            var cursor: String?
            repeat {
                let path = "/api/memories?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await app.api(.GET, path, token: owner.token).decoded(Components.Schemas.MemoryPage.self)
                titles += page.memories.map(\.title)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(titles == (1...5).reversed().map { "Memory \($0)" })
            #expect(try await app.api(.GET, "/api/memories?limit=0", token: owner.token).status == .unprocessableEntity)
            #expect(try await app.api(.GET, "/api/memories?cursor=abc", token: owner.token).status == .badRequest)
        }
    }

    static func photoMemory(_ app: Application, token: String) async throws -> Components.Schemas.Memory {
        let response = try await app.sendParts(
            "/api/memories", token: token,
            parts: [
                .text("type", "photo"), .text("title", "Boat"), .text("description", "A sunny day"),
                .text("location", "Harbour"),
                .file(
                    "file", fileName: "boat.jpg", contentType: "image/jpeg", try await MediaFixtures.data("photo.jpg")),
            ])
        guard response.status == .created else { throw TestFailure(response.body.string) }
        return try response.decoded(Components.Schemas.Memory.self)
    }

    /// The token of the owner of a second household, made directly in the database.
    static func otherHouseholdToken(_ app: Application) async throws -> String {
        let household = Household(name: "The Jones Family")
        try await household.create(on: app.db)
        let user = User(
            householdID: try household.requireID(), name: "Jo Jones", email: "jo@example.com",
            passwordHash: "unused", role: .owner)
        try await user.create(on: app.db)
        let issued = try await TokenService(database: app.hub.database(on: app.db), now: { Date() }).issue(
            userID: try user.requireID(), kind: .api, name: "test")
        return issued.secret
    }

    static func otherHouseholdPerson(_ app: Application) async throws -> Int {
        try await app.addPerson("Zed", token: try await otherHouseholdToken(app))
    }
}
