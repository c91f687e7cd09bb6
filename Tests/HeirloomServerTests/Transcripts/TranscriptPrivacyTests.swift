import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Transcripts of memories and journal cards")
struct TranscriptPrivacyTests {

    @Test("a voice memory's words find it among the memories")
    func voiceMemory() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let created = try await app.multipart(
                "/api/memories", token: ann.token,
                files: [("file", "voice.wav", try await SpokenFixtures.wav(SpokenFixtures.story))],
                fields: ["type": "voice", "title": "Sundays"])
            #expect(created.status == .created, "\(created.body.string)")
            let memory = try created.decoded(Components.Schemas.Memory.self)
            #expect(memory.media.first?.transcript?.state == .queued)
            try await app.transcriptJobs().runOnce()

            let found = try await app.api(.GET, "/api/memories?q=piano", token: ann.token)
                .decoded(Components.Schemas.MemoryPage.self)
            #expect(found.memories.map(\.id) == [memory.id])
            let transcript = try #require(found.memories.first?.media.first?.transcript)
            #expect(transcript.state == .done)
            #expect(SpokenFixtures.recall(SpokenFixtures.storyWords, in: transcript.text) >= 0.7, "\(transcript.text)")
        }
    }

    @Test("a locked drawer's transcripts follow its cards: never in search or lists, nor readable, until unlocked")
    func lockedDrawer() async throws {
        try await withApp { app in
            // given a voice card in the Private drawer whose recording (and so only its transcript) says "piano"
            let ann = try await app.setUpHub()
            let privateID = try #require(try await app.journalDrawers(ann)["Private"])
            try await app.unlockJournal(ann)
            let created = try await app.voiceCard(
                ann, parts: [("drawerId", privateID), ("title", "A card")],
                file: try await SpokenFixtures.wav(SpokenFixtures.story))
            #expect(created.status == .created, "\(created.body.string)")
            let card = try created.decoded(Components.Schemas.JournalCard.self)
            let transcriptID = try #require(card.transcript?.id)
            try await app.transcriptJobs().runOnce()
            let open = try await app.api(.GET, "/api/journal/cards?q=piano", token: ann.token)
            #expect(try open.cards.count == 1, "\(open.body.string)")
            #expect(open.body.string.contains("transcript"))

            // when the journal is locked
            #expect(try await app.api(.POST, "/api/journal/lock", token: ann.token).status == .noContent)

            // then search, the lists and the transcript's own address say nothing of it
            for path in [
                "/api/journal/cards?q=piano", "/api/journal/cards", "/api/journal/cards?drawerId=\(privateID)",
                "/api/journal/cards/\(card.id)", "/api/items?q=piano", "/api/memories?q=piano",
            ] {
                let response = try await app.api(.GET, path, token: ann.token)
                #expect(!response.body.string.lowercased().contains("piano"), "\(path): \(response.body.string)")
                #expect(!response.body.string.contains(transcriptID), "\(path)")
            }
            #expect(try await app.api(.GET, "/api/journal/cards?q=piano", token: ann.token).cards.isEmpty)
            #expect(try await app.api(.GET, "/api/transcripts/\(transcriptID)", token: ann.token).status == .notFound)
            let patched = try await app.api(
                .PATCH, "/api/transcripts/\(transcriptID)", token: ann.token, json: ["text": "changed"])
            #expect(patched.status == .notFound)

            // and when it is unlocked again, the card is found by its spoken words
            try await app.unlockJournal(ann)
            #expect(try await app.api(.GET, "/api/journal/cards?q=piano", token: ann.token).cards.count == 1)
        }
    }
}
