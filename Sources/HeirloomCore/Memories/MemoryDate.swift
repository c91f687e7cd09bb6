import Foundation

/// When a memory happened, as precisely as the family knows it: a day, a month or only a year.
///
/// Stored and sent as "1968", "1968-07" or "1968-07-14"; people may also type "July 1968",
/// "14 July 1968" or "July 14, 1968", which keep the precision they name.
public struct MemoryDate: Hashable, Sendable, Comparable {
    public enum Precision: String, Sendable { case year, month, day }

    public var year: Int
    public var month: Int?
    public var day: Int?

    public var precision: Precision { day != nil ? .day : month != nil ? .month : .year }

    public init(year: Int, month: Int? = nil, day: Int? = nil) throws(FieldError) {
        guard (1000...9999).contains(year) else { throw Self.invalid("Please give a year with four digits.") }
        if let month, !(1...12).contains(month) { throw Self.invalid("Please give a month from 1 to 12.") }
        if let day {
            guard let month else { throw Self.invalid("Please give the month as well as the day.") }
            guard (1...Self.daysIn(month: month, year: year)).contains(day) else {
                throw Self.invalid("That day does not exist in \(Self.monthNames[month - 1]) \(year).")
            }
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// "1968", "1968-07" or "1968-07-14".
    public var storedValue: String {
        var text = String(format: "%04d", year)
        if let month { text += String(format: "-%02d", month) }
        if let day { text += String(format: "-%02d", day) }
        return text
    }

    /// "1968", "July 1968" or "July 14, 1968", for pages.
    public var label: String {
        guard let month else { return "\(year)" }
        let name = Self.monthNames[month - 1]
        guard let day else { return "\(name) \(year)" }
        return "\(name) \(day), \(year)"
    }

    /// Reads what a person or an app sent; blank is nil.
    public static func parse(_ raw: String) throws(FieldError) -> MemoryDate? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        let numeric = text.split(separator: "-", omittingEmptySubsequences: false)
        if numeric.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            numeric.count <= 3, numeric[0].count == 4
        {
            // At most two digits for a month or a day, so a number never overflows.
            guard numeric.dropFirst().allSatisfy({ $0.count <= 2 }) else { throw invalid(hint) }
            let parts = numeric.compactMap { Int($0) }
            return try MemoryDate(
                year: parts[0], month: parts.count > 1 ? parts[1] : nil, day: parts.count > 2 ? parts[2] : nil)
        }
        return try parseWords(text)
    }

    /// "July 1968", "14 July 1968", "July 14, 1968" (month names in English, any case, 3+ letters).
    private static func parseWords(_ text: String) throws(FieldError) -> MemoryDate {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "." })
        var year: Int?
        var month: Int?
        var day: Int?
        for word in words {
            if word.allSatisfy(\.isNumber), word.count > 4 {
                throw invalid(hint)
            } else if let number = Int(word) {
                if word.count == 4, year == nil {
                    year = number
                } else if day == nil, word.count <= 2 {
                    day = number
                } else {
                    throw invalid(hint)
                }
            } else if word.count >= 3, month == nil,
                let index = monthNames.firstIndex(where: { $0.lowercased().hasPrefix(word) })
            {
                month = index + 1
            } else {
                throw invalid(hint)
            }
        }
        guard let year else { throw invalid(hint) }
        if day != nil, month == nil { throw invalid(hint) }
        return try MemoryDate(year: year, month: month, day: day)
    }

    public static func < (lhs: MemoryDate, rhs: MemoryDate) -> Bool {
        (lhs.year, lhs.month ?? 0, lhs.day ?? 0) < (rhs.year, rhs.month ?? 0, rhs.day ?? 0)
    }

    /// Whether the memory happened on this calendar day in an earlier year ("On this day").
    public func isAnniversary(month: Int, day: Int, year currentYear: Int) -> Bool {
        self.month == month && self.day == day && year < currentYear
    }

    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    private static let hint = "Please give a year (1968), a month (1968-07 or July 1968) or a day (1968-07-14)."

    private static func invalid(_ message: String) -> FieldError { FieldError(field: "date", message: message) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
