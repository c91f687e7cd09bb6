import Foundation

/// Which scheduled backups to keep: the newest few days, and the newest backup of each of the last few weeks.
public struct BackupRetention: Equatable, Sendable {
    /// How many of the newest days keep their backup.
    public var daily: Int
    /// How many of the newest weeks (Monday to Sunday) keep their newest backup.
    public var weekly: Int

    public init(daily: Int = 7, weekly: Int = 4) {
        self.daily = daily
        self.weekly = weekly
    }

    /// Reads `HEIRLOOM_BACKUP_KEEP`: "7" (daily only, with 4 weekly) or "7,4" (daily, weekly).
    public static func parse(_ raw: String) -> BackupRetention? {
        let parts = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...2).contains(parts.count), let daily = Int(parts[0]), (1...365).contains(daily) else { return nil }
        guard parts.count == 2 else { return BackupRetention(daily: daily) }
        guard let weekly = Int(parts[1]), (0...104).contains(weekly) else { return nil }
        return BackupRetention(daily: daily, weekly: weekly)
    }

    /// The backups (by when they were made) to keep; every other one may be deleted.
    public func kept(_ dates: [Date], calendar: Calendar) -> Set<Date> {
        let newestFirst = dates.sorted(by: >)
        var keep = Set<Date>()
        var days: [DateComponents] = []
        var weeks: [DateComponents] = []
        for date in newestFirst {
            let day = calendar.dateComponents([.year, .month, .day], from: date)
            if !days.contains(day) {
                days.append(day)
                if days.count <= daily { keep.insert(date) }
            }
            var iso = calendar
            iso.firstWeekday = 2
            let week = iso.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
            if !weeks.contains(week) {
                weeks.append(week)
                if weeks.count <= weekly { keep.insert(date) }
            }
        }
        return keep
    }
}
