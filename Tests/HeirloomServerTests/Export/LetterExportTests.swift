import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Letters for later in the household export: whose archive holds how much of a sealed letter, and what its
/// offline page shows.
@Suite("Letter export")
struct LetterExportTests {
    static let canary = "Kestrel-canary-5512"

    @Test("A sealed letter is whole in its writer's export, marked sealed; another owner's holds no trace of its words")
    func sealedLetters() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given: a second owner's sealed letter with a recording
            let ann = try await app.setUpHub()
            let ben = try await app.addMember(role: "owner", by: ann)
            let birthday = Day(clock.now.addingTimeInterval(30 * 86_400), in: .current).text
            let letter = try await app.writeLetter(
                ben, day: birthday, subject: "Open me \(Self.canary)", text: "Dear Lily, \(Self.canary)")
            let recording = try await Self.addRecording(to: letter.id, app, ben.token)

            // when
            let bens = try await BinderExportTests.export(app, ben.token)
            let anns = try await BinderExportTests.export(app, ann.token)

            // then: the writer's holds it whole, marked sealed, with its recording
            let own = try ExportJSON.decoder().decode(ExportRecord.Letters.self, from: bens["letters.json"])
            let whole = try #require(own.letters.first)
            #expect(whole.sealed == true && whole.text.contains(Self.canary) && own.notices.isEmpty)
            #expect(try bens.names.filter { $0.hasPrefix("media/") }.map { try bens[$0] } == [recording])
            let page = try bens.text("letters.html")
            #expect(page.contains(Self.canary) && page.contains("Sealed until"))
            #expect(try bens.text("index.html").contains("href=\"letters.html\""))
            // and the other owner's only what the app tells her: from whom, for whom, when
            let others = try ExportJSON.decoder().decode(ExportRecord.Letters.self, from: anns["letters.json"])
            #expect(others.letters.isEmpty)
            #expect(
                others.notices == [
                    .init(
                        id: try #require(UUID(uuidString: letter.id)), from: "Ben Miller", to: ["Lily Hart"],
                        deliver: .init(on: birthday, afterPassing: false), sealed: true)
                ])
            #expect(try anns.text("letters.html").contains("Sealed until"))
            #expect(!anns.names.contains { $0.hasPrefix("media/") }, "not the sealed letter's recording")
            for name in anns.names {
                let bytes = try anns[name]
                #expect(bytes.range(of: Data(Self.canary.utf8)) == nil, "no canary in \(name)")
                #expect(bytes.range(of: Data("lily@example.com".utf8)) == nil, "no reader's address in \(name)")
            }
        }
    }

    @Test("Shared with the owners, another member's letter is whole in an owner's export; delivered, only its notice")
    func sharedAndDelivered() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let ann = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: ann)
            let later = Day(clock.now.addingTimeInterval(30 * 86_400), in: .current).text
            _ = try await app.writeLetter(ben, day: later, subject: "Shared", shared: true)
            _ = try await app.writeLetter(
                ben, day: Day(clock.now.addingTimeInterval(86_400), in: .current).text, subject: "Delivered")
            clock.advance(by: 2 * 86_400)
            try await app.runScheduler()

            // when
            let anns = try await BinderExportTests.export(app, ann.token)

            // then
            let letters = try ExportJSON.decoder().decode(ExportRecord.Letters.self, from: anns["letters.json"])
            #expect(letters.letters.map(\.subject) == ["Shared"])
            #expect(letters.letters.first?.sealed == true)
            #expect(letters.notices.count == 1 && letters.notices.first?.sealed == false)
            #expect(letters.notices.first?.deliveredAt != nil)
            #expect(try anns.text("letters.html").contains("Delivered on"))
            #expect(try !anns.text("letters.html").contains("Delivered</h3>"))
        }
    }

    /// Adds a recording to the letter; returns its bytes.
    static func addRecording(to id: String, _ app: Application, _ token: String) async throws -> Data {
        let bytes = try await MediaFixtures.data("story.m4a")
        let upload = try await app.multipart(
            "/api/letters/\(id)/recording", token: token, files: [("file", "story.m4a", bytes)])
        #expect(upload.status == .created, "\(upload.body.string)")
        return bytes
    }

    /// Expects the writer's letters to read as `before` and the first one's recording to download as `recording`.
    static func expectSame(_ app: Application, _ token: String, before: String, recording: Data) async throws {
        let after = try await app.api(.GET, "/api/letters", token: token)
        #expect(after.status == .ok && after.body.string == before)
        let letters = try after.decoded(Components.Schemas.LetterList.self).letters
        let url = try #require(letters.compactMap(\.recording).first).downloadUrl
        let download = try await app.download(url, token: token)
        #expect(download.status == .ok && Data(download.body.readableBytesView) == recording)
    }
}
