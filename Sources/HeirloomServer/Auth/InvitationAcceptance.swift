import Fluent
import Foundation
import HeirloomCore
import SQLKit

extension AccountService {
    /// What the person opening an invitation link sees before accepting.
    struct InvitationPreview: Sendable {
        var householdName: String
        var role: HouseholdRole
        var invitedBy: String
        /// Who it was made for, as the owner wrote it: the join form starts with these.
        var name: String? = nil
        var email: String? = nil
    }

    /// The invitation behind a secret, if it can still be accepted.
    func openInvitation(secret: String) async throws -> (Invitation, Household) {
        guard secret.count <= 200,
            let invitation = try await Invitation.query(on: db)
                .filter(\.$tokenHash == SecretToken.hash(secret))
                .with(\.$household)
                .with(\.$createdBy)
                .first()
        else {
            throw AppError.notFound("invitation")
        }
        if invitation.acceptedAt != nil {
            throw AppError.gone("This invitation has been used already. Please ask for a new link.")
        }
        if invitation.expiresAt <= clock() {
            throw AppError.gone("This invitation has expired. Invitations work for 7 days; please ask for a new link.")
        }
        return (invitation, invitation.household)
    }

    func previewInvitation(secret: String) async throws -> InvitationPreview {
        let (invitation, household) = try await openInvitation(secret: secret)
        return InvitationPreview(
            householdName: household.name,
            role: invitation.role,
            invitedBy: invitation.createdBy?.name ?? "An owner",
            name: invitation.name, email: invitation.email
        )
    }

    /// Creates the invited person's account in the inviting household; the link then stops working.
    func acceptInvitation(
        secret: String,
        name rawName: String,
        email rawEmail: String,
        password rawPassword: String,
        credential: Credential
    ) async throws -> SignedIn {
        let (invitation, household) = try await openInvitation(secret: secret)
        var checks = FieldChecks()
        let name = try checks.value { try AccountRules.name(rawName, field: "name") }
        let email = try checks.value { try AccountRules.email(rawEmail) }
        let password = try checks.value { try AccountRules.newPassword(rawPassword) }
        try checks.finish()
        guard let name, let email, let password else { throw AppError.internalProblem("joining") }
        try await requireUnusedEmail(email)
        let hash = try await passwords.hash(password)
        let proved = AddressProof.invitationProves(invited: invitation.email, accepted: email)
        let now = clock()
        return try await join(invitation: invitation, household: household, credential: credential) { householdID in
            let user = User(
                householdID: householdID, name: name, email: email, passwordHash: hash, role: invitation.role)
            if proved { user.emailConfirmedAt = now }
            return user
        }
    }

    /// Marks the invitation used and creates the member, atomically: of two people using one link, one wins.
    func join(
        invitation: Invitation,
        household: Household,
        credential: Credential,
        makeUser: @escaping @Sendable (UUID) -> User
    ) async throws -> SignedIn {
        let now = clock()
        do {
            return try await db.transaction { db in
                // Claim the link with a conditional update; of two people using it at once, one wins.
                let claimed = try await db.sql().update(Invitation.schema)
                    .set("accepted_at", to: now)
                    .where("id", .equal, try invitation.requireID())
                    .where("accepted_at", .is, SQLLiteral.null)
                    .returning("id")
                    .all()
                guard claimed.count == 1 else {
                    throw AppError.gone("This invitation has been used already. Please ask for a new link.")
                }
                let user = makeUser(try household.requireID())
                try await user.create(on: db)
                let issued = try await TokenService(database: tokens.database.on(db), now: clock)
                    .issue(userID: try user.requireID(), kind: credential.kind, name: credential.name)
                return SignedIn(user: user, household: household, secret: issued.secret)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.emailTaken
        }
    }
}
