import Foundation

/// Where an estate stands: the holder is here, a passing was reported and waits, or the estate is released.
public enum EstateState: String, Codable, CaseIterable, Sendable {
    case active
    case passingReported
    case released
}

/// A step of the estate that cannot be taken from where it stands; each maps to one API error.
public enum EstateTransitionError: Error, Equatable, Sendable {
    /// A passing is already reported (or the estate released): reporting twice is a conflict.
    case alreadyReported
    /// There is no waiting report to cancel.
    case notReported
    /// Only a released estate can be reopened.
    case notReleased
}

/// The estate's state with its dates: a small state machine whose every step is a pure function of the clock.
///
/// A report whose waiting period has run out counts as released from `releaseAt` on, whether or not the
/// scheduler has written that down yet, so that what a recipient sees never depends on when the scheduler ran.
public struct EstateStatus: Equatable, Sendable {
    public var state: EstateState
    public var reportedAt: Date?
    public var releaseAt: Date?
    public var releasedAt: Date?

    public init(state: EstateState = .active, reportedAt: Date? = nil, releaseAt: Date? = nil, releasedAt: Date? = nil)
    {
        self.state = state
        self.reportedAt = reportedAt
        self.releaseAt = releaseAt
        self.releasedAt = releasedAt
    }

    /// The state at `now`: a waiting report whose release moment has come reads as released.
    public func effectiveState(at now: Date) -> EstateState {
        if state == .passingReported, let releaseAt, now >= releaseAt { return .released }
        return state
    }

    /// When the estate was (or counts as) released at `now`, or nil while it is not.
    public func releaseMoment(at now: Date) -> Date? {
        switch effectiveState(at: now) {
        case .released: releasedAt ?? releaseAt
        case .active, .passingReported: nil
        }
    }

    /// What the release rule needs to know of the holder at `now`.
    public func ownerReleaseState(at now: Date) -> OwnerReleaseState {
        releaseMoment(at: now).map { .passingConfirmed(on: $0) } ?? .alive
    }

    /// A trusted contact reports the passing: the release waits `waitingPeriodDays` days from now.
    ///
    /// Both moments are whole seconds, so they read back the same from every database (SQLite and PostgreSQL
    /// keep fractions of a second differently) and the release moment is the one people are shown.
    public mutating func report(at now: Date, waitingPeriodDays: Int) throws(EstateTransitionError) {
        guard effectiveState(at: now) == .active else { throw .alreadyReported }
        let moment = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        state = .passingReported
        reportedAt = moment
        releaseAt = moment.addingTimeInterval(TimeInterval(waitingPeriodDays) * EstateRules.secondsPerDay)
        releasedAt = nil
    }

    /// "I am still here": the holder stops a waiting report before its release moment.
    public mutating func cancel(at now: Date) throws(EstateTransitionError) {
        guard effectiveState(at: now) == .passingReported else { throw .notReported }
        self = EstateStatus()
    }

    /// Writes down a release whose moment has come; returns whether anything changed.
    @discardableResult
    public mutating func releaseIfDue(at now: Date) -> Bool {
        guard state == .passingReported, effectiveState(at: now) == .released else { return false }
        state = .released
        releasedAt = releaseAt
        return true
    }

    /// An estate released by mistake goes back to active: links released by the passing are hidden again.
    public mutating func reopen(at now: Date) throws(EstateTransitionError) {
        guard effectiveState(at: now) == .released else { throw .notReleased }
        self = EstateStatus()
    }

    /// When the holder should be asked a second time whether they are still here: halfway through the wait.
    public var halfwayAt: Date? {
        guard state == .passingReported, let reportedAt, let releaseAt else { return nil }
        return reportedAt.addingTimeInterval(releaseAt.timeIntervalSince(reportedAt) / 2)
    }
}
