import Foundation

/// When a letter for later reaches its readers: on a day, or once the writer's passing is confirmed.
///
/// A letter after passing follows the estate's own state machine (`EstateStatus`): it is due from the estate's
/// release moment, never merely from a report, and a cancelled report or a reopened estate makes it not due again.
public enum LetterDelivery: Equatable, Sendable {
    /// From the start of this day in the household's time zone.
    case onDay(Day)
    /// From the release of the writer's estate.
    case afterPassing

    /// The moment the letter is due, if it is known at `now`: the day's first moment where the family lives, or
    /// the estate's release moment once it is released.
    public func dueMoment(at now: Date, estate: EstateStatus, timeZone: TimeZone) -> Date? {
        switch self {
        case .onDay(let day): day.start(in: timeZone)
        case .afterPassing: estate.releaseMoment(at: now)
        }
    }

    /// Whether the letter is due at `now`.
    public func isDue(at now: Date, estate: EstateStatus, timeZone: TimeZone) -> Bool {
        guard let moment = dueMoment(at: now, estate: estate, timeZone: timeZone) else { return false }
        return now >= moment
    }

    /// The day, for a dated letter.
    public var day: Day? {
        if case .onDay(let day) = self { return day }
        return nil
    }
}
