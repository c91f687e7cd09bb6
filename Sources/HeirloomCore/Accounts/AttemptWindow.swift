import Foundation

/// A sliding window of failed attempts: after `limit` failures within `window`, further attempts wait.
///
/// Used for log-ins (per account and per address) and for re-entering a password; pure, so the server
/// keeps the state (in its database, shared by every server of a hub) and the clock, and this decides.
public struct AttemptWindow: Equatable, Sendable {
    /// How many failures are allowed within the window.
    public var limit: Int
    /// How long a failure counts.
    public var window: TimeInterval
    /// The times of the failures still inside the window, oldest first.
    public private(set) var failures: [Date] = []

    public init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    /// The same rule with the failures the server kept.
    public func with(failures: [Date]) -> AttemptWindow {
        var copy = self
        copy.failures = failures
        return copy
    }

    /// When the next attempt may be made, or nil when one may be made now.
    public func retryAfter(now: Date) -> Date? {
        let recent = failures.filter { now.timeIntervalSince($0) < window }
        guard recent.count >= limit else { return nil }
        // The window opens again when the oldest failure that keeps it full leaves it.
        return recent[recent.count - limit].addingTimeInterval(window)
    }

    /// Records a failure at `now` and forgets failures that left the window.
    public mutating func recordFailure(now: Date) {
        failures.removeAll { now.timeIntervalSince($0) >= window }
        failures.append(now)
    }

    /// Takes back one failure recorded at `date` (an attempt counted in advance that succeeded).
    public mutating func forget(at date: Date) {
        if let index = failures.lastIndex(of: date) { failures.remove(at: index) }
    }

    /// Whether nothing inside the window is remembered any more (the entry can be dropped).
    public func isEmpty(now: Date) -> Bool {
        failures.allSatisfy { now.timeIntervalSince($0) >= window }
    }
}
