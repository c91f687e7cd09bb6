import Foundation

/// A calendar day ("2026-11-22"): the day a journal card was written.
///
/// Stored and sent as ISO 8601 text, which sorts as the days do and is the same on SQLite and PostgreSQL.
public struct JournalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads "2026-11-22"; nil for anything else, including days that do not exist.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day a moment falls on in a time zone.
    public init(_ date: Date, in timeZone: TimeZone) {
        let parts = Self.calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// "2026-11-22" (as `String(format: "%04d-%02d-%02d")` writes it, which was 4 % of a page of journal cards).
    public var description: String {
        Self.padded(year, to: 4) + "-" + Self.padded(month, to: 2) + "-" + Self.padded(day, to: 2)
    }

    /// `value` in at least `width` characters, with zeros after any minus sign: printf's `%0*d`.
    static func padded(_ value: Int, to width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        let zeros = max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: zeros) + digits
    }

    /// "November 22, 2026".
    public var inWords: String {
        "\(Self.monthNames[month - 1]) \(day), \(year)"
    }

    /// Monday = 1 … Sunday = 7.
    public var weekday: Int {
        let sunday1 = Self.calendar(.gmt).component(.weekday, from: noonUTC)
        return sunday1 == 1 ? 7 : sunday1 - 1
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> JournalDay {
        JournalDay(noonUTC.addingTimeInterval(Double(count) * 86_400), in: .gmt)
    }

    public static func < (lhs: JournalDay, rhs: JournalDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private var noonUTC: Date {
        let parts = DateComponents(year: year, month: month, day: day, hour: 12)
        return Self.calendar(.gmt).date(from: parts) ?? Date(timeIntervalSince1970: 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// English month names; pages are in English and must not depend on the server's locale.
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
}
