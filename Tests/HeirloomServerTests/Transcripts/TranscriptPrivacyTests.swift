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

@Suite("Transcripts of films, and of several servers")
struct TranscriptJobTests {
    @Test("the sound of a video memory is typed out, and its words find it")
    func videoMemory() async throws {
        try await withApp { app in
            // given a film whose sound is a spoken story
            let wav = MediaFixtures.directory.appendingPathComponent("film-\(UUID()).wav")
            try await SpokenFixtures.wav(SpokenFixtures.story).write(to: wav)
            let film = MediaFixtures.directory.appendingPathComponent("film-\(UUID()).mp4")
            let made = try await ExternalTool.run(
                "ffmpeg",
                [
                    "-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10", "-i", wav.path, "-shortest",
                    "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", film.path,
                ], timeout: 120)
            #expect(made.status == 0, "\(made.errorOutput)")
            let ann = try await app.setUpHub()
            let created = try await app.multipart(
                "/api/memories", token: ann.token, files: [("file", "film.mp4", try Data(contentsOf: film))],
                fields: ["type": "video", "title": "Sunday"])
            #expect(created.status == .created, "\(created.body.string)")

            // when the jobs run, then its transcript holds the story's words, and they find the memory
            #expect(try await app.transcriptJobs().runOnce() == 1)
            let found = try await app.api(.GET, "/api/memories?q=piano", token: ann.token)
                .decoded(Components.Schemas.MemoryPage.self)
            let transcript = try #require(found.memories.first?.media.first?.transcript)
            #expect(SpokenFixtures.recall(SpokenFixtures.storyWords, in: transcript.text) >= 0.7, "\(transcript.text)")
        }
    }

    @Test("two servers working at once type out each recording once")
    func twoServers() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            for (name, frequency) in [("One", 300), ("Two", 450), ("Three", 600)] {
                let itemID = try await app.item(named: name, by: ann)
                // different bytes each: a tone of its own
                let tone = MediaFixtures.directory.appendingPathComponent("tone-\(UUID()).wav")
                let made = try await ExternalTool.run(
                    "ffmpeg",
                    [
                        "-v", "error", "-f", "lavfi", "-i",
                        "sine=frequency=\(frequency):duration=1", tone.path,
                    ])
                #expect(made.status == 0)
                _ = try await app.tell(itemID, try Data(contentsOf: tone), by: ann)
            }
            let engine = CountingEngine()
            let base = app.transcriptJobs()
            let one = TranscriptJobs(
                db: base.db, store: base.store, engine: engine, clock: base.clock, logger: base.logger, concurrency: 2)
            async let first = one.runOnce()
            async let second = one.runOnce()
            let finished = try await first + second
            #expect(finished == 3)
            #expect(engine.calls == 3)
            #expect(try await Transcript.query(on: app.db).filter(\.$state == .done).count() == 3)
        }
    }
}

/// An engine that counts the recordings it hears, each heard for a moment.
final class CountingEngine: SpeechEngine, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var name: String { "counting" }
    var calls: Int { lock.withLock { count } }

    func transcribe(_ file: URL, duration: Double?) async throws -> SpeechResult {
        lock.withLock { count += 1 }
        try await Task.sleep(for: .milliseconds(200))
        return SpeechResult(text: "", segments: [])
    }
}
