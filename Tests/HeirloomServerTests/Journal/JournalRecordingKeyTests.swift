import Fluent
import FluentSQL
import Foundation
import HeirloomAPI
import Testing
import VaporTesting

@testable import HeirloomServer

@Suite("A voice card's recording is held by a foreign key")
struct JournalRecordingKeyTests {
    @Test("the recording of a voice card cannot be deleted from under it; the card still plays")
    func recordingIsReferenced() async throws {
        try await withApp { app in
            // given a voice card
            let ann = try await app.setUpHub()
            let daily = try #require(try await app.journalDrawers(ann)["Daily"])
            let created = try await app.voiceCard(
                ann, parts: [("drawerId", daily)], file: try await MediaFixtures.data("story.m4a"))
            #expect(created.status == .created, "\(created.body.string)")
            let card = try created.decoded(Components.Schemas.JournalCard.self)
            let recording = try #require(try await MediaObject.query(on: app.db).first())

            // when something deletes its media object directly
            await #expect(throws: (any Error).self) { try await recording.delete(on: app.db) }

            // then the object is still there and the card still plays
            #expect(try await MediaObject.query(on: app.db).count() == 1)
            let audio = try await app.download("/api/journal/cards/\(card.id)/audio", token: ann.token)
            #expect(audio.status == .ok)
        }
    }

    @Test("the migration keeps a full journal: cards, tags and recordings stay; a dangling reference is cleared")
    func migrationOnAFullJournal() async throws {
        try await withApp { app in
            // given a journal with a tagged text card and a voice card, as it was before the key existed,
            // and one card whose recording has already gone
            let ann = try await app.setUpHub()
            let daily = try #require(try await app.journalDrawers(ann)["Daily"])
            let textCard = try await app.writeCard(ann, drawer: daily, text: "Rain all day", tags: ["weather"])
            let voice = try await app.voiceCard(
                ann, parts: [("drawerId", daily)], file: try await MediaFixtures.data("story.m4a"))
            let voiceID = try voice.decoded(Components.Schemas.JournalCard.self).id
            let lost = try await app.writeCard(ann, drawer: daily, text: "Its recording is gone")
            let migration = AddMediaForeignKeyToJournalCard()
            try await migration.revert(on: app.db)
            let sql = try app.db.sql()
            try await sql.update("journal_cards").set("media_id", to: UUID())
                .where("id", .equal, UUID(uuidString: lost)!).run()

            // when the migration runs on it
            try await migration.prepare(on: app.db)

            // then every card, tag and recording is still there, and the dangling reference is gone
            let cards = try await app.api(.GET, "/api/journal/cards", token: ann.token)
            #expect(cards.status == .ok)
            #expect(try await JournalCard.query(on: app.db).count() == 3)
            let tagged = try await app.api(.GET, "/api/journal/cards/\(textCard)", token: ann.token)
            #expect(try tagged.decoded(Components.Schemas.JournalCard.self).tags == ["weather"])
            let audio = try await app.download("/api/journal/cards/\(voiceID)/audio", token: ann.token)
            #expect(audio.status == .ok)
            let lostCard = try #require(try await JournalCard.find(UUID(uuidString: lost)!, on: app.db))
            #expect(lostCard.mediaID == nil)
            // and the key holds again
            let recording = try #require(try await MediaObject.query(on: app.db).first())
            await #expect(throws: (any Error).self) { try await recording.delete(on: app.db) }
            // and deleting a card still takes its tags' links with it
            #expect(try await app.api(.DELETE, "/api/journal/cards/\(textCard)", token: ann.token).status == .noContent)
            #expect(
                try await app.api(.GET, "/api/journal/tags", token: ann.token).decoded(
                    Components.Schemas.JournalTagList.self
                ).tags.map(\.name).isEmpty)
        }
    }

    @Test("removing a member takes their private recordings with their journal, files included, and nobody else's")
    func removedMembersRecordings() async throws {
        try await withApp { app in
            // given Ben's voice card and Ann's
            let ann = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: ann)
            for (member, file) in [(ann, "story.m4a"), (ben, "story.mp3")] {
                let daily = try #require(try await app.journalDrawers(member)["Daily"])
                let card = try await app.voiceCard(
                    member, parts: [("drawerId", daily)], file: try await MediaFixtures.data(file))
                #expect(card.status == .created)
            }
            let blobsBefore = try await app.hub.media.store.allBlobs().count

            // when Ann removes Ben
            #expect(try await app.api(.DELETE, "/api/members/\(ben.id)", token: ann.token).status == .noContent)

            // then Ben's recording and its files are gone, and Ann's still plays
            #expect(try await MediaObject.query(on: app.db).count() == 1)
            #expect(try await app.hub.media.store.allBlobs().count < blobsBefore)
            let cards = try await app.api(.GET, "/api/journal/cards", token: ann.token)
            let annsCard = try #require(
                try cards.decoded(Components.Schemas.JournalCardList.self).cards.map(\.id).first)
            #expect(try await app.download("/api/journal/cards/\(annsCard)/audio", token: ann.token).status == .ok)
        }
    }
}
