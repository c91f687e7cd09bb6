import Foundation

/// Why a one-time password link was made, which decides how long it works and what its page and email say.
public enum PasswordLinkPurpose: String, Codable, Sendable, CaseIterable {
    /// An owner or `heirloom import` made it for a member who has no password yet: it may travel by letter or by
    /// hand, so it lasts 14 days.
    case setUp = "set_up"
    /// The member asked for it on the sign-in page: it goes only to their own email, so it lasts one hour.
    case reset

    /// How long a link works after it was made.
    public var lifetime: TimeInterval {
        switch self {
        case .setUp: 14 * 24 * 60 * 60
        case .reset: 60 * 60
        }
    }

    /// When a link made at `now` stops working: on a whole second, which a database keeps exactly (a fraction
    /// comes back rounded, either way, from SQLite's double or PostgreSQL's microseconds).
    public func expiry(from now: Date) -> Date { Self.wholeSecond(at: now.addingTimeInterval(lifetime)) }

    /// The end given to a link that ends at `now` (a newer one was sent, or another was used): the whole second
    /// at or before it, so it is over at once.
    public static func endingNow(_ now: Date) -> Date { wholeSecond(at: now) }

    /// Whether a link that ends at `expiresAt` still works at `now`.
    public static func isLive(expiresAt: Date, now: Date) -> Bool { now < expiresAt }

    private static func wholeSecond(at date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}

/// How often reset links may be asked for, counted on the hub's clock whether or not an account uses the address
/// (so the answer never tells whether one does).
///
/// A stranger who asks for links in someone's name only sends that person emails, and the newest link always
/// works: asking never touches the sign-in throttle, and using a link clears it.
public enum PasswordResetLimits {
    /// Per email address: 3 requests an hour, so nobody's inbox is flooded.
    public static let perAccount = AttemptWindow(limit: 3, window: 60 * 60)
    /// Per client address: 10 requests in 15 minutes, enough for a family behind one router, slow for a script
    /// walking through a list of addresses.
    public static let perAddress = AttemptWindow(limit: 10, window: 15 * 60)
}
