import Foundation

/// The estate's settings and the checks on what people enter for them.
public enum EstateRules {
    public static let secondsPerDay: TimeInterval = 86_400
    /// How long a reported passing waits before release, in days.
    public static let waitingPeriodDays = 1...90
    public static let defaultWaitingPeriodDays = 14
    /// After how many months without a sign-in the holder is asked whether they are still here.
    public static let inactivityMonths = 3...24

    /// A waiting period between 1 and 90 days.
    public static func waitingPeriod(_ days: Int) throws(FieldError) -> Int {
        guard waitingPeriodDays.contains(days) else {
            throw FieldError(
                field: "waitingPeriodDays", message: "The waiting period must be between 1 and 90 days.")
        }
        return days
    }

    /// Off (nil), or between 3 and 24 months.
    public static func inactivity(_ months: Int?) throws(FieldError) -> Int? {
        guard let months else { return nil }
        guard inactivityMonths.contains(months) else {
            throw FieldError(
                field: "inactivityMonths", message: "The inactivity check must be off or between 3 and 24 months.")
        }
        return months
    }

    /// A time zone by its IANA name ("Europe/Berlin").
    public static func timeZone(_ identifier: String) throws(FieldError) -> TimeZone {
        guard !identifier.isEmpty, identifier.count <= 100, let zone = TimeZone(identifier: identifier) else {
            throw FieldError(
                field: "timeZone", message: "Please choose a time zone by its name, like Europe/London.")
        }
        return zone
    }

    /// The day of the passing, YYYY-MM-DD, not after today in the household's time zone.
    public static func dateOfPassing(_ raw: String, now: Date, timeZone: TimeZone) throws(FieldError) -> String {
        let text = raw.trimmingWhitespace()
        let badDate = FieldError(
            field: "dateOfPassing", message: "Please give the date of the passing as year-month-day, like 2031-04-28.")
        guard let day = Day(text) else { throw badDate }
        guard day <= Day(now, in: timeZone) else {
            throw FieldError(field: "dateOfPassing", message: "The date of the passing cannot be in the future.")
        }
        return day.text
    }
}

/// A calendar day, YYYY-MM-DD, compared by its numbers.
public struct Day: Comparable, Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A day written YYYY-MM-DD that exists (no February 30).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), year >= 1000
        else { return nil }
        let calendar = Self.calendar(.gmt)
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
            calendar.dateComponents([.year, .month, .day], from: date)
                == DateComponents(year: year, month: month, day: day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day it is at `date` in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let parts = Self.calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        year = parts.year ?? 1970
        month = parts.month ?? 1
        day = parts.day ?? 1
    }

    /// The first moment of the day in `timeZone`.
    public func start(in timeZone: TimeZone) -> Date {
        let components = DateComponents(year: year, month: month, day: day)
        return Self.calendar(timeZone).date(from: components) ?? .distantPast
    }

    public var text: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
