import Foundation

/// How days read for people, "November 22, 2026": pages, emails and printed papers all write them this way.
///
/// A moment (when something was added, last used, released) is written on the household's calendar, `zone`. A
/// calendar day (a purchase date, the day an item may be given, a sale's day) is the same day wherever it is
/// read: it is kept as "2026-11-22" or as that day's first moment in UTC, and written as it was given.
public struct DayText: Sendable {
    public let zone: TimeZone

    public init(zone: TimeZone) {
        self.zone = zone
    }

    /// "November 22, 2026"; empty for no date.
    public func day(_ date: Date?) -> String {
        guard let date else { return "" }
        return Self.format(date, "MMMM d, yyyy", zone)
    }

    /// "November 22, 2026 at 3:05 PM"; "Never" for no date.
    public func dayAndTime(_ date: Date?) -> String {
        guard let date else { return "Never" }
        return Self.format(date, "MMMM d, yyyy 'at' h:mm a", zone)
    }

    /// "3:05 PM", for a time later today.
    public func time(_ date: Date) -> String {
        Self.format(date, "h:mm a", zone)
    }

    /// "November 22", for "On this day".
    public func monthAndDay(_ date: Date) -> String {
        Self.format(date, "MMMM d", zone)
    }

    // MARK: Calendar days

    /// A calendar day kept as "2026-11-22", in words; the text itself when it is not such a day.
    public static func calendarDay(_ text: String) -> String {
        guard let date = date(ofDay: text) else { return text }
        return calendarDay(date)
    }

    /// A calendar day kept as its first moment in UTC (a link's access date), in words; empty for none.
    public static func calendarDay(_ date: Date?) -> String {
        DayText(zone: .gmt).day(date)
    }

    /// "2026-11-22" for a calendar day kept as its first moment in UTC.
    public static func isoDay(_ date: Date) -> String {
        format(date, "yyyy-MM-dd", .gmt)
    }

    /// The first moment in UTC of a calendar day written "2026-11-22"; nil for anything else.
    public static func date(ofDay text: String) -> Date? {
        formatters.withLock { $0.formatter("yyyy-MM-dd", .gmt).date(from: text) }
    }

    // MARK: Formatters

    /// Made once for each pattern and time zone: a formatter takes far longer to make than to use.
    private static let formatters = LockedValue(Formatters())

    private static func format(_ date: Date, _ pattern: String, _ zone: TimeZone) -> String {
        formatters.withLock { $0.formatter(pattern, zone).string(from: date) }
    }

    private struct Formatters {
        var made: [String: DateFormatter] = [:]

        mutating func formatter(_ pattern: String, _ zone: TimeZone) -> DateFormatter {
            let key = pattern + "|" + zone.identifier
            if let formatter = made[key] { return formatter }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = zone
            formatter.dateFormat = pattern
            made[key] = formatter
            return formatter
        }
    }
}
