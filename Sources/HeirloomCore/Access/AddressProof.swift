import Foundation

/// When the hub trusts that a member's account is the person an address names. An account's address is only
/// typed by its owner, so it proves nothing until a link sent to it comes back; and a person named by address
/// elsewhere (a wish participant) is the one the organiser chose when the round opened, not whoever has the
/// beneficiary's address in the family's list now.
public enum AddressProof {
    /// Whether accepting an invitation proves the address: the account was made with the very address the owner
    /// invited (the link was sent there, or handed to that person).
    public static func invitationProves(invited: String?, accepted: String) -> Bool {
        guard let invited, !invited.isEmpty else { return false }
        return invited.lowercased() == accepted.lowercased()
    }

    /// Whether a member may take part as someone named by `chosen` (the address fixed when the round opened): only
    /// with a confirmed address that is that very one, and never when the member typed it into that person's card
    /// themselves (`namedByThemselves`): writing one's own address on someone else's card gains nothing.
    public static func accountStandsFor(
        chosen: String?, memberEmail: String, confirmed: Bool, namedByThemselves: Bool
    ) -> Bool {
        guard confirmed, !namedByThemselves, let chosen, !chosen.isEmpty else { return false }
        return chosen.lowercased() == memberEmail.lowercased()
    }

    /// How long a confirmation link works.
    public static let linkLifetime: TimeInterval = 7 * 24 * 3600
}
