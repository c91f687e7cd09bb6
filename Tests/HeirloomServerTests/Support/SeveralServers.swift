import Foundation
import Testing
import Vapor

@testable import HeirloomServer

/// Runs `body` with two hubs on one database and one data folder, as two servers behind a load balancer: a new
/// PostgreSQL database when `HEIRLOOM_TEST_DATABASE_URL` is set, otherwise a SQLite file (two processes may share
/// one; an in-memory database cannot be shared). Both are deleted afterwards.
func withTwoServers(
    _ options: TestOptions = TestOptions(),
    clock: TestClock = TestClock(),
    _ body: (Application, Application) async throws -> Void
) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-two-servers-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let postgres = TestDatabase.adminURL == nil ? nil : try await TestDatabase.make()
    var shared = options
    shared.restored = RestoredHub(dataDirectory: folder, databaseURL: postgres?.url)
    do {
        try await withApp(shared, clock: clock) { first in
            try await withApp(shared, clock: clock) { second in try await body(first, second) }
        }
    } catch {
        try? await postgres?.drop()
        try? FileManager.default.removeItem(at: folder)
        throw error
    }
    try await postgres?.drop()
    try FileManager.default.removeItem(at: folder)
}
