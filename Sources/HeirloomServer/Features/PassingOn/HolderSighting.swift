import Foundation
import HeirloomCore

/// What a request's sign-in read of the member's estate (`TokenService`) says: enough to tell whether
/// `EstateService.holderSeen` has anything to do for this request, without reading the estate again.
struct HolderSighting: Sendable, Equatable {
    /// `EstateState.rawValue` as stored.
    var state: String
    var holderSeenAt: Date?
    var inactivityReminders: Int
    var inactivityExecutorsToldAt: Date?

    /// How long a sighting counts before the next request of the holder writes a new one.
    static let refreshInterval: TimeInterval = 3600

    /// Whether `holderSeen` would cancel a report or restart the inactivity check at `now`. When false it would
    /// change nothing, and a request skips it; when true it reads the estate afresh and decides again.
    func needsNotice(at now: Date) -> Bool {
        EstateState(rawValue: state) == .passingReported
            || Self.restartsInactivityCheck(
                seenAt: holderSeenAt, reminders: inactivityReminders, executorsToldAt: inactivityExecutorsToldAt,
                now: now)
    }

    /// Whether seeing the holder at `now` writes a new sighting: the last one is an hour old, or reminders went out.
    static func restartsInactivityCheck(seenAt: Date?, reminders: Int, executorsToldAt: Date?, now: Date) -> Bool {
        (seenAt.map { now.timeIntervalSince($0) } ?? .infinity) > refreshInterval || reminders > 0
            || executorsToldAt != nil
    }
}
