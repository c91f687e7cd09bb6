import Foundation

/// How an item's beneficiary links decide its disposition.
///
/// While an item has a beneficiary, "undecided" reads as legacy: the family has decided who receives it. When the
/// last beneficiary is removed, legacy goes back to undecided, from the start (not started, nothing fetched, the note
/// kept). Any other choice the owner made (keep, sell…) stays as it is, with or without beneficiaries: the owner's
/// word counts over the automatic one.
public enum LegacyRule {
    /// The disposition after applying the rule, given whether the item has at least one beneficiary link now.
    public static func settled(_ disposition: Disposition, hasBeneficiary: Bool) -> Disposition {
        switch (disposition.value, hasBeneficiary) {
        case (.undecided, true):
            return Disposition(value: .legacy, status: .notStarted, note: disposition.note, amount: nil)
        case (.legacy, false):
            return Disposition(value: .undecided, status: .notStarted, note: disposition.note, amount: nil)
        default:
            return disposition
        }
    }
}
