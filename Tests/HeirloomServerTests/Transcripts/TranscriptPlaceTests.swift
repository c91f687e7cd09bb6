import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A transcript belongs to its recording in its place: a correction changes only the story, memory or card it was
/// made on, by someone who may change that one.
@Suite("Transcripts: each recording's own")
struct TranscriptPlaceTests {
    @Test("a viewer's copy of an item's story, kept as their own journal card, is theirs to correct; the story is not")
    func viewersCopyIsTheirs() async throws {
        try await withApp { app in
            // given an item's story, typed out, and Vic, a viewer, who keeps the same recording as a journal card
            let ann = try await app.setUpHub()
            let vic = try await app.addMember(role: "viewer", by: ann, name: "Vic Miller", email: "vic@example.com")
            let clock = try await app.item(named: "The clock", by: ann)
            let audio = try await SpokenFixtures.wav(SpokenFixtures.story)
            let story = try await app.tell(clock, audio, by: ann)
            let daily = try #require(try await app.journalDrawers(vic)["Daily"])
            let card = try await app.voiceCard(
                vic, parts: [("drawerId", daily), ("title", "Mum's story")], file: audio)
            #expect(card.status == .created, "\(card.body.string)")
            let cardTranscript = try #require(try card.decoded(Components.Schemas.JournalCard.self).transcript?.id)
            let storyTranscript = try #require(story.transcript?.id)
            #expect(cardTranscript != storyTranscript)
            try await app.transcriptJobs().runOnce()

            // when Vic corrects their card's transcript
            let corrected = try await app.api(
                .PATCH, "/api/transcripts/\(cardTranscript)", token: vic.token,
                json: ["text": "everyone on you tube and hot yoga"])
            #expect(corrected.status == .ok, "\(corrected.body.string)")

            // then their card reads it, and the item's story is as the machine typed it, for everyone
            let item = try await app.api(.GET, "/api/items/\(clock)", token: ann.token)
                .decoded(Components.Schemas.Item.self)
            let told = try #require(item.audioStories.first?.transcript)
            #expect(!told.edited)
            #expect(!told.text.contains("hot yoga"))
            #expect(
                try await app.api(.GET, "/api/transcripts/\(storyTranscript)", token: vic.token)
                    .decoded(Components.Schemas.Transcript.self).edited == false)

            // and Vic may not correct the story itself, nor Ann read Vic's card's words
            let refused = try await app.api(
                .PATCH, "/api/transcripts/\(storyTranscript)", token: vic.token, json: ["text": "hot yoga"])
            #expect(refused.status == .forbidden)
            #expect(try await app.api(.GET, "/api/transcripts/\(cardTranscript)", token: ann.token).status == .notFound)
        }
    }

    @Test("transcripts kept once per bytes before get one per recording, their correction with each")
    func migration() async throws {
        try await withApp { app in
            // given two stories of the same bytes, and their transcripts as the earlier version kept them: one row
            let ann = try await app.setUpHub()
            let audio = try await SpokenFixtures.wav(SpokenFixtures.story)
            let one = try await app.tell(try await app.item(named: "The clock", by: ann), audio, by: ann)
            let two = try await app.tell(try await app.item(named: "The piano", by: ann), audio, by: ann)
            try await app.transcriptJobs().runOnce()
            // (one row for the bytes, attached to no recording; the schema's own revert is not used: SQLite's
            // DROP COLUMN after the table's rebuild now and then left the column behind)
            let sql = try app.db.sql()
            try await sql.raw(
                """
                DELETE FROM transcripts WHERE id NOT IN \
                (SELECT id FROM transcripts ORDER BY created_at, id LIMIT 1)
                """
            ).run()
            try await sql.raw("UPDATE transcripts SET media_object_id = NULL").run()
            #expect(try await app.db.sql().raw("SELECT id FROM transcripts").all().count == 1)
            try await app.db.sql().raw("UPDATE transcripts SET edited_text = 'Told by Ann'").run()

            // when the hub is brought up to date
            try await AttachTranscriptsToRecordings.attach(sql)

            // then each story has its transcript, with the family's correction, and a third copy is refused
            let rows = try await Transcript.query(on: app.db).all()
            #expect(Set(rows.compactMap { $0.$recording.id?.text }).count == 2)
            #expect(rows.allSatisfy { $0.editedText == "Told by Ann" })
            let stories = try await ItemAudio.query(on: app.db).all().map(\.$media.id)
            #expect(Set(rows.compactMap(\.$recording.id)) == Set(stories))
            #expect(one.id != two.id)
            await #expect(throws: (any Error).self) {
                try await app.db.sql().raw(
                    """
                    INSERT INTO transcripts (id, household_id, media_object_id, sha256, state, text, segments, \
                    search_text, attempts, next_attempt_at, created_at) SELECT \(bind: UUID()), household_id, \
                    media_object_id, sha256, state, text, segments, search_text, attempts, next_attempt_at, created_at \
                    FROM transcripts LIMIT 1
                    """
                ).run()
            }
        }
    }
}
