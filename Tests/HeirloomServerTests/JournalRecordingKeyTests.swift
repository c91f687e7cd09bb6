import Fluent
import Foundation
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
            let card = try created.content.decode(CardBody.self)
            let recording = try #require(try await MediaObject.query(on: app.db).first())

            // when something deletes its media object directly
            await #expect(throws: (any Error).self) { try await recording.delete(on: app.db) }

            // then the object is still there and the card still plays
            #expect(try await MediaObject.query(on: app.db).count() == 1)
            let audio = try await app.download("/api/journal/cards/\(card.id)/audio", token: ann.token)
            #expect(audio.status == .ok)
        }
    }
}
