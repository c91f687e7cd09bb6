import Fluent
import Foundation
import HeirloomCore
import Vapor

/// Unlocks and locks a member's locked journal drawers for one session or token.
///
/// Unlocking asks for the password again, or for accounts made with Sign in with Apple a fresh identity
/// token. Failures are throttled like log-ins, counted separately so that a forgotten journal password
/// does not keep anyone from signing in.
struct JournalLockService: Sendable {
    let db: any Database
    let client: any Client
    /// Now, as the hub sees it.
    let clock: @Sendable () -> Date
    let passwords: PasswordHasher
    let throttle: LoginThrottle
    let apple: AppleIdentityVerifier

    /// Checks the credential and unlocks this session or token for 10 minutes; returns when it locks again.
    func unlock(_ principal: Principal, password: String?, identityToken: String?, address: String) async throws
        -> Date
    {
        let now = clock()
        let account = "journal:\(principal.userID.text)"
        try await throttle.check(account: account, address: address, now: now, on: db)
        guard let user = try await User.find(principal.userID, on: db) else { throw AppError.unauthenticated }
        let hasPassword = password.map { !$0.isEmpty } ?? false
        let hasIdentityToken = identityToken.map { !$0.isEmpty } ?? false
        guard hasPassword || hasIdentityToken else {
            throw AppError.invalid(
                FieldError(
                    field: user.passwordHash == nil ? "identityToken" : "password",
                    message: user.passwordHash == nil
                        ? "Please confirm with Sign in with Apple to unlock your journal."
                        : "Please enter your password to unlock your journal."
                ))
        }
        // Counted as a failure before the check, so that many guesses sent at once cannot all be checked.
        try await throttle.reserve(account: account, address: address, now: now, on: db)
        let confirmed: Bool
        do {
            if let password, hasPassword {
                confirmed = try await check(password: password, of: user)
            } else {
                confirmed = try await check(identityToken: identityToken ?? "", of: user)
            }
        } catch {
            // Apple's keys out of reach is no wrong guess: the attempt is given back (when the database lets it).
            try? await throttle.released(account: account, address: address, reservedAt: now, on: db)
            throw error
        }
        guard confirmed else {
            throw AppError.invalidCredentials(
                user.passwordHash == nil
                    ? "Apple could not confirm that it is you. Please try again."
                    : "That password is not right. Please try again.")
        }
        try await throttle.succeeded(account: account, address: address, reservedAt: now, on: db)
        let until = now.addingTimeInterval(JournalRedaction.unlockDuration)
        try await AuthToken.query(on: db)
            .filter(\.$id == principal.tokenID)
            .set(\.$journalUnlockedUntil, to: until)
            .update()
        return until
    }

    /// Locks this session's or token's locked drawers at once.
    func lock(_ principal: Principal) async throws {
        try await AuthToken.query(on: db)
            .filter(\.$id == principal.tokenID)
            .set(\.$journalUnlockedUntil, to: nil)
            .update()
    }

    /// Whether the account signs in only with Apple (the web cannot confirm those yet).
    func hasPassword(_ principal: Principal) async throws -> Bool {
        try await User.find(principal.userID, on: db)?.passwordHash != nil
    }

    private func check(password: String, of user: User) async throws -> Bool {
        guard password.count <= AccountRules.maximumPasswordLength else { return false }
        guard let hash = user.passwordHash else {
            try await passwords.verifyAgainstNothing(password)
            return false
        }
        return try await passwords.verify(password, against: hash)
    }

    private func check(identityToken: String, of user: User) async throws -> Bool {
        guard let subject = user.appleSubject else { return false }
        do {
            // Apple's identity tokens expire ten minutes after they are issued, so a valid one is fresh.
            return try await apple.verify(identityToken, client: client).subject == subject
        } catch let error as AppError where error.status == .unauthorized {
            return false
        }
    }
}
