import Foundation

/// Whether a beneficiary sees an item: the link's release rule, applied to the estate at a moment.
///
/// This is the one answer the recipient page, the recipient API, the release preview and the scheduler's
/// release emails all use; it adds to `ReleaseRule` only what the rule leaves to the hub: a date rule opens at
/// the start of its day in the household's time zone, an immediate link opens once the beneficiary was invited,
/// and the holder's passing counts from the estate's release.
public enum RecipientVisibility {
    /// The link's rule with its date moved to the start of that day in the household's time zone.
    ///
    /// A stored access date is the day at midnight UTC; the family means midnight where they live.
    public static func householdRule(_ rule: ReleaseRule, timeZone: TimeZone) -> ReleaseRule {
        guard case .afterSpecificDate(let stored) = rule else { return rule }
        return .afterSpecificDate(Day(stored, in: .gmt).start(in: timeZone))
    }

    /// Whether the link's item is visible to its beneficiary at `now`.
    public static func isVisible(
        _ rule: ReleaseRule, estate: EstateStatus, at now: Date, timeZone: TimeZone, invited: Bool
    ) -> Bool {
        if rule == .immediate, !invited { return false }
        return householdRule(rule, timeZone: timeZone).isAvailable(at: now, owner: estate.ownerReleaseState(at: now))
    }

    /// What the beneficiary would see at `moment` if the estate were released then (a rehearsal): immediate
    /// links count as invited.
    public static func isVisibleInPreview(_ rule: ReleaseRule, at moment: Date, timeZone: TimeZone) -> Bool {
        let released = EstateStatus(state: .released, releasedAt: moment)
        return isVisible(rule, estate: released, at: moment, timeZone: timeZone, invited: true)
    }
}
