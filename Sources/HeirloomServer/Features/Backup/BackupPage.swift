import Foundation
import HeirloomCore

/// What Settings shows owners of the scheduled backups.
struct BackupPage: Encodable {
    struct Problem: Encodable {
        var when: String
        var lastSuccess: String
        var message: String
    }

    var isOn: Bool
    var folder: String
    var schedule: String
    var hasRun: Bool
    var succeeded: Bool
    var when: String
    var size: String
    var problem: Problem?

    /// The page for the hub's settings and the last backup's `status` (`BackupStatus.read`).
    init(_ services: HeirloomServices, status: BackupStatus? = nil, days: DayText) {
        let settings = services.config.backup
        isOn = settings != nil
        folder = settings?.directory.path ?? ""
        schedule =
            settings.map {
                String(
                    format: "Every day at %02ld:%02ld, keeping %ld daily and %ld weekly backups", $0.hour, $0.minute,
                    $0.retention.daily, $0.retention.weekly)
            } ?? ""
        hasRun = status != nil
        succeeded = status?.succeeded ?? false
        when = days.dayAndTime(status?.finishedAt)
        size = ByteCountText.describe(status?.sizeBytes ?? 0)
        problem = Self.problem(status, days: days)
    }

    /// The failure to show owners, while the last backup failed.
    static func problem(_ status: BackupStatus?, days: DayText) -> Problem? {
        guard let status, !status.succeeded else { return nil }
        return Problem(
            when: days.dayAndTime(status.finishedAt),
            lastSuccess: status.lastSuccessAt.map { "The last good one is from \(days.dayAndTime($0))." }
                ?? "No backup has succeeded yet.",
            message: status.problem ?? "")
    }
}
