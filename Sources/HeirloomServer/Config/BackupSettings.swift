import Foundation
import HeirloomCore

/// When and where the hub backs itself up, and how many backups it keeps.
public struct BackupSettings: Sendable, Equatable {
    /// The folder that receives one sub-folder per backup.
    public var directory: URL
    /// The hour and minute of the daily backup, in the server's time zone.
    public var hour: Int
    public var minute: Int
    public var retention: BackupRetention

    /// `HEIRLOOM_BACKUP_TIME` unless set.
    static let defaultTime = "03:00"

    static func load(_ value: (String) -> String?) throws -> BackupSettings? {
        guard let folder = value("HEIRLOOM_BACKUP_DIR") else { return nil }
        let time = value("HEIRLOOM_BACKUP_TIME") ?? defaultTime
        let parts = time.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour),
            (0..<60).contains(minute)
        else {
            throw ConfigError(variable: "HEIRLOOM_BACKUP_TIME", problem: "use a time of day such as 03:00")
        }
        var retention = BackupRetention()
        if let keep = value("HEIRLOOM_BACKUP_KEEP") {
            guard let parsed = BackupRetention.parse(keep) else {
                throw ConfigError(
                    variable: "HEIRLOOM_BACKUP_KEEP", problem: "use the number of daily and weekly backups, such as 7,4"
                )
            }
            retention = parsed
        }
        return BackupSettings(
            directory: URL(fileURLWithPath: folder, isDirectory: true), hour: hour, minute: minute,
            retention: retention)
    }
}
