import Foundation

/// The sessions of the people outside the household (executors and recipients), who sign in with the link in
/// their email: how long a session lasts, how many are kept, and when opening a link is worth a line in the log.
///
/// A link may be opened as often as its owner likes (it is their only key), but each opening must not grow the
/// database or push the steps that matter out of the owners' view of the audit log.
public enum OutsiderSessions {
    /// How long the session a link was exchanged for lasts; then the link is opened again.
    public static let lifetime: TimeInterval = 30 * EstateRules.secondsPerDay
    /// How many live sessions one person keeps (one a browser or phone); older ones end when a new one starts.
    public static let keptPerPerson = 10
    /// An opening is recorded in the audit log at most once in this time, per link.
    public static let openingInterval: TimeInterval = EstateRules.secondsPerDay

    /// When a session started at `now` ends.
    public static func expiry(from now: Date) -> Date { now.addingTimeInterval(lifetime) }

    /// Whether a session that ends at `expiresAt` still opens the page at `now`; one without an end is not
    /// a session this rule made, so it does not.
    public static func isLive(expiresAt: Date?, now: Date) -> Bool {
        guard let expiresAt else { return false }
        return now < expiresAt
    }

    /// Whether opening a link at `now` goes into the audit log, given when it was last recorded.
    public static func recordsOpening(lastRecorded: Date?, now: Date) -> Bool {
        guard let lastRecorded else { return true }
        return now.timeIntervalSince(lastRecorded) >= openingInterval
    }
}

/// The one-tap "I am still here" links in the emails that ask the estate holder: each works once, and only for a
/// while, so that an old email found later cannot cancel anything.
public enum StillHereLinks {
    /// How long a link works when no report is waiting (the inactivity check's reminders come four weeks apart
    /// at most).
    public static let lifetime: TimeInterval = 30 * EstateRules.secondsPerDay

    /// When a link issued at `now` stops working: at a waiting report's release moment (after it, there is
    /// nothing left to cancel), and never sooner than a day from now; otherwise after `lifetime`.
    public static func expiry(issuedAt now: Date, releaseAt: Date?) -> Date {
        guard let releaseAt else { return now.addingTimeInterval(lifetime) }
        return max(releaseAt, now.addingTimeInterval(EstateRules.secondsPerDay))
    }
}
