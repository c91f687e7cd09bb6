import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Journal voice cards")
struct JournalVoiceTests {
    @Test("a recorded voice card gets its duration and waveform, plays as AAC with Range, and frees its files")
    func recordPlayDelete() async throws {
        try await withApp { app in
            // given a recording as a browser makes it, with tags as repeated parts and as a comma list
            let ann = try await app.setUpHub()
            let daily = try #require(try await app.journalDrawers(ann)["Daily"])
            let response = try await app.voiceCard(
                ann,
                parts: [
                    ("drawerId", daily), ("title", "Grandma's lullaby"), ("tags", "Songs"), ("tags", "family, night"),
                    ("text", "Sung on the porch"),
                ],
                file: try await MediaFixtures.data("story.webm"))

            // then the card is a voice card with what the media pipeline found
            #expect(response.status == .created, "\(response.body.string)")
            let card = try response.decoded(Components.Schemas.JournalCard.self)
            #expect(card.kind == .voice && card.title == "Grandma's lullaby" && card.text == "Sung on the porch")
            #expect(card.tags == ["family", "night", "songs"])
            let duration = try #require(card.durationSeconds)
            #expect(abs(duration - 2) < 0.3)
            #expect((card.waveform?.count ?? 0) > 50)
            #expect(card.waveform?.allSatisfy { (0...1).contains($0) } == true)
            let shown = try await app.api(.GET, "/api/journal/cards/\(card.id)", token: ann.token)
            #expect(try shown.decoded(Components.Schemas.JournalCard.self).durationSeconds == duration)

            // when its audio is fetched, whole and in part
            let audio = try await app.download("/api/journal/cards/\(card.id)/audio", token: ann.token)
            #expect(audio.status == .ok)
            #expect(audio.headers.contentType == HTTPMediaType(type: "audio", subType: "mp4"))
            #expect(audio.headers.first(name: "X-Content-Type-Options") == "nosniff")
            #expect(audio.headers.first(name: .eTag) != nil)
            let ranged = try await app.download(
                "/api/journal/cards/\(card.id)/audio", token: ann.token, headers: ["Range": "bytes=0-99"])
            #expect(ranged.status == .partialContent)
            #expect(ranged.body.readableBytes == 100)
            #expect(ranged.headers.first(name: .contentRange)?.hasPrefix("bytes 0-99/") == true)

            // then deleting the card deletes its recording and frees the blobs
            #expect(try await !app.hub.media.store.allBlobs().isEmpty)
            #expect(try await app.api(.DELETE, "/api/journal/cards/\(card.id)", token: ann.token).status == .noContent)
            #expect(try await MediaObject.query(on: app.db).count() == 0)
            #expect(try await app.hub.media.store.allBlobs().isEmpty)
            #expect(
                try await app.api(.GET, "/api/journal/tags", token: ann.token).decoded(
                    Components.Schemas.JournalTagList.self
                ).tags.map(\.name).isEmpty)
        }
    }

    @Test("a locked voice card answers 423 for its audio and shows no duration or waveform")
    func lockedVoiceCard() async throws {
        try await withApp { app in
            // given a voice card in the Private drawer, with the fields sent after the file
            let ann = try await app.setUpHub()
            let privateID = try #require(try await app.journalDrawers(ann)["Private"])
            try await app.unlockJournal(ann)
            let created = try await app.voiceCard(
                ann, parts: [("drawerId", privateID), ("title", "Secret song")],
                file: try await MediaFixtures.data("story.m4a"), fieldsFirst: false)
            #expect(created.status == .created, "\(created.body.string)")
            let card = try created.decoded(Components.Schemas.JournalCard.self)
            #expect(card.durationSeconds != nil)
            let mediaID = try #require(try await JournalCard.find(UUID(uuidString: card.id), on: app.db)?.mediaID)
            #expect(try await app.download("/api/media/\(mediaID)/play", token: ann.token).status == .ok)

            // when the journal is locked
            #expect(try await app.api(.POST, "/api/journal/lock", token: ann.token).status == .noContent)

            // then the audio answers 423, the generic media URL says nothing, and the card shows nothing of itself
            let audio = try await app.download("/api/journal/cards/\(card.id)/audio", token: ann.token)
            #expect(audio.status == .locked)
            #expect(try audio.apiError.code == "journal_locked")
            #expect(!audio.body.string.contains("Secret"))
            #expect(try await app.download("/api/media/\(mediaID)/play", token: ann.token).status == .notFound)
            #expect(try await app.download("/api/media/\(mediaID)/original", token: ann.token).status == .notFound)
            // raw JSON: a redacted voice card must not even carry the keys of its duration and waveform
            let listed = try await app.api(.GET, "/api/journal/cards?drawerId=\(privateID)", token: ann.token).cards
            let redacted = try #require(listed.first)
            #expect(Set(redacted.keys) == ["id", "drawerId", "kind", "createdAt", "redacted", "title", "snippet"])
            #expect(redacted["kind"] as? String == "voice")
            // and a new recording for the locked drawer is refused before it is stored
            let refused = try await app.voiceCard(
                ann, parts: [("drawerId", privateID)], file: try await MediaFixtures.data("story.m4a"))
            #expect(refused.status == .locked)
            #expect(try await MediaObject.query(on: app.db).count() == 1)
        }
    }

    @Test("nobody else hears a voice card, an owner included; bad uploads store nothing")
    func othersAndBadUploads() async throws {
        try await withApp { app in
            // given Ben's voice card, and Ann, the household's owner, unlocked
            let ann = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: ann)
            let bensDaily = try #require(try await app.journalDrawers(ben)["Daily"])
            let created = try await app.voiceCard(
                ben, parts: [("drawerId", bensDaily)], file: try await MediaFixtures.data("story.mp3"))
            #expect(created.status == .created, "\(created.body.string)")
            let card = try created.decoded(Components.Schemas.JournalCard.self)
            #expect(card.title == "Voice card")
            let mediaID = try #require(try await JournalCard.find(UUID(uuidString: card.id), on: app.db)?.mediaID)
            try await app.unlockJournal(ann)

            // then every way to the recording is 404 for her
            #expect(try await app.download("/api/journal/cards/\(card.id)/audio", token: ann.token).status == .notFound)
            #expect(try await app.download("/api/media/\(mediaID)/play", token: ann.token).status == .notFound)
            #expect(try await app.download("/api/media/\(mediaID)/original", token: ann.token).status == .notFound)
            #expect(try await app.download("/api/journal/cards/\(card.id)/audio", token: ben.token).status == .ok)
            // and she cannot put a recording in his drawer
            let intoBens = try await app.voiceCard(
                ann, parts: [("drawerId", bensDaily)], file: try await MediaFixtures.data("story.mp3"))
            #expect(intoBens.status == .notFound)

            // a picture is no recording, a missing drawer stores nothing, and a text card has no audio
            let photo = try await app.voiceCard(
                ben, parts: [("drawerId", bensDaily)], file: try await MediaFixtures.data("photo.jpg"))
            #expect(photo.status == .unsupportedMediaType, "\(photo.body.string)")
            let noDrawer = try await app.voiceCard(ben, parts: [], file: try await MediaFixtures.data("story.mp3"))
            #expect(noDrawer.status == .unprocessableEntity)
            #expect(try noDrawer.apiError.field == "drawerId")
            let noFile = try await app.voiceCard(ben, parts: [("drawerId", bensDaily)], file: nil)
            #expect(try noFile.apiError.field == "file")
            #expect(try await MediaObject.query(on: app.db).count() == 1)
            let text = try await app.writeCard(ben, drawer: bensDaily, text: "words only")
            #expect(try await app.download("/api/journal/cards/\(text)/audio", token: ben.token).status == .notFound)
        }
    }

    @Test("a voice card moves with its drawer's cards when the drawer is deleted, recording and all")
    func drawerDeletionMovesVoiceCards() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let drawers = try await app.journalDrawers(ann)
            let ideas = try #require(drawers["Ideas"])
            let daily = try #require(drawers["Daily"])
            let created = try await app.voiceCard(
                ann, parts: [("drawerId", ideas)], file: try await MediaFixtures.data("story.wav"))
            let card = try created.decoded(Components.Schemas.JournalCard.self)

            let deleted = try await app.api(.DELETE, "/api/journal/drawers/\(ideas)?moveTo=\(daily)", token: ann.token)
            #expect(deleted.status == .noContent, "\(deleted.body.string)")

            let moved = try await app.api(.GET, "/api/journal/cards/\(card.id)", token: ann.token)
            let body = try moved.decoded(Components.Schemas.JournalCard.self)
            #expect(body.drawerId == daily && body.durationSeconds == card.durationSeconds)
            #expect(body.waveform == card.waveform)
            #expect(try await app.download("/api/journal/cards/\(card.id)/audio", token: ann.token).status == .ok)
        }
    }
}

extension JournalVoiceTests {
    @Test("the web form uploads a voice card without JavaScript, and the card page plays it with its waveform")
    func webUpload() async throws {
        try await withApp { app in
            // given a signed-in member on the new-card page
            let ann = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": ann.email, "password": ann.password])
            let family = try #require(try await app.journalDrawers(ann)["Family"])
            let page = try await browser.get("/journal/cards/new")
            #expect(page.body.string.contains("action=\"/journal/cards/voice\""))
            #expect(page.body.string.contains("data-journal-recorder"))
            #expect(!page.body.string.contains("later version"))

            // when a picture is sent as the recording, the form comes back with the reason by the file field
            let fields = ["drawerId": family, "title": "Porch song", "day": "2026-07-04", "newTags": "songs, summer"]
            let photo = try await browser.postMultipart(
                "/journal/cards/voice", fields, file: ("porch.jpg", try await MediaFixtures.data("photo.jpg")))
            #expect(photo.status == .unprocessableEntity)
            #expect(photo.body.string.contains("Heirloom cannot use this kind of file"))
            #expect(photo.body.string.contains("value=\"Porch song\""))
            // and without the CSRF field nothing is stored
            let forged = try await browser.postMultipart(
                "/journal/cards/voice", fields, file: ("porch.ogg", try await MediaFixtures.data("story.ogg")),
                csrf: false)
            #expect(forged.status == .forbidden)
            #expect(try await MediaObject.query(on: app.db).count() == 0)

            // when a recording is sent
            let saved = try await browser.postMultipart(
                "/journal/cards/voice", fields, file: ("porch.ogg", try await MediaFixtures.data("story.ogg")))
            #expect(saved.status == .seeOther, "\(saved.body.string)")
            let location = try #require(saved.headers.first(name: .location))

            // then its page plays it, with the waveform and the duration
            let card = try await browser.get(location)
            let html = card.body.string
            #expect(html.contains("Porch song"))
            #expect(html.contains("src=\"/api/journal/cards/\(location.split(separator: "/").last ?? "")/audio\""))
            #expect(html.contains("data-v=\""))
            #expect(html.contains("<span data-duration>0:02</span>"))
            #expect(html.contains(">songs</span>") && html.contains(">summer</span>"))
            let confirm = try await browser.get("\(location)/delete")
            #expect(confirm.body.string.contains("its recording"))
        }
    }
}

extension WebSession {
    /// Posts a multipart form with one file, as a browser's plain upload form does.
    func postMultipart(
        _ path: String, _ fields: [String: String], file: (name: String, data: Data), csrf: Bool = true
    ) async throws -> TestingHTTPResponse {
        try await postParts(
            path,
            fields.map { Part.text($0.key, $0.value) }
                + [.file("file", fileName: file.name, contentType: "application/octet-stream", file.data)],
            csrf: csrf)
    }
}

extension Application {
    /// Posts a voice card as multipart: the text parts in order (before the file, or after it), then or first
    /// the recording as "file".
    func voiceCard(
        _ member: Member, parts: [(String, String)], file: Data?, fieldsFirst: Bool = true
    ) async throws -> TestingHTTPResponse {
        let boundary = "heirloom-voice-\(UUID().uuidString)"
        var fields = Data()
        for (name, value) in parts {
            fields += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        var recording = Data()
        if let file {
            recording += Data(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"voice\"\r\n"
                    + "Content-Type: application/octet-stream\r\n\r\n").utf8)
            recording += file + Data("\r\n".utf8)
        }
        let body = (fieldsFirst ? fields + recording : recording + fields) + Data("--\(boundary)--\r\n".utf8)
        var headers = HTTPHeaders()
        headers.bearerAuthorization = BearerAuthorization(token: member.token)
        headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
        return try await testing().sendRequest(
            .POST, "/api/journal/cards", headers: headers, body: ByteBuffer(data: body))
    }
}
