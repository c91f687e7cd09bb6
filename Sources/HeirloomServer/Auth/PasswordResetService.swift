import Fluent
import Foundation
import HeirloomCore

/// Self-service password reset: anyone who forgot their password asks for a link by email, and uses it.
///
/// Asking answers the same whether or not an account uses the address, and is counted apart from signing in
/// (`PasswordResetLimits`), so that nobody learns who has an account and nobody locks anyone out by asking. Using
/// a link clears the account's sign-in throttle: the emailed link works even while a stranger hammers the
/// sign-in form.
struct PasswordResetService: Sendable {
    let db: any Database
    /// Now, as the hub sees it.
    let clock: @Sendable () -> Date
    let passwords: PasswordHasher
    /// Counts the requests for links, per email address and per client address.
    let requests: LoginThrottle
    /// The sign-in throttle, cleared for an account whose link is used.
    let signIns: LoginThrottle
    let publicBaseURL: String

    private func links(now: Date) -> PasswordLinkService {
        PasswordLinkService(db: db, now: now, passwords: passwords, publicBaseURL: publicBaseURL)
    }

    /// Writes a reset link to the outbox when an account uses the address; otherwise does nothing, and says so
    /// to nobody.
    ///
    /// Every well-formed request counts, for an account or not, so the throttle's answer tells nothing either.
    /// Accounts that sign in only with Apple may ask too: the link gives them a password as well.
    func request(email rawEmail: String, address: String) async throws {
        let email = try AccountRules.email(rawEmail)
        let now = clock()
        try await requests.reserve(account: email, address: address, now: now, on: db)
        guard let user = try await User.query(on: db).filter(\.$email == email).with(\.$household).first() else {
            return
        }
        try await links(now: now).email(to: user, householdName: user.household.name, purpose: .reset)
    }

    /// The link and its member, while it can be used.
    func open(_ secret: String) async throws -> (PasswordLink, User) {
        try await links(now: clock()).open(secret)
    }

    /// Sets a new password with a link: every session and token of the account ends and its sign-in throttle is
    /// cleared; with a `credential`, a new session or token starts (its secret is in the answer).
    func setPassword(
        _ secret: String, to password: String, signingIn credential: AccountService.Credential? = nil
    ) async throws -> PasswordLinkService.Used {
        let used = try await links(now: clock()).setPassword(secret, to: password, signingIn: credential)
        try await signIns.clear(account: used.user.email, on: db)
        return used
    }

    /// Sets a new password with a link and signs in with a new credential.
    func setPasswordAndSignIn(_ secret: String, to password: String, credential: AccountService.Credential)
        async throws -> AccountService.SignedIn
    {
        let used = try await setPassword(secret, to: password, signingIn: credential)
        guard let household = try await Household.find(used.user.$household.id, on: db), let issued = used.secret
        else { throw AppError.internalProblem("A member's household is missing.") }
        return AccountService.SignedIn(user: used.user, household: household, secret: issued)
    }
}
