import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The typed copies a household export carries beside each recording, for people and players.
@Suite("Transcripts as files in the household export")
struct TranscriptArchiveTests {
    @Test("a typed-out story has its text, WebVTT captions and an AAC copy beside it; the offline page shows the text")
    func textAndCaptions() async throws {
        try await withApp { app in
            // given a story typed out and corrected
            let ann = try await app.setUpHub()
            let itemID = try await app.item(named: "The clock", by: ann)
            let story = try await app.tell(itemID, try await SpokenFixtures.wav(SpokenFixtures.story), by: ann)
            try await app.transcriptJobs().runOnce()
            let corrected = try await app.api(
                .PATCH, "/api/transcripts/\(try #require(story.transcript?.id))", token: ann.token,
                json: ["text": "My mother played the harpsichord every Sunday morning. The clock came from Boston."])
            #expect(corrected.status == .ok)

            // when the household is exported
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).zip")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(try await app.download("/api/export", token: ann.token).body.readableBytesView).write(to: file)
            let parts = try ExportParts(file)

            // then the recording has its .txt and .vtt beside it, with the corrected words
            let recording = try #require(parts.names.first { $0.hasPrefix("media/") && $0.hasSuffix(".wav") })
            let base = recording.dropLast(4)
            let text = String(decoding: try #require(parts.files["\(base).txt"]), as: UTF8.self)
            #expect(text == "My mother played the harpsichord every Sunday morning. The clock came from Boston.\n")
            let captions = String(decoding: try #require(parts.files["\(base).vtt"]), as: UTF8.self)
            #expect(captions.hasPrefix("WEBVTT\n\n1\n"), "\(captions)")
            #expect(captions.contains("harpsichord") && captions.contains("Boston."), "\(captions)")
            let times = captions.split(separator: "\n").filter { $0.contains(" --> ") }.map {
                $0.components(separatedBy: " --> ")
            }
            #expect(!times.isEmpty)
            let pattern = /^\d{2}:\d{2}:\d{2}\.\d{3}$/
            for pair in times { #expect(pair.allSatisfy { $0.wholeMatch(of: pattern) != nil }, "\(pair)") }
            let starts = times.map { $0[0] }
            #expect(starts == starts.sorted(), "\(starts)")
            #expect(times.allSatisfy { $0[0] < $0[1] })

            // and the offline page shows the text under the player, with the captions as its track
            let page = String(decoding: try #require(parts.files["index.html"]), as: UTF8.self)
            #expect(page.contains("My mother played the harpsichord every Sunday morning."))
            #expect(page.contains("<track kind=\"captions\" src=\"\(base).vtt\""), "\(page)")
            #expect(page.contains("<a href=\"\(base).txt\">"))

            // and the WAV has a copy that every player plays (AAC) beside it, offered first
            let copy = try #require(parts.files["\(base).playable.m4a"], "\(parts.names)")
            #expect(String(decoding: copy.dropFirst(4).prefix(4), as: UTF8.self) == "ftyp")
            #expect(
                page.contains(
                    "<source src=\"\(base).playable.m4a\" type=\"audio/mp4\"><source src=\"\(recording)\">"),
                "\(page)")
            // (TranscriptExportTests imports such an archive: the typed copies are passed over, media.json brings
            // the transcript back.)
        }
    }

    @Test("a journal's transcripts, locked or not, never leave in the household export")
    func journalStaysOut() async throws {
        try await withApp { app in
            // given a story on an item, and a voice card in the Private drawer whose typed copy holds a canary word
            let ann = try await app.setUpHub()
            let itemID = try await app.item(named: "The clock", by: ann)
            _ = try await app.tell(itemID, try await SpokenFixtures.wav(SpokenFixtures.story), by: ann)
            let privateID = try #require(try await app.journalDrawers(ann)["Private"])
            try await app.unlockJournal(ann)
            let created = try await app.voiceCard(
                ann, parts: [("drawerId", privateID), ("title", "A card")],
                file: try await SpokenFixtures.wav("The garden gate was painted green in spring."))
            #expect(created.status == .created, "\(created.body.string)")
            let card = try created.decoded(Components.Schemas.JournalCard.self)
            try await app.transcriptJobs().runOnce()
            let canary = "Quetzalcanary"
            let patched = try await app.api(
                .PATCH, "/api/transcripts/\(try #require(card.transcript?.id))", token: ann.token,
                json: ["text": "The \(canary) gate was painted green."])
            #expect(patched.status == .ok, "\(patched.body.string)")

            for locked in [false, true] {
                if locked {
                    #expect(try await app.api(.POST, "/api/journal/lock", token: ann.token).status == .noContent)
                }
                // when the household is exported
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).zip")
                defer { try? FileManager.default.removeItem(at: file) }
                try Data(try await app.download("/api/export", token: ann.token).body.readableBytesView)
                    .write(to: file)
                let parts = try ExportParts(file)

                // then no file of it holds the card's words, while the item's story has its typed copy
                for (name, data) in parts.files {
                    #expect(
                        !String(decoding: data, as: UTF8.self).lowercased().contains(canary.lowercased()), "\(name)")
                }
                #expect(parts.names.filter { $0.hasSuffix(".vtt") }.count == 1, "\(parts.names)")
            }
        }
    }
}
