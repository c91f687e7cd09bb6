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

    /// Whether an owner may make a member a link to choose a first password: only while the member has no way in
    /// (brought by an import, or invited and not yet joined). A member who can sign in asks for their own reset
    /// link, which goes only to their address; any other link would let its holder sign in as them.
    public static func needsFirstPassword(hasPassword: Bool, signsInWithApple: Bool) -> Bool {
        !hasPassword && !signsInWithApple
    }
}
