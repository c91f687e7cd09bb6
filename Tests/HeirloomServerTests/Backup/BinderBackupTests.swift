import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The estate binder through `heirloom backup` and `heirloom restore`.
@Suite("Binder backups")
struct BinderBackupTests {
    @Test("A backup restores the binder whole: entries, readers, the private note and the papers' bytes")
    func binderRestored() async throws {
        var before = ""
        var paper = Data()
        var family: BinderFamily?
        try await BackupRoundTrip.run(
            given: { app in
                let made = try await BinderFamily.make(app)
                family = made
                try await made.fill(app)
                paper = try await BinderExportTests.addPaper(to: "The will", app, made.margaret.token)
                before = try await app.api(.GET, "/api/binder", token: made.margaret.token).body.string
            },
            then: { app in
                let made = try #require(family)
                let token = try await app.signIn(email: made.margaret.email, password: made.margaret.password)
                let binder = try await BinderExportTests.expectSame(app, token, before: before, paper: paper)
                #expect(binder.sections.flatMap(\.entries).contains { $0.text.contains(BinderFamily.canary) })
            })
    }
}
