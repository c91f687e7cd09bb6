/// What owners may do to the members of their household.
public enum MembershipRules {
    /// Why a change to a membership is refused.
    public enum Refusal: Error, Equatable, Sendable {
        /// The change would leave the household without an owner.
        case lastOwner
    }

    /// Checks that changing `current` to `new` leaves at least one owner among `ownerCount` owners.
    public static func checkRoleChange(
        from current: HouseholdRole,
        to new: HouseholdRole,
        ownerCount: Int
    ) throws(Refusal) {
        if current == .owner, new != .owner, ownerCount <= 1 {
            throw .lastOwner
        }
    }

    /// Checks that removing a member with `role` leaves at least one owner among `ownerCount` owners.
    public static func checkRemoval(of role: HouseholdRole, ownerCount: Int) throws(Refusal) {
        if role == .owner, ownerCount <= 1 {
            throw .lastOwner
        }
    }
}
