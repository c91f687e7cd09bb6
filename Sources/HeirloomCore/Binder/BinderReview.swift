import Foundation

/// When the binder asks its holder to look at something: an entry's expiry or review date coming up, and the
/// yearly look over the whole binder.
public enum BinderReview {
    /// How many days before an entry's review date the holder is told.
    public static let noticeDays = 30
    /// How long a look over the binder, or an executor's confirmed address, counts as recent.
    public static let yearDays = 365

    /// Whether an entry reviewed on `reviewOn` is due for notice at `today`: from 30 days before the date on,
    /// including dates already past.
    public static func isDue(_ reviewOn: Day, today: Day) -> Bool {
        days(from: today, to: reviewOn) <= noticeDays
    }

    /// Whole days from `start` to `end` (negative when `end` is earlier).
    public static func days(from start: Day, to end: Day) -> Int {
        let seconds = end.start(in: .gmt).timeIntervalSince(start.start(in: .gmt))
        return Int((seconds / 86_400).rounded())
    }

    /// Whether the yearly look over the binder is due: a year after the last one, or after the first entry when
    /// there was none.
    public static func isYearlyLookDue(lastLook: Date?, firstEntry: Date?, now: Date) -> Bool {
        guard let since = lastLook ?? firstEntry else { return false }
        return now.timeIntervalSince(since) >= TimeInterval(yearDays) * 86_400
    }

    /// Whether something last confirmed or changed at `date` is stale at `now`: more than a year ago, or never.
    public static func isStale(_ date: Date?, now: Date) -> Bool {
        guard let date else { return true }
        return now.timeIntervalSince(date) > TimeInterval(yearDays) * 86_400
    }
}
