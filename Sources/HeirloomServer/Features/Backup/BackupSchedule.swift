import Fluent
import Foundation
import HeirloomCore
import NIOCore
import Vapor

/// The last scheduled backup as Settings and Home show it, kept with the backup's run (`JobRun`) so that every
/// server of the hub shows the same.
struct BackupStatus: Codable, Equatable, Sendable {
    var finishedAt: Date
    var succeeded: Bool
    var folder: String
    var sizeBytes: Int64
    /// What went wrong, in words, when it failed.
    var problem: String?
    /// When the last successful backup was made (kept while later ones fail).
    var lastSuccessAt: Date?

    static func read(on db: any Database) async throws -> BackupStatus? {
        guard let report = try await JobRun.find(ScheduledBackup.job, on: db)?.report else { return nil }
        return try? ExportJSON.decoder().decode(BackupStatus.self, from: Data(report.utf8))
    }

    func write(on db: any Database) async throws {
        let report = String(decoding: try ExportJSON.encoder().encode(self), as: UTF8.self)
        try await JobRun.report(report, of: ScheduledBackup.job, now: finishedAt, on: db)
    }
}

/// Makes the daily backup into `HEIRLOOM_BACKUP_DIR`, then deletes those the retention rule lets go.
struct ScheduledBackup: Sendable {
    let settings: BackupSettings
    let config: HeirloomConfig
    let db: any Database
    let store: BlobStore
    let now: Date

    /// "2026-11-23T03-00-00Z": a folder name that sorts by time and is valid on every file system.
    static func folderName(_ date: Date) -> String {
        String(ExportJSON.format(date).prefix(19)).replacingOccurrences(of: ":", with: "-") + "Z"
    }

    /// The name the daily backup's runs are claimed under (`JobRun`).
    static let job = "backup"

    /// Makes the backup due at `due` on the one server of the hub that claims it first; nil on the others, which
    /// leave it to that one.
    func run(due: Date) async throws -> BackupStatus? {
        guard try await JobRun.claim(Self.job, due: due, now: now, on: db) else { return nil }
        return await run()
    }

    @discardableResult
    func run() async -> BackupStatus {
        do {
            let facts = try await HubBackup(config: config, db: db, store: store, now: now).make(in: folder)
            prune()
            return await record(
                BackupStatus(
                    finishedAt: now, succeeded: true, folder: folder.path, sizeBytes: facts.sizeBytes, problem: nil,
                    lastSuccessAt: now))
        } catch {
            try? FileManager.default.removeItem(at: folder)
            let previous = try? await BackupStatus.read(on: db)
            return await record(
                BackupStatus(
                    finishedAt: now, succeeded: false, folder: folder.path, sizeBytes: 0,
                    problem: String(describing: error), lastSuccessAt: previous?.lastSuccessAt))
        }
    }

    private var folder: URL {
        settings.directory.appendingPathComponent(Self.folderName(now), isDirectory: true)
    }

    /// Writes the status down for Settings and Home; a database out of reach only leaves the last one shown.
    private func record(_ status: BackupStatus) async -> BackupStatus {
        try? await status.write(on: db)
        return status
    }

    /// Deletes the backups this hub made that the retention rule no longer keeps.
    func prune() {
        let fileManager = FileManager.default
        let names = (try? fileManager.contentsOfDirectory(atPath: settings.directory.path)) ?? []
        var made: [Date: URL] = [:]
        for name in names {
            let folder = settings.directory.appendingPathComponent(name, isDirectory: true)
            guard name.count == 20, fileManager.fileExists(atPath: folder.appendingPathComponent("backup.json").path),
                let date = ISO8601DateFormatter().date(from: Self.timestamp(fromFolderName: name))
            else { continue }
            made[date] = folder
        }
        let kept = settings.retention.kept(Array(made.keys), calendar: .current)
        for (date, folder) in made where !kept.contains(date) { try? fileManager.removeItem(at: folder) }
    }

    static func timestamp(fromFolderName name: String) -> String {
        // 2026-11-23T03-00-00Z → 2026-11-23T03:00:00Z
        var characters = Array(name)
        if characters.count == 20 { (characters[13], characters[16]) = (":", ":") }
        return String(characters)
    }

    /// The next time of day `hour:minute` after `date`, in the server's time zone.
    static func next(after date: Date, hour: Int, minute: Int, calendar: Calendar = .current) -> Date {
        let today = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: date) ?? date
        return today > date ? today : calendar.date(byAdding: .day, value: 1, to: today) ?? today
    }
}

/// Starts the daily backup when `HEIRLOOM_BACKUP_DIR` is set; of several servers on one database, the first to
/// claim each day's run makes it.
struct BackupScheduleHandler: LifecycleHandler {
    func didBootAsync(_ application: Application) async throws {
        guard let settings = application.hub.config.backup else { return }
        // Only the serving hub backs up by the clock, not a command run beside it.
        let command = application.environment.arguments.dropFirst().first
        guard command == nil || command == "serve" else { return }
        schedule(application, settings)
    }

    private func schedule(_ application: Application, _ settings: BackupSettings) {
        let services = application.hub
        let now = services.clock()
        let next = ScheduledBackup.next(after: now, hour: settings.hour, minute: settings.minute)
        let delay = TimeAmount.milliseconds(Int64(max(0, next.timeIntervalSince(now)) * 1000))
        application.eventLoopGroup.any().scheduleTask(in: delay) {
            Task {
                do {
                    let status = try await ScheduledBackup(
                        settings: settings, config: services.config, db: application.db, store: services.media.store,
                        now: services.clock()
                    ).run(due: next)
                    if let status, !status.succeeded {
                        application.logger.error("scheduled backup failed: \(status.problem ?? "")")
                    }
                } catch {
                    application.logger.error("scheduled backup not started: \(error)")
                }
                schedule(application, settings)
            }
        }
    }
}
