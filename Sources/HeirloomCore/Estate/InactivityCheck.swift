import Foundation

/// The optional inactivity check: when the estate holder has not signed in for a number of months, three
/// reminders over four weeks, then a word to the executors. Inactivity alone never releases anything.
public enum InactivityCheck {
    /// When each reminder is due, counted from the moment the holder became inactive.
    public static let reminderOffsets: [TimeInterval] = [0, 14, 28].map { $0 * EstateRules.secondsPerDay }
    /// When the executors are told, if no reminder was answered.
    public static let executorsOffset: TimeInterval = 35 * EstateRules.secondsPerDay

    /// The moment the holder counts as inactive: `months` calendar months after they were last seen.
    public static func inactiveFrom(lastSeen: Date, months: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(byAdding: .month, value: months, to: lastSeen) ?? lastSeen
    }

    /// How many reminders should have gone out by `now` (0 to 3).
    public static func remindersDue(lastSeen: Date, months: Int, now: Date) -> Int {
        let start = inactiveFrom(lastSeen: lastSeen, months: months)
        return reminderOffsets.filter { now >= start.addingTimeInterval($0) }.count
    }

    /// Whether the executors should be told by `now`.
    public static func executorsDue(lastSeen: Date, months: Int, now: Date) -> Bool {
        now >= inactiveFrom(lastSeen: lastSeen, months: months).addingTimeInterval(executorsOffset)
    }
}
