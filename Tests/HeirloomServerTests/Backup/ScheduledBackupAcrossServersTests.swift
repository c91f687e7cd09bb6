import Foundation
import Testing
import Vapor

@testable import HeirloomServer

/// Two hubs on one database, each with the daily backup on: each day's backup is made by one of them.
@Suite("The scheduled backup with several servers")
struct ScheduledBackupAcrossServersTests {
    @Test("of two servers whose timers go off together, one makes the backup and both show it; the next is made again")
    func onceADay() async throws {
        let backups = FileManager.default.temporaryDirectory.appendingPathComponent("scheduled-\(UUID())")
        defer { try? FileManager.default.removeItem(at: backups) }
        let clock = TestClock()
        let options = TestOptions(extraEnvironment: ["HEIRLOOM_BACKUP_DIR": backups.path])
        try await withTwoServers(options, clock: clock) { a, b in
            // given
            let owner = try await a.setUpHub()
            let due = ScheduledBackup.next(after: clock.now, hour: 3, minute: 0)

            // when both servers' timers go off for the same run at once
            let made = try await withThrowingTaskGroup(of: BackupStatus?.self) { group in
                for server in [a, b] { group.addTask { try await Self.backup(server).run(due: due) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            // then one server made it, and the other left it
            let statuses = made.compactMap { $0 }
            #expect(statuses.count == 1)
            #expect(statuses.first?.succeeded == true, "\(statuses.first?.problem ?? "")")
            #expect(try Self.folders(in: backups).count == 1)
            // and the same run is not made again, by either
            #expect(try await Self.backup(b).run(due: due) == nil)
            // and both servers' Settings show it
            for server in [a, b] {
                let browser = WebSession(app: server)
                _ = try await browser.get("/login")
                _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
                let settings = try await browser.get("/settings")
                #expect(settings.body.string.contains("The last backup was made on"), "\(settings.body.string)")
            }

            // when the next day's timers go off
            clock.advance(by: 24 * 60 * 60)
            let tomorrow = [
                try await Self.backup(b).run(due: due + 86_400), try await Self.backup(a).run(due: due + 86_400),
            ]
            // then it is made once more
            #expect(tomorrow.compactMap { $0 }.count == 1)
            #expect(try Self.folders(in: backups).count == 2)
        }
    }

    @Test("a job that repeats from each server's start-up is due at the same moment on every server")
    func periods() {
        let sixHours: TimeInterval = 6 * 60 * 60
        let start = Date(timeIntervalSince1970: 4 * sixHours)
        #expect(JobRun.period(of: start, every: sixHours) == start)
        #expect(JobRun.period(of: start + 5 * 60, every: sixHours) == start)
        #expect(JobRun.period(of: start + sixHours - 1, every: sixHours) == start)
        #expect(JobRun.period(of: start + sixHours, every: sixHours) == start + sixHours)
    }

    private static func backup(_ app: Application) -> ScheduledBackup {
        let services = app.hub
        return ScheduledBackup(
            settings: services.config.backup!, config: services.config, db: app.db, store: services.media.store,
            now: services.clock())
    }

    private static func folders(in backups: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: backups.path).filter { !$0.hasPrefix(".") }
    }
}
