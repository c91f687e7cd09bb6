import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The Memory Palace Family Collector app against the hub: every call its source makes, byte for byte, and
/// every answer decoded with its own models (`MemoryPalacePhone`).
@Suite("The Memory Palace iPhone app")
struct MemoryPalaceAppTests {
    /// A hub whose address, on the home network and for everyone, is 127.0.0.1:8080.
    static var hub: TestOptions { TestOptions(publicURL: "http://127.0.0.1:8080") }

    /// An owner, and a phone paired by scanning the QR code the hub draws, as the app reads it.
    static func paired(_ app: Application, role: String? = nil) async throws -> (
        owner: Member, phone: MemoryPalacePhone
    ) {
        let owner = try await app.setUpHub()
        var token = owner.token
        if let role { token = try await app.addMember(role: role, by: owner).token }
        let pairing = try await app.api(.POST, "/api/devices/pairing", token: token, json: ["name": "Grandma’s iPhone"])
        guard pairing.status == .created else { throw TestFailure(pairing.body.string) }
        let text = try await PairingTests.decodeQR(try pairing.decoded(Components.Schemas.Pairing.self).qrSvg)
        // raw JSON: the app pre-checks these keys by hand: serverIP, authToken strings, port a number in 1…65535
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(raw["serverIP"] is String)
        #expect((raw["port"] as? NSNumber).map { (1...65535).contains($0.intValue) } == true)
        #expect(raw["authToken"] is String)
        let config = try JSONDecoder().decode(MemoryPalacePhone.ServerConfig.self, from: Data(text.utf8))
        return (owner, MemoryPalacePhone(app: app, config: config))
    }

    @Test("pairs from the QR code: the app's keys, a health check without credentials, then the people list")
    func pairs() async throws {
        try await withApp(Self.hub) { app in
            // given a phone that scanned the code
            let (_, phone) = try await Self.paired(app)
            // then it carries the home-network address and port, and the health check answers without a token
            #expect(phone.config.serverIP == "127.0.0.1")
            #expect(phone.config.port == 8080)
            #expect(try await phone.health().status == .ok)
            // and the people list decodes in the app's model
            let (response, people) = try await phone.people()
            #expect(response.status == .ok)
            #expect(people?.success == true)
            #expect(people?.people?.isEmpty == true)
        }
    }

    @Test("adds people as the app does: 201 with the person, 409 for a name already there in any case")
    func people() async throws {
        try await withApp(Self.hub) { app in
            let (_, phone) = try await Self.paired(app)
            // when the app adds Alice, and someone with the picker's "None"
            let (added, alice) = try await phone.addPerson("Alice", relationship: "Mother")
            let (_, bob) = try await phone.addPerson("Bob", relationship: "None")
            // then both decode as the app's person, with dates it can read
            #expect(added.status == .created, "\(added.body.string)")
            #expect(alice?.success == true)
            #expect(alice?.person?.name == "Alice")
            #expect(alice?.person?.relationship == "Mother")
            #expect(bob?.person?.relationship == nil)
            // and a second "alice" is refused as the app expects
            let (again, _) = try await phone.addPerson("alice", relationship: nil)
            #expect(again.status == .conflict)
            // and the app's edit and listing work
            let aliceID = try #require(alice?.person?.id)
            #expect(try await phone.updatePerson(aliceID, name: "Alice Miller", relationship: nil).status == .ok)
            let (_, listed) = try await phone.people()
            #expect(listed?.people?.map(\.name) == ["Alice Miller", "Bob"])
            #expect(listed?.people?.first?.relationship == "Mother", "an omitted relationship stays")
            // and deleting answers 200
            #expect(try await phone.deletePerson(try #require(bob?.person?.id)).status == .ok)
            #expect(try await phone.people().1?.people?.count == 1)
        }
    }

    @Test("a photo (HEIC named photo.jpg) with people and face tags, then listed, loaded, edited and deleted")
    func photo() async throws {
        try await withApp(Self.hub) { app in
            let (owner, phone) = try await Self.paired(app)
            let alice = try #require(try await phone.addPerson("Alice", relationship: nil).1?.person?.id)
            let bob = try #require(try await phone.addPerson("Bob", relationship: nil).1?.person?.id)
            // when the phone sends a photo as the app does
            let upload = try await phone.uploadPhoto(
                try await MediaFixtures.data("photo.heic"), title: "Beach day", description: "Windy",
                peopleIds: [alice, -1], whenWasThis: "2024-07-15T14:03:22.123Z", whereWasThis: "Brighton",
                faceTags: [
                    .init(
                        personServerId: bob, personName: "Bob",
                        boundingBox: .init(x: 0.1, y: 0.2, width: 0.2, height: 0.3)),
                    .init(personName: "alice", boundingBox: .init(x: 0.6, y: 0.2, width: 0.2, height: 0.3)),
                    .init(boundingBox: .init(x: 0.9, y: 0.9, width: 0.2, height: 0.2), isManual: true),
                ])
            // then it is saved, and the answer decodes as the app's
            #expect(upload.status == .created, "\(upload.body.string)")
            let saved = try #require(
                try MemoryPalacePhone.decoder.decode(
                    MemoryPalacePhone.ServerResponse.self, from: Data(upload.body.readableBytesView)
                ).memory)
            #expect(saved.type == "photo")
            #expect(saved.deviceName == "Grandma’s iPhone")

            // and the whole list decodes, with the app's fields
            let (listed, answer) = try await phone.memories()
            #expect(listed.status == .ok)
            let memory = try #require(answer?.memories?.first)
            #expect(answer?.success == true)
            #expect(memory.title == "Beach day")
            #expect(memory.description == "Windy")
            #expect(memory.whereWasThis == "Brighton")
            #expect(memory.whoWasThere == "Alice, Bob", "the people chosen and the people tagged")
            #expect(MemoryPalacePhone.fractional(try #require(memory.whenWasThis)) != nil)
            #expect(memory.whenWasThis?.hasPrefix("2024-07-15") == true)
            #expect(MemoryPalacePhone.fractional(memory.timestamp) != nil)
            let faces = try #require(memory.faceTags)
            #expect(faces.count == 3)
            #expect(Set(faces.compactMap(\.personName)) == ["Alice", "Bob"])
            #expect(
                faces.contains { $0.personName == nil && abs($0.boundingBox.width - 0.1) < 0.0001 }, "pulled inside")

            // and its pictures load from absolute addresses with no credentials
            let image = try await phone.load(try #require(memory.imageUrl))
            #expect(image.status == .ok)
            #expect(image.headers.contentType == .jpeg)
            #expect(try await phone.load(try #require(memory.thumbnailUrl)).status == .ok)

            // when the app edits it: an empty date keeps the day, people by name
            let edited = try await phone.updateMemory(
                memory.id,
                [
                    "title": "Beach day at Brighton", "description": "Very windy", "content": "",
                    "whoWasThere": "Bob", "whenWasThis": "", "whereWasThis": "Brighton",
                ])
            #expect(edited.status == .ok, "\(edited.body.string)")
            let after = try #require(try await phone.memories().1?.memories?.first)
            #expect(after.title == "Beach day at Brighton")
            #expect(after.whenWasThis?.hasPrefix("2024-07-15") == true)
            #expect(after.whoWasThere == "Alice, Bob", "tagged people stay")
            #expect(try await phone.memories(of: bob).1?.memories?.count == 1)

            // and the web page says which phone sent it
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            #expect(try await browser.get("/memories/\(memory.id)").body.string.contains("from Grandma’s iPhone"))

            // when it deletes the memory, then it answers 200 and the list is empty
            #expect(try await phone.deleteMemory(memory.id).status == .ok)
            #expect(try await phone.memories().1?.memories?.isEmpty == true)
        }
    }

    @Test("a video plays by range, a recording downloads whole, and a written note keeps its day")
    func videoVoiceAndText() async throws {
        try await withApp(Self.hub) { app in
            let (_, phone) = try await Self.paired(app)
            // when the phone sends a film, a recording and a note
            let video = try await phone.uploadVideo(
                try await MediaFixtures.data("clip.mov"), title: "First steps", description: "", peopleIds: [],
                whenWasThis: "", whereWasThis: "")
            let voice = try await phone.uploadVoice(
                try await MediaFixtures.data("story.m4a"), title: "Grandad's war", context: "Told at Christmas",
                duration: 2.0, peopleIds: [], whenWasThis: "1998-12-25T09:00:00.000Z", whereWasThis: "Leeds")
            let note = try await phone.uploadText(
                title: "Recipe", content: "Two eggs, a cup of flour.", peopleIds: [], whenWasThis: "1975-03-02",
                whereWasThis: "")
            #expect(video.status == .created, "\(video.body.string)")
            #expect(voice.status == .created, "\(voice.body.string)")
            #expect(note.status == .created, "\(note.body.string)")

            // then the list holds all three in the app's shape
            let memories = try #require(try await phone.memories().1?.memories)
            let byType = Dictionary(memories.map { ($0.type, $0) }) { a, _ in a }
            let film = try #require(byType["video"])
            let recording = try #require(byType["voice"])
            let written = try #require(byType["text"])
            #expect(film.thumbnailUrl != nil)
            #expect(film.whenWasThis == nil)
            let part = try await phone.load(try #require(film.videoUrl), range: "bytes=0-99")
            #expect(part.status == .partialContent)
            #expect(part.body.readableBytes == 100)
            #expect(recording.description == "Told at Christmas")
            #expect((recording.duration ?? 0) > 1)
            let audio = try await phone.load(try #require(recording.audioUrl))
            #expect(audio.status == .ok)
            #expect(audio.headers.contentType?.subType == "mp4")
            #expect(written.content == "Two eggs, a cup of flour.")
            #expect(written.whenWasThis == "1975-03-02T12:00:00.000Z")
            #expect(written.description == "")
        }
    }

    @Test("a disconnected phone loses its access at once, the addresses of its pictures included")
    func revoked() async throws {
        try await withApp(Self.hub) { app in
            let (owner, phone) = try await Self.paired(app)
            _ = try await phone.uploadPhoto(
                try await MediaFixtures.data("photo.jpg"), title: "Garden", description: "", peopleIds: [],
                whenWasThis: "", whereWasThis: "")
            let url = try #require(try await phone.memories().1?.memories?.first?.imageUrl)
            #expect(try await phone.load(url).status == .ok)
            // when the owner disconnects the phone
            let tokens = try await app.api(.GET, "/api/auth/tokens", token: owner.token)
            let list = try tokens.decoded(Components.Schemas.TokenList.self).tokens
            let id = try #require(list.first { $0.kind == .device }?.id)
            #expect(try await app.api(.DELETE, "/api/auth/tokens/\(id)", token: owner.token).status == .noContent)
            // then its calls and its picture addresses stop working
            #expect(try await phone.memories().0.status == .unauthorized)
            #expect(try await phone.load(url).status == .notFound)
        }
    }

    @Test("a picture address opens only the file and the form it was signed for")
    func signatures() async throws {
        try await withApp(Self.hub) { app in
            let (_, phone) = try await Self.paired(app)
            _ = try await phone.uploadPhoto(
                try await MediaFixtures.data("photo.jpg"), title: "Garden", description: "", peopleIds: [],
                whenWasThis: "", whereWasThis: "")
            let url = try #require(try await phone.memories().1?.memories?.first?.thumbnailUrl)
            #expect(try await phone.load(url).status == .ok)
            // another form of the same file, a changed expiry or a changed signature are not found
            #expect(
                try await phone.load(url.replacingOccurrences(of: "/thumbnail?", with: "/original?")).status
                    == .notFound)
            let later = url.replacingOccurrences(of: "expires=", with: "expires=9")
            #expect(try await phone.load(later).status == .notFound)
            let forged = url.replacingOccurrences(of: "signature=", with: "signature=A")
            #expect(try await phone.load(forged).status == .notFound)
            #expect(try await phone.load(String(url.prefix { $0 != "?" })).status == .notFound)
        }
    }

    @Test("Heirloom's own API answers as before, and x-auth-token takes only a paired phone's token")
    func ownAPIUnchanged() async throws {
        try await withApp(Self.hub) { app in
            let (owner, phone) = try await Self.paired(app)
            _ = try await phone.uploadText(
                title: "Note", content: "Words", peopleIds: [], whenWasThis: "", whereWasThis: "")
            // Heirloom's own callers get Heirloom's shapes
            let page = try await app.api(.GET, "/api/memories", token: owner.token)
            #expect(page.status == .ok)
            #expect(!page.body.string.contains("\"success\""))
            let id = try #require(try page.decoded(Components.Schemas.MemoryPage.self).memories.first?.id)
            #expect(try await app.api(.DELETE, "/api/memories/\(id)", token: owner.token).status == .noContent)
            // and a sign-in token is no app token
            var headers = HTTPHeaders()
            headers.add(name: "x-auth-token", value: owner.token)
            #expect(
                try await app.testing().sendRequest(.GET, "/api/memories", headers: headers).status == .unauthorized)
        }
    }

    @Test("bad uploads change nothing: a file of the wrong kind, a date it cannot read, a viewer's phone")
    func refusals() async throws {
        try await withApp(Self.hub) { app in
            let (_, phone) = try await Self.paired(app)
            let notAPhoto = try await phone.uploadVoice(
                try await MediaFixtures.data("photo.jpg"), title: "Oops", context: "", duration: 1, peopleIds: [],
                whenWasThis: "", whereWasThis: "")
            #expect([415, 422].contains(notAPhoto.status.code), "\(notAPhoto.status)")
            let badDate = try await phone.uploadPhoto(
                try await MediaFixtures.data("photo.jpg"), title: "Oops", description: "", peopleIds: [],
                whenWasThis: "last summer", whereWasThis: "")
            #expect(badDate.status == .unprocessableEntity)
            let badPeople = try await phone.uploadPhoto(
                try await MediaFixtures.data("photo.jpg"), title: "Oops", description: "", peopleIds: [9999],
                whenWasThis: "", whereWasThis: "")
            #expect(badPeople.status == .notFound)
            #expect(try await app.mediaCount() == 0)
            #expect(try await phone.memories().1?.memories?.isEmpty == true)
        }
        try await withApp(Self.hub) { app in
            let (_, phone) = try await Self.paired(app, role: "viewer")
            let refused = try await phone.uploadText(
                title: "Note", content: "Words", peopleIds: [], whenWasThis: "", whereWasThis: "")
            #expect(refused.status == .forbidden)
            #expect(try await phone.memories().1?.success == true, "a viewer's phone still browses")
        }
    }
}
