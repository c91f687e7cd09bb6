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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID())")
        let restoredData = FileManager.default.temporaryDirectory.appendingPathComponent("restored-\(UUID())")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: restoredData)
        }
        var before = ""
        var paper = Data()
        var family: BinderFamily?
        try await withApp { app in
            // given
            let made = try await BinderFamily.make(app)
            family = made
            try await made.fill(app)
            paper = try await BinderExportTests.addPaper(to: "The will", app, made.margaret.token)
            before = try await app.api(.GET, "/api/binder", token: made.margaret.token).body.string

            // when
            try await app.runCommand(BackupCommand(), ["heirloom", "--output", folder.path])
        }
        let made = try #require(family)

        // then
        let database = try await TestDatabase.make()
        var config = try HeirloomConfig.load(from: [
            "HEIRLOOM_DATA_DIR": restoredData.path, "HEIRLOOM_PUBLIC_URL": "http://hub.test",
        ])
        if let url = database.url { config.database = .postgres(URL(string: url)!) }
        try FileManager.default.createDirectory(at: restoredData, withIntermediateDirectories: true)
        do {
            _ = try await HubBackup.restore(from: folder, config: config)
            let restored = RestoredHub(dataDirectory: restoredData, databaseURL: database.url)
            try await withApp(TestOptions(restored: restored)) { app in
                let login = try await app.api(
                    .POST, "/api/auth/login",
                    json: ["email": made.margaret.email, "password": made.margaret.password])
                let token = try login.decoded(Components.Schemas.AuthResponse.self).token
                let binder = try await BinderExportTests.expectSame(app, token, before: before, paper: paper)
                #expect(binder.sections.flatMap(\.entries).contains { $0.text.contains(BinderFamily.canary) })
            }
        } catch {
            try? await database.drop()
            throw error
        }
        try await database.drop()
    }
}
