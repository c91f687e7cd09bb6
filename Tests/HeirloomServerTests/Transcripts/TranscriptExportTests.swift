import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Transcripts in the household export")
struct TranscriptExportTests {
    @Test("a corrected transcript comes back from an export with its machine copy, and its words find the item")
    func roundTrip() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        var before: Components.Schemas.Item?
        try await withApp { app in
            // given a story typed out and corrected, exported
            let ann = try await app.setUpHub()
            let itemID = try await app.item(named: "The clock", by: ann)
            let story = try await app.tell(itemID, try await SpokenFixtures.wav(SpokenFixtures.story), by: ann)
            try await app.transcriptJobs().runOnce()
            let corrected = try await app.api(
                .PATCH, "/api/transcripts/\(try #require(story.transcript?.id))", token: ann.token,
                json: ["text": "My mother played the harpsichord."])
            #expect(corrected.status == .ok)
            before = try await app.api(.GET, "/api/items/\(itemID)", token: ann.token)
                .decoded(Components.Schemas.Item.self)
            let export = try await app.download("/api/export", token: ann.token)
            try Data(export.body.readableBytesView).write(to: file)
        }
        let exported = try #require(before)

        try await withApp { app in
            // when it is imported into a fresh hub
            try await app.runCommand(ImportCommand(), ["heirloom", file.path])
            let owner = try await app.signInAfterImport(email: "ann@example.com")

            // then the story's transcript is as it was, and the corrected word finds the item
            let item = try await app.api(.GET, "/api/items/\(exported.id)", token: owner)
                .decoded(Components.Schemas.Item.self)
            let transcript = try #require(item.audioStories.first?.transcript)
            #expect(transcript == exported.audioStories.first?.transcript)
            #expect(transcript.edited && transcript.text == "My mother played the harpsichord.")
            #expect(transcript.machineText?.lowercased().contains("piano") == true)
            let found = try await app.api(.GET, "/api/items?q=harpsichord", token: owner)
                .decoded(Components.Schemas.ItemPage.self)
            #expect(found.items.map(\.id) == [exported.id])
            #expect(try await app.transcriptJobs().runOnce() == 0)
        }
    }
}
