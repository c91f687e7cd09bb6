import Foundation

/// A moment as the API writes it: RFC 3339 in UTC to the whole second, `2026-11-23T22:05:09Z`, exactly as
/// `ISO8601DateFormatter` with its default options writes it, without its lock and its calendar: every page
/// of the API writes two of these per record.
public enum InternetDate {
    /// The moments written here: from the Gregorian calendar's first day (1582-10-15, before which Foundation
    /// writes Julian dates) to the end of year 9999.
    public static let range =
        Date(timeIntervalSince1970: -12_219_292_800)..<Date(timeIntervalSince1970: 253_402_300_800)

    /// `date` as `YYYY-MM-DDThh:mm:ssZ`, to the second it falls in (after rounding to the millisecond, as Foundation does); nil outside
    /// `range`.
    public static func string(from date: Date) -> String? {
        guard range.contains(date) else { return nil }
        // As Foundation does: to the nearest millisecond (halves up), then the second that falls in.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down))
        let (seconds, _) = floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        var text = ""
        text.reserveCapacity(20)
        append(year, width: 4, to: &text)
        text.append("-")
        append(month, width: 2, to: &text)
        text.append("-")
        append(day, width: 2, to: &text)
        text.append("T")
        append(secondOfDay / 3600, width: 2, to: &text)
        text.append(":")
        append(secondOfDay / 60 % 60, width: 2, to: &text)
        text.append(":")
        append(secondOfDay % 60, width: 2, to: &text)
        text.append("Z")
        return text
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func append(_ value: Int64, width: Int, to text: inout String) {
        let digits = String(value)
        if digits.count < width { text.append(String(repeating: "0", count: width - digits.count)) }
        text.append(digits)
    }
}
