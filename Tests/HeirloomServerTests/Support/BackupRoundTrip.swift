import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A hub through `heirloom backup` and `heirloom restore` into a fresh data folder and database.
enum BackupRoundTrip {
    /// Fills a hub with `given`, backs it up, restores the backup and runs `then` on the restored hub.
    static func run(
        given: (Application) async throws -> Void, then: (Application) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID())")
        let restoredData = FileManager.default.temporaryDirectory.appendingPathComponent("restored-\(UUID())")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: restoredData)
        }
        try await withApp { app in
            try await given(app)
            try await app.runCommand(BackupCommand(), ["heirloom", "--output", folder.path])
        }
        let database = try await TestDatabase.make()
        var config = try HeirloomConfig.load(from: [
            "HEIRLOOM_DATA_DIR": restoredData.path, "HEIRLOOM_PUBLIC_URL": "http://hub.test",
        ])
        if let url = database.url { config.database = .postgres(URL(string: url)!) }
        try FileManager.default.createDirectory(at: restoredData, withIntermediateDirectories: true)
        do {
            _ = try await HubBackup.restore(
                from: folder, config: config, store: BlobStore(dataDirectory: config.dataDirectory))
            let restored = RestoredHub(dataDirectory: restoredData, databaseURL: database.url)
            try await withApp(TestOptions(restored: restored)) { app in try await then(app) }
        } catch {
            try? await database.drop()
            throw error
        }
        try await database.drop()
    }
}

extension Application {
    /// Signs in with a member's email address and password; returns the token.
    func signIn(email: String, password: String) async throws -> String {
        let login = try await api(.POST, "/api/auth/login", json: ["email": email, "password": password])
        #expect(login.status == .ok, "\(login.body.string)")
        return try login.decoded(Components.Schemas.AuthResponse.self).token
    }
}
