import Foundation
import HeirloomCore
import Testing

@Suite("Which backups are kept")
struct BackupRetentionTests {
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func day(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text + "T03:00:00Z")!
    }

    @Test("Seven daily and four weekly: the newest seven days, then the newest of each earlier week")
    func dailyAndWeekly() {
        // given: 60 days of backups, one a night, ending on Monday 2026-11-23
        let dates = (0..<60).map { day("2026-11-23").addingTimeInterval(Double(-$0) * 86_400) }

        // when
        let kept = BackupRetention(daily: 7, weekly: 4).kept(dates, calendar: calendar)

        // then
        let expected =
            (0..<7).map { day("2026-11-23").addingTimeInterval(Double(-$0) * 86_400) }
            + [day("2026-11-22"), day("2026-11-15"), day("2026-11-08")]
        #expect(kept == Set(expected), "\(kept.sorted().map { ISO8601DateFormatter().string(from: $0) })")
    }

    @Test("Two backups on one day count as one day; the newer is kept")
    func sameDay() {
        let morning = day("2026-11-23")
        let evening = morning.addingTimeInterval(12 * 3600)
        let kept = BackupRetention(daily: 1, weekly: 0).kept([morning, evening], calendar: calendar)
        #expect(kept == [evening])
    }

    @Test(
        "HEIRLOOM_BACKUP_KEEP reads \"7\" and \"7,4\" and refuses the rest",
        arguments: [
            ("7", BackupRetention(daily: 7, weekly: 4)), ("3,0", BackupRetention(daily: 3, weekly: 0)),
            ("14, 8", BackupRetention(daily: 14, weekly: 8)), ("0", nil), ("x", nil), ("7,4,1", nil), ("7,-1", nil),
        ])
    func parse(raw: String, expected: BackupRetention?) {
        #expect(BackupRetention.parse(raw) == expected)
    }
}
