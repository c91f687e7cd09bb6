import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// `heirloom import` of an export with a binder: the executors' ticks come back, and a changed binder is refused.
@Suite("Binder import")
struct BinderImportTests {
    @Test("The executors' checklist ticks come back with the binder")
    func ticks() async throws {
        let clock = TestClock()
        var file: URL?
        var family: BinderFamily?
        var before: [String] = []
        try await withApp(clock: clock) { app in
            // given: a released estate whose executor ticked a task
            let made = try await BinderFamily.make(app)
            family = made
            try await made.fill(app)
            try await made.release(app, clock: clock)
            let list = try await app.api(.GET, "/api/executor/checklist", token: made.mary)
            let key = try #require(try list.decoded(Components.Schemas.BinderChecklist.self).tasks.first?.key)
            let ticked = try await app.api(
                .PATCH, "/api/executor/checklist", token: made.mary, json: ["key": key, "done": true])
            #expect(ticked.status == .ok, "\(ticked.body.string)")
            before = try await Self.ticks(app)
            file = try await app.exportToFile(made.tom.token)
        }
        let export = try #require(file)
        defer { try? FileManager.default.removeItem(at: export) }

        try await withApp { app in
            // when
            try await app.runCommand(ImportCommand(), ["heirloom", export.path])

            // then
            #expect(before.count == 1)
            #expect(try await Self.ticks(app) == before)
            let tom = try await app.signInAfterImport(email: try #require(family).tom.email)
            let titles = try await app.api(.GET, "/api/binder", token: tom)
                .decoded(Components.Schemas.Binder.self).sections.flatMap(\.entries).map(\.title)
            #expect(titles.sorted() == ["Current account", "Funeral wishes", "The will"])
        }
    }

    @Test("A binder that names a stranger, an unknown section or unknown readers is refused, and nothing changes")
    func hostileBinder() async throws {
        var file: URL?
        try await withApp { app in
            let family = try await BinderFamily.make(app)
            try await family.fill(app)
            file = try await app.exportToFile(family.margaret.token)
        }
        let export = try #require(file)
        defer { try? FileManager.default.removeItem(at: export) }
        let parts = try ExportParts(export)
        let stranger = UUID().uuidString
        // The entries by section: the will, the bank, the funeral wishes (read by Lily), the private note.
        try await ImportHostileArchiveTests.expectRefused(
            [
                (
                    "a reader who is not in the archive", "binder entry",
                    {
                        try $0.set(
                            "binder.json", ["entries", 2, "visibility", "beneficiaries", 0, "beneficiaryId"],
                            to: stranger)
                    }
                ),
                (
                    "an author who is not a member", "binder entry",
                    { try $0.set("binder.json", ["entries", 1, "authorId"], to: stranger) }
                ),
                (
                    "an unknown section", "binder.json",
                    { try $0.set("binder.json", ["entries", 0, "section"], to: "attic") }
                ),
                (
                    "unknown readers", "binder.json",
                    { try $0.set("binder.json", ["entries", 0, "visibility", "executors"], to: "always") }
                ),
            ], from: parts)
    }

    /// The ticks as stored: task, who ticked it, when.
    static func ticks(_ app: Application) async throws -> [String] {
        try await BinderTick.query(on: app.db).sort(\.$taskKey).all()
            .map { "\($0.taskKey) \($0.tickedBy) \($0.tickedAt.timeIntervalSince1970)" }
    }
}
