import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Typed copies of recordings")
struct TranscriptTests {
    @Test("a spoken story is typed out by the offline engine, with timed phrases, and its words find the item")
    func spokenStory() async throws {
        try await withApp { app in
            // given an item with a story told aloud
            let ann = try await app.setUpHub()
            let itemID = try await app.item(named: "The clock", by: ann)
            let story = try await app.tell(itemID, try await SpokenFixtures.wav(SpokenFixtures.story), by: ann)
            #expect(story.transcript?.state == .queued)

            // when the transcription jobs run
            #expect(try await app.transcriptJobs().runOnce() == 1)

            // then the story's transcript holds the words that matter, in phrases that follow the recording
            let item = try await app.api(.GET, "/api/items/\(itemID)", token: ann.token)
                .decoded(Components.Schemas.Item.self)
            let transcript = try #require(item.audioStories.first?.transcript)
            #expect(transcript.state == .done && transcript.engine == "offline" && !transcript.edited)
            let recall = SpokenFixtures.recall(SpokenFixtures.storyWords, in: transcript.text)
            #expect(recall >= 0.7, "heard: \(transcript.text)")
            #expect(!transcript.segments.isEmpty)
            #expect(zip(transcript.segments, transcript.segments.dropFirst()).allSatisfy { $0.start <= $1.start })
            #expect(transcript.segments.allSatisfy { $0.start <= $0.end && $0.end <= 8 })
            // and a word spoken in the story finds the item, as words of its name do
            let found = try await app.api(.GET, "/api/items?q=piano", token: ann.token)
                .decoded(Components.Schemas.ItemPage.self)
            #expect(found.items.map(\.id) == [itemID])
            #expect(found.items.first?.audioStories.first?.transcript?.state == .done)
        }
    }

    @Test("the same bytes kept in two places have a transcript each, typed out once; each goes with its recording")
    func sameBytesOnce() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let first = try await app.item(named: "The clock", by: ann)
            let second = try await app.item(named: "The chair", by: ann)
            let audio = try await SpokenFixtures.wav(SpokenFixtures.story)
            let one = try await app.tell(first, audio, by: ann)
            let two = try await app.tell(second, audio, by: ann)
            #expect(one.transcript?.id != two.transcript?.id)
            #expect(try await Transcript.query(on: app.db).count() == 2)
            #expect(try await app.transcriptJobs().runOnce() == 2)
            #expect(try await app.transcriptJobs().runOnce() == 0)
            let texts = try await Transcript.query(on: app.db).all().map(\.text)
            #expect(texts.count == 2 && texts[0] == texts[1])
            let found = try await app.api(.GET, "/api/items?q=piano", token: ann.token)
                .decoded(Components.Schemas.ItemPage.self)
            #expect(Set(found.items.map(\.id)) == [first, second])

            _ = try await app.api(.DELETE, "/api/items/\(first)/audio/\(one.id)", token: ann.token)
            #expect(try await Transcript.query(on: app.db).count() == 1)
            _ = try await app.api(.DELETE, "/api/items/\(second)/audio/\(two.id)", token: ann.token)
            #expect(try await Transcript.query(on: app.db).count() == 0)
            let after = try await app.api(.GET, "/api/items?q=piano", token: ann.token)
                .decoded(Components.Schemas.ItemPage.self)
            #expect(after.items.isEmpty)
        }
    }

    @Test("audio that is not speech gives an empty transcript, not an error")
    func notSpeech() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let itemID = try await app.item(named: "The music box", by: ann)
            _ = try await app.tell(itemID, try await MediaFixtures.data("story.wav"), by: ann)
            #expect(try await app.transcriptJobs().runOnce() == 1)
            let item = try await app.api(.GET, "/api/items/\(itemID)", token: ann.token)
                .decoded(Components.Schemas.Item.self)
            let transcript = try #require(item.audioStories.first?.transcript)
            #expect(transcript.state == .done && transcript.text.isEmpty && transcript.error == nil)
        }
    }

    @Test("editors correct a transcript and the machine's copy is kept; viewers get 403, another household 404")
    func corrections() async throws {
        var options = TestOptions()
        options.allowSignup = true
        try await withApp(options) { app in
            // given a story typed out
            let ann = try await app.setUpHub()
            let cara = try await app.addMember(
                role: "viewer", by: ann, name: "Cara Miller", email: "cara@example.com", password: "a third password")
            let itemID = try await app.item(named: "The clock", by: ann)
            let story = try await app.tell(itemID, try await SpokenFixtures.wav(SpokenFixtures.story), by: ann)
            try await app.transcriptJobs().runOnce()
            let id = try #require(story.transcript?.id)
            let machine = try await app.api(.GET, "/api/transcripts/\(id)", token: ann.token)
                .decoded(Components.Schemas.Transcript.self)

            // when a viewer tries to correct it, then it is refused and nothing changes
            let refused = try await app.api(
                .PATCH, "/api/transcripts/\(id)", token: cara.token, json: ["text": "Nothing about a harpsichord"])
            #expect(refused.status == .forbidden)
            #expect(try await app.api(.GET, "/api/transcripts/\(id)", token: cara.token).status == .ok)
            #expect(try await app.api(.POST, "/api/transcripts/\(id)/retry", token: cara.token).status == .forbidden)

            // and another household does not even see it
            let zoe = try await app.registerOtherHousehold()
            #expect(try await app.api(.GET, "/api/transcripts/\(id)", token: zoe).status == .notFound)
            let foreign = try await app.api(
                .PATCH, "/api/transcripts/\(id)", token: zoe, json: ["text": "Mine now"])
            #expect(foreign.status == .notFound)

            // when the owner corrects it
            let corrected = try await app.api(
                .PATCH, "/api/transcripts/\(id)", token: ann.token,
                json: ["text": "My mother played the harpsichord every Sunday morning."])
            #expect(corrected.status == .ok, "\(corrected.body.string)")
            let saved = try corrected.decoded(Components.Schemas.Transcript.self)

            // then the correction is what people read and search, with who and when; the machine's copy stays
            #expect(saved.edited && saved.editedBy == "Ann Miller" && saved.editedAt != nil)
            #expect(saved.text == "My mother played the harpsichord every Sunday morning.")
            #expect(saved.machineText == machine.text && saved.segments == machine.segments)
            let found = try await app.api(.GET, "/api/items?q=harpsichord", token: ann.token)
                .decoded(Components.Schemas.ItemPage.self)
            #expect(found.items.map(\.id) == [itemID])
            // bad input changes nothing
            let tooLong = try await app.api(
                .PATCH, "/api/transcripts/\(id)", token: ann.token,
                json: ["text": String(repeating: "a", count: 200_001)])
            #expect(tooLong.status.code >= 400 && tooLong.status.code < 500)
            #expect(
                try await app.api(.PATCH, "/api/transcripts/not-an-id", token: ann.token, json: ["text": "x"]).status
                    == .notFound)
        }
    }

    @Test("a server that stopped mid-job leaves the work to the next, which types it out; a live claim is left alone")
    func restartResumes() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let ann = try await app.setUpHub()
            let itemID = try await app.item(named: "The clock", by: ann)
            let story = try await app.tell(itemID, try await SpokenFixtures.wav(SpokenFixtures.story), by: ann)
            let id = try #require(story.transcript.flatMap { UUID(uuidString: $0.id) })
            // given a transcript claimed by a server a minute ago: it is still at work, so it is left alone
            let transcript = try #require(try await Transcript.find(id, on: app.db))
            transcript.state = .working
            transcript.attempts = 1
            transcript.claimedAt = Transcript.wholeSecond(clock.now.addingTimeInterval(-60))
            try await transcript.save(on: app.db)
            #expect(try await app.transcriptJobs().runOnce() == 0)

            // when that server's claim runs out (it stopped), then the next pass types it out
            clock.advance(by: TranscriptJobs.lease)
            #expect(try await app.transcriptJobs().runOnce() == 1)
            let done = try #require(try await Transcript.find(id, on: app.db))
            #expect(done.state == .done && done.attempts == 2)
        }
    }

    @Test("a correction saved while the engine listens is kept: search finds its words, not the machine's")
    func correctionDuringTheJob() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let itemID = try await app.item(named: "The clock", by: ann)
            let story = try await app.tell(itemID, try await SpokenFixtures.wav(SpokenFixtures.story), by: ann)
            let id = try #require(story.transcript.flatMap { UUID(uuidString: $0.id) })
            // given the engine at work on the recording, as it was when the job claimed it
            let claimed = try #require(try await Transcript.find(id, on: app.db))
            claimed.state = .working
            try await claimed.save(on: app.db)

            // when Ann corrects the words before the engine is done, and then the engine's words arrive
            let corrected = try await app.api(
                .PATCH, "/api/transcripts/\(id)", token: ann.token,
                json: ["text": "My mother played the harpsichord every Sunday."])
            #expect(corrected.status == .ok, "\(corrected.body.string)")
            let heard = SpeechResult(text: "my mother played the piano", segments: [])
            try await TranscriptService.saveMachineCopy(heard, engine: "offline", of: claimed, on: app.db)

            // then people read and search her words; the machine's are kept beside them
            let transcript = try await app.api(.GET, "/api/transcripts/\(id)", token: ann.token)
                .decoded(Components.Schemas.Transcript.self)
            #expect(transcript.state == .done && transcript.edited)
            #expect(transcript.text.contains("harpsichord") && transcript.machineText == "my mother played the piano")
            let found = try await app.api(.GET, "/api/items?q=harpsichord", token: ann.token)
            #expect(try found.decoded(Components.Schemas.ItemPage.self).items.map(\.id) == [itemID])
        }
    }

    @Test("an engine that fails is tried again with backoff, then the transcript fails with why; retry queues it")
    func failuresAndRetry() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let ann = try await app.setUpHub()
            let itemID = try await app.item(named: "The clock", by: ann)
            let story = try await app.tell(itemID, try await MediaFixtures.data("story.wav"), by: ann)
            let id = try #require(story.transcript?.id)
            var jobs = app.transcriptJobs()
            jobs = TranscriptJobs(
                db: jobs.db, store: jobs.store, engine: FailingEngine(), clock: jobs.clock, logger: jobs.logger)
            for attempt in 1...TranscriptJobRules.maximumAttempts {
                #expect(try await jobs.runOnce() == (attempt == TranscriptJobRules.maximumAttempts ? 1 : 0))
                // nothing more until the wait is over
                #expect(try await jobs.runOnce() == 0)
                clock.advance(by: TranscriptJobRules.retryDelay(afterAttempt: attempt))
            }
            let failed = try await app.api(.GET, "/api/transcripts/\(id)", token: ann.token)
                .decoded(Components.Schemas.Transcript.self)
            #expect(failed.state == .failed && failed.error == "The speech-to-text server could not be reached.")

            let retried = try await app.api(.POST, "/api/transcripts/\(id)/retry", token: ann.token)
            #expect(retried.status == .accepted)
            #expect(try retried.decoded(Components.Schemas.Transcript.self).state == .queued)
            #expect(try await app.transcriptJobs().runOnce() == 1)
        }
    }

    @Test("with HEIRLOOM_STT_PROVIDER=off recordings are marked off, and retry says why")
    func off() async throws {
        var options = TestOptions()
        options.extraEnvironment["HEIRLOOM_STT_PROVIDER"] = "off"
        try await withApp(options) { app in
            let ann = try await app.setUpHub()
            let itemID = try await app.item(named: "The clock", by: ann)
            let story = try await app.tell(itemID, try await MediaFixtures.data("story.wav"), by: ann)
            try await app.transcriptJobs().runOnce()
            let id = try #require(story.transcript?.id)
            let off = try await app.api(.GET, "/api/transcripts/\(id)", token: ann.token)
                .decoded(Components.Schemas.Transcript.self)
            #expect(off.state == .off)
            let retried = try await app.api(.POST, "/api/transcripts/\(id)/retry", token: ann.token)
            #expect(retried.status == .conflict)

            // and once the hub has an engine, they are typed out
            let base = app.transcriptJobs()
            let engine = CountingEngine()
            let jobs = TranscriptJobs(
                db: base.db, store: base.store, engine: engine, clock: base.clock, logger: base.logger)
            #expect(try await jobs.runOnce() == 1 && engine.calls == 1)
        }
    }
}

/// An engine whose server cannot be reached.
struct FailingEngine: SpeechEngine {
    var name: String { "failing" }
    func transcribe(_ file: URL, duration: Double?) async throws -> SpeechResult { throw AppError.ai(.unreachable) }
}

extension Application {
    /// Makes an item and returns its id.
    func item(named name: String, by member: Member) async throws -> String {
        let response = try await api(.POST, "/api/items", token: member.token, json: ["name": name])
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decoded(Components.Schemas.Item.self).id
    }

    /// Records a story for the item and returns it.
    func tell(_ itemID: String, _ audio: Data, by member: Member) async throws -> Components.Schemas.AudioStory {
        let response = try await multipart(
            "/api/items/\(itemID)/audio", token: member.token, files: [("file", "story.wav", audio)],
            fields: ["title": "A story"])
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decoded(Components.Schemas.AudioStory.self)
    }
}
