import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The computer's words say so until a person corrects them, and the correction is what everyone reads.
@Suite("Typed copies as readers see them: the computer's note, and the correction everywhere")
struct TranscriptReadersTests {
    @Test("the heir's page shows a story's words with the computer's note, then the correction without it")
    func heirsPage() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a brooch left to Sam now, with a recorded story the engine typed out
            let fixture = try await RecipientFixture.make(app, clock: clock)
            let owner = fixture.owner
            let wav = try await SpokenFixtures.wav(SpokenFixtures.story)
            let story = try await app.sendParts(
                "/api/items/\(fixture.now.id)/audio", token: owner.token,
                parts: [
                    .text("title", "How it came to us"),
                    .file("file", fileName: "story.wav", contentType: "audio/wav", wav),
                ])
            #expect(story.status == .created, "\(story.body.string)")
            try await app.transcriptJobs().runOnce()
            let transcript = try #require(try await Transcript.query(on: app.db).first())
            #expect(transcript.state == .done && !transcript.text.isEmpty)
            _ = try await app.recipientSession(fixture.sam.id, email: "sam@example.com", owner: owner)
            let sam = WebSession(app: app)
            _ = try await sam.get("/r/\(try await app.linkToken(for: "sam@example.com"))")

            // then Sam reads the computer's words, said to be the computer's
            let before = try await sam.get("/r").body.string
            #expect(before.contains(TranscriptNote.machine), "\(before)")
            #expect(before.contains("data-story-typed"))

            // when Ann corrects a word in place
            let corrected = try await app.api(
                .PATCH, "/api/transcripts/\(try transcript.requireID())", token: owner.token,
                json: ["text": "My mother played the harmonium every Sunday morning."])
            #expect(corrected.status == .ok, "\(corrected.body.string)")

            // then Sam's page shows the correction, and the note is gone
            let after = try await sam.get("/r").body.string
            #expect(after.contains("My mother played the harmonium every Sunday morning."), "\(after)")
            #expect(!after.contains(TranscriptNote.machine))
        }
    }

    @Test("the storyteller's page shows an answer's words with the note and a correction form prefilled with them")
    func storytellerPage() async throws {
        try await withApp { app in
            // given Mum's spoken answer, typed out by the engine
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            let session = try await app.answerSession(mum.id, owner: owner)
            let wav = try await SpokenFixtures.wav(SpokenFixtures.story)
            let answered = try await app.sendParts(
                "/api/answer", token: session,
                parts: [.file("audio", fileName: "answer.wav", contentType: "audio/wav", wav)])
            #expect(answered.status == .created, "\(answered.body.string)")
            try await app.transcriptJobs().runOnce()
            let transcript = try #require(try await Transcript.query(on: app.db).first())
            let ann = WebSession(app: app)
            _ = try await ann.post("/login", ["email": owner.email, "password": owner.password])

            // then the page says the computer typed it, and offers its words to correct in place
            let page = try await ann.get("/storytellers/\(mum.id)").body.string
            #expect(page.contains(TranscriptNote.machine), "\(page)")
            let id = try transcript.requireID().text
            #expect(page.contains("id=\"transcript-text-\(id)\""))
            #expect(page.contains(">\(transcript.text.prefix(20))"), "the text area holds the engine's words")

            // when Ann saves her correction from that page
            let saved = try await ann.post(
                "/transcripts/\(id)", ["text": "We kept hens behind the bakery.", "back": "/storytellers/\(mum.id)"])
            #expect(saved.status == .seeOther, "\(saved.body.string)")

            // then the page shows her words, without the note, and the engine's copy is kept
            let after = try await ann.get("/storytellers/\(mum.id)").body.string
            #expect(after.contains("We kept hens behind the bakery."))
            #expect(!after.contains(TranscriptNote.machine))
            let kept = try #require(try await Transcript.find(transcript.requireID(), on: app.db))
            #expect(kept.text == transcript.text && kept.editedText == "We kept hens behind the bakery.")
        }
    }
}
