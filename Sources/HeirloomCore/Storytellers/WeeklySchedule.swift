import Foundation

/// When a storyteller's weekly question goes: a weekday (ISO 8601, Monday = 1 … Sunday = 7) and an hour (0-23) in
/// the household's time zone.
public struct WeeklySchedule: Equatable, Sendable {
    public var weekday: Int
    public var hour: Int

    /// Checks the two numbers; each problem names its field.
    public init(weekday: Int, hour: Int) throws(FieldError) {
        guard (1...7).contains(weekday) else {
            throw FieldError(field: "weekday", message: "Please choose a day from 1 (Monday) to 7 (Sunday).")
        }
        guard (0...23).contains(hour) else {
            throw FieldError(field: "hour", message: "Please choose an hour from 0 to 23.")
        }
        self.weekday = weekday
        self.hour = hour
    }

    /// The first moment strictly after `now` that is the chosen weekday at the chosen hour where the family lives.
    /// On a day the clocks jump over that hour, the question goes at the first moment after the jump; on a day the
    /// hour comes twice, at its first occurrence. Whole seconds.
    public func nextSend(after now: Date, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // Foundation counts Sunday = 1 … Saturday = 7.
        let foundationWeekday = weekday % 7 + 1
        // Day by day rather than `Calendar.nextDate(matching:)`, which on Linux passes over a day whose hour the
        // clocks jump over (Sunday 1 am on the day London's summer time starts) and answers a week later.
        let today = calendar.startOfDay(for: now)
        for offset in 0...7 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today),
                calendar.component(.weekday, from: day) == foundationWeekday
            else { continue }
            var parts = calendar.dateComponents([.year, .month, .day], from: day)
            (parts.hour, parts.minute, parts.second) = (hour, 0, 0)
            // An hour the clocks jump over is the first moment after the jump.
            guard let moment = calendar.date(from: parts), moment > now else { continue }
            return Date(timeIntervalSince1970: moment.timeIntervalSince1970.rounded(.down))
        }
        return now.addingTimeInterval(7 * 24 * 3600)
    }

    /// How long a storyteller rests after a question before the next: nearly a week, so a question sent by hand
    /// moves the next one to the chosen day a week on, never the same day or two days later.
    public static let rest: TimeInterval = 6 * 24 * 3600

    /// When the question after one sent at `sentAt` goes (by the weekly pass or by hand): the chosen day and hour
    /// after `rest`. The one answer the storyteller's page, the thank-you page and the question's email all give.
    public func nextQuestion(afterOneSentAt sentAt: Date, in zone: TimeZone) -> Date {
        nextSend(after: sentAt.addingTimeInterval(Self.rest), in: zone)
    }

    /// The day's name, "Monday" … "Sunday".
    public var weekdayName: String { Self.weekdayNames[weekday - 1] }

    public static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "9 am", "12 noon", "3 pm", "midnight".
    public var hourText: String {
        switch hour {
        case 0: "midnight"
        case 12: "12 noon"
        case 1..<12: "\(hour) am"
        default: "\(hour - 12) pm"
        }
    }
}
