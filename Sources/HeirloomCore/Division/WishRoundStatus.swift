import Foundation

/// Where a wish round stands (issue 30): drafted by its organiser, open for wishes, closed, divided (a proposal the
/// organiser may adjust and run again), and confirmed into designations.
public enum WishRoundState: String, Codable, CaseIterable, Sendable {
    case draft, open, closed, divided, confirmed
}

/// A step a round cannot take from where it stands; each is a 409 with its own code.
public enum WishRoundTransitionError: Error, Equatable, Sendable {
    /// Only a draft opens (invitations go out once).
    case notDraft
    /// Wishes are taken, and the round closed, only while it is open.
    case notOpen
    /// Dividing needs a closed (or already divided) round.
    case notClosed
    /// Only a divided round is confirmed, once.
    case notDivided
}

/// A wish round's state with its closing day: every step a pure function of the clock, as `EstateStatus` is.
///
/// An open round whose closing moment has come counts as closed from then on, whether or not the scheduler has
/// written it down, so that a late wish is refused the same way whenever it arrives.
public struct WishRoundStatus: Equatable, Sendable {
    public var state: WishRoundState
    /// The start of the day after the closing day, in the household's time zone: wishes are taken all of that day.
    public var closesAt: Date

    /// Reminders go to those who have not answered this long before the close.
    public static let reminderLead: TimeInterval = 2 * EstateRules.secondsPerDay

    public init(state: WishRoundState = .draft, closesAt: Date) {
        self.state = state
        self.closesAt = closesAt
    }

    /// The round closing at the end of `day` in `timeZone`.
    public init(closingOn day: Day, in timeZone: TimeZone) {
        // A day lasts 23 to 25 hours: 36 hours after its start is always within the next one.
        let next = Day(day.start(in: timeZone).addingTimeInterval(36 * 3600), in: timeZone)
        self.init(closesAt: next.start(in: timeZone))
    }

    /// The state at `now`: an open round past its closing moment reads as closed.
    public func effectiveState(at now: Date) -> WishRoundState {
        state == .open && now >= closesAt ? .closed : state
    }

    /// Whether a participant's wishes are taken at `now`.
    public func takesWishes(at now: Date) -> Bool { effectiveState(at: now) == .open }

    /// Whether the reminder to those who have not answered is due at `now` (open, within two days of the close).
    public func reminderDue(at now: Date) -> Bool {
        takesWishes(at: now) && now >= closesAt.addingTimeInterval(-Self.reminderLead)
    }

    public mutating func open(at now: Date) throws(WishRoundTransitionError) {
        guard state == .draft else { throw .notDraft }
        guard now < closesAt else { throw .notOpen }
        state = .open
    }

    /// The organiser closes early, or the scheduler writes down a close that came.
    public mutating func close(at now: Date) throws(WishRoundTransitionError) {
        guard state == .open else { throw .notOpen }
        state = .closed
        closesAt = min(closesAt, now)
    }

    /// A division was made (or made again, after a change by hand).
    public mutating func divided(at now: Date) throws(WishRoundTransitionError) {
        let current = effectiveState(at: now)
        guard current == .closed || current == .divided else { throw .notClosed }
        state = .divided
    }

    public mutating func confirm() throws(WishRoundTransitionError) {
        guard state == .divided else { throw .notDivided }
        state = .confirmed
    }
}
