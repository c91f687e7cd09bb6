import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// `heirloom import` of an export with letters for later: they read the same, a delivered one is not sent again
/// and a sealed one still goes on its day; an archive without letters.json imports as before.
@Suite("Letter import")
struct LetterImportTests {
    @Test("Exported and imported into a fresh hub, the writer's letters read the same and go on their day only once")
    func roundTrip() async throws {
        let clock = TestClock()
        var file: URL?
        var before = ""
        var recording = Data()
        var writer: Member?
        try await withApp(clock: clock) { app in
            // given: a letter delivered to Tom, and a sealed one for Lily with a recording
            let ann = try await app.setUpHub()
            writer = ann
            let lily = Day(clock.now.addingTimeInterval(3 * 86_400), in: .current).text
            let letter = try await app.writeLetter(ann, day: lily, text: "Dear Lily,\n\nTwo paragraphs.")
            recording = try await LetterExportTests.addRecording(to: letter.id, app, ann.token)
            _ = try await app.writeLetter(
                ann, day: Day(clock.now.addingTimeInterval(86_400), in: .current).text,
                to: [["name": "Tom Hart", "email": "tom@example.com"]], subject: "For Tom")
            clock.advance(by: 86_400 + 3_600)
            try await app.runScheduler()
            #expect(try await app.letterMails(to: "tom@example.com", owner: ann).count == 1)
            before = try await app.api(.GET, "/api/letters", token: ann.token).body.string
            file = try await app.exportToFile(ann.token)
        }
        let export = try #require(file)
        defer { try? FileManager.default.removeItem(at: export) }

        try await withApp(clock: clock) { app in
            // when
            try await app.runCommand(ImportCommand(), ["heirloom", export.path])

            // then
            var ann = try #require(writer)
            ann.token = try await app.signInAfterImport(email: ann.email)
            try await LetterExportTests.expectSame(app, ann.token, before: before, recording: recording)
            clock.advance(by: 3 * 86_400)
            try await app.runScheduler()
            #expect(try await app.letterMails(to: "lily@example.com", owner: ann).count == 1)
            #expect(try await app.letterMails(to: "tom@example.com", owner: ann).isEmpty, "not sent again")
        }
    }

    @Test("A member's reported passing comes back, so their letters after it still wait for its end")
    func passings() async throws {
        let clock = TestClock()
        var file: URL?
        var before: [String] = []
        try await withApp(clock: clock) { app in
            // given: a member whose passing was reported for their letters
            let ann = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: ann)
            let passing = MemberPassing()
            passing.$household.id = try #require(UUID(uuidString: ann.householdID))
            passing.$user.id = try #require(UUID(uuidString: ben.id))
            var status = EstateStatus()
            try status.report(at: clock.now, waitingPeriodDays: 1)
            passing.status = status
            passing.reportedBy = "Mary Hill"
            try await passing.create(on: app.db)
            before = try await Self.passings(app)
            file = try await app.exportToFile(ann.token)
        }
        let export = try #require(file)
        defer { try? FileManager.default.removeItem(at: export) }

        try await withApp(clock: clock) { app in
            // when
            try await app.runCommand(ImportCommand(), ["heirloom", export.path])

            // then
            #expect(before.count == 1)
            #expect(try await Self.passings(app) == before)
        }
    }

    /// The passings as stored: member, state, when it was reported and ends, by whom.
    static func passings(_ app: Application) async throws -> [String] {
        try await MemberPassing.query(on: app.db).all().map {
            let times = [$0.reportedAt, $0.releaseAt, $0.releasedAt].map { $0?.timeIntervalSince1970 ?? 0 }
            return "\($0.$user.id) \($0.state) \(times) \($0.reportedBy)"
        }
    }

    @Test("An export made before letters (no letters files) imports as before, with no letters")
    func olderExport() async throws {
        let (made, file) = try await ImportTests.exportedFullHousehold()
        defer { try? FileManager.default.removeItem(at: file) }
        var parts = try ExportParts(file)
        parts.names.removeAll { $0.hasPrefix("letters.") }
        try parts.reseal()
        try parts.write(to: file)

        try await withApp { app in
            try await app.runCommand(ImportCommand(), ["heirloom", file.path])
            let owner = try await app.signInAfterImport(email: made.owner.email)
            let letters = try await app.api(.GET, "/api/letters", token: owner)
            #expect(letters.status == .ok, "\(letters.body.string)")
            #expect(try letters.decoded(Components.Schemas.LetterList.self).letters.isEmpty)
            #expect(try await app.api(.GET, "/api/items/\(made.itemID)", token: owner).status == .ok)
        }
    }

    @Test("A letter that names a stranger as its writer or has no readers is refused, and nothing changes")
    func hostileLetters() async throws {
        var file: URL?
        try await withApp { app in
            let ann = try await app.setUpHub()
            _ = try await app.writeLetter(ann, day: "2099-04-28")
            file = try await app.exportToFile(ann.token)
        }
        let export = try #require(file)
        defer { try? FileManager.default.removeItem(at: export) }
        try await ImportHostileArchiveTests.expectRefused(
            [
                (
                    "a writer who is not a member", "letter",
                    { try $0.set("letters.json", ["letters", 0, "writerId"], to: UUID().uuidString) }
                ),
                (
                    "no readers", "letters.json",
                    { try $0.set("letters.json", ["letters", 0, "to"], to: [String]()) }
                ),
            ], from: try ExportParts(export))
    }
}
