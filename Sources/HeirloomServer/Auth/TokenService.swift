import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Issues, finds, lists and revokes sessions, app tokens and paired-device tokens.
struct TokenService: Sendable {
    /// The hub's database: sign-ins read through `database.reading`.
    let database: HubDatabase
    let now: @Sendable () -> Date

    var db: any Database { database.db }

    /// How long a browser session lasts without use.
    static let sessionLifetime: TimeInterval = 30 * 24 * 60 * 60
    /// How stale `lastUsedAt` may get before a request writes it again.
    static let touchInterval: TimeInterval = 60

    /// Creates a token and returns it with its secret, which is shown only now.
    func issue(userID: UUID, kind: AuthToken.Kind, name: String) async throws -> (token: AuthToken, secret: String) {
        let secret = SecretToken.generate()
        let expiresAt = kind == .session ? now().addingTimeInterval(Self.sessionLifetime) : nil
        let token = AuthToken(
            userID: userID,
            kind: kind,
            name: TextLimit.clipped(name, to: 200),
            tokenHash: SecretToken.hash(secret),
            expiresAt: expiresAt
        )
        token.lastUsedAt = now()
        try await token.create(on: db)
        return (token, secret)
    }

    /// A request's signed-in member, and what the same read found of the estate they hold.
    struct SignedInRequest: Sendable {
        var principal: Principal
        /// The estate of which the member is the holder, as read; nil when they hold none.
        var estate: HolderSighting?
        /// Whether a passing of this member was reported for their letters (and may need stopping).
        var memberPassingReported = false
    }

    /// The member a secret belongs to, or nil when it is unknown, revoked or expired.
    ///
    /// Runs on every signed-in request: one read finds the token with its member, household and estate.
    func principal(forSecret secret: String, viaCookie: Bool) async throws -> SignedInRequest? {
        guard secret.count <= 200 else { return nil }
        let hash = SecretToken.hash(secret)
        guard let found = try await Self.signIn(hash, on: database) else {
            return nil
        }
        let now = now()
        if let expiresAt = found.expiresAt, expiresAt <= now {
            try await AuthToken.query(on: db).filter(\.$id == found.tokenID).delete()
            return nil
        }
        if (found.lastUsedAt.map { now.timeIntervalSince($0) } ?? .infinity) > Self.touchInterval {
            var touch = AuthToken.query(on: db).filter(\.$id == found.tokenID).set(\.$lastUsedAt, to: now)
            if found.kind == .session {
                touch = touch.set(\.$expiresAt, to: now.addingTimeInterval(Self.sessionLifetime))
            }
            try await touch.update()
        }
        let principal = Principal(
            userID: found.userID,
            name: found.userName,
            email: found.userEmail,
            householdID: found.householdID,
            householdName: found.householdName,
            householdCurrency: found.householdCurrency,
            householdTimeZone: found.householdTimeZone,
            householdShowsValues: found.householdShowsValues,
            role: found.role,
            tokenID: found.tokenID,
            tokenKind: found.kind,
            viaCookie: viaCookie,
            journalUnlockedUntil: found.journalUnlockedUntil
        )
        return SignedInRequest(
            principal: principal, estate: found.estateHolderID == found.userID ? found.estate : nil,
            memberPassingReported: found.memberPassingState == EstateState.passingReported.rawValue)
    }

    /// A paired phone's member and its token's stored hash, by the token's id (signed media addresses carry the
    /// id, and are signed with the hash); nil when the phone has been disconnected.
    func device(id: UUID) async throws -> (principal: Principal, tokenHash: String)? {
        guard
            let token = try await AuthToken.query(on: db).filter(\.$id == id).filter(\.$kind == .device)
                .with(\.$user, { $0.with(\.$household) }).first()
        else { return nil }
        return (try Self.principal(token, viaCookie: false), token.tokenHash)
    }

    private static func principal(_ token: AuthToken, viaCookie: Bool) throws -> Principal {
        Principal(
            userID: try token.user.requireID(),
            name: token.user.name,
            email: token.user.email,
            householdID: try token.user.household.requireID(),
            householdName: token.user.household.name,
            householdCurrency: token.user.household.defaultCurrency,
            householdTimeZone: token.user.household.timeZone,
            householdShowsValues: token.user.household.showValuesToViewers,
            role: token.user.role,
            tokenID: try token.requireID(),
            tokenKind: token.kind,
            viaCookie: viaCookie,
            journalUnlockedUntil: token.journalUnlockedUntil
        )
    }

    /// The user's tokens, newest first.
    func list(userID: UUID) async throws -> [AuthToken] {
        try await AuthToken.query(on: db)
            .filter(\.$user.$id == userID)
            .group(.or) { $0.filter(\.$expiresAt == nil).filter(\.$expiresAt > now()) }
            .sort(\.$createdAt, .descending)
            .all()
    }

    /// Revokes one of the user's tokens; someone else's answers not found.
    func revoke(id: UUID, userID: UUID) async throws {
        guard
            let token = try await AuthToken.query(on: db)
                .filter(\.$id == id)
                .filter(\.$user.$id == userID)
                .first()
        else { throw AppError.notFound("session or token") }
        try await token.delete(on: db)
    }

    /// Ends the token a request was made with.
    func revoke(tokenID: UUID) async throws {
        try await AuthToken.query(on: db).filter(\.$id == tokenID).delete()
    }

    /// Ends every token of a user except one (after a password change).
    func revokeAll(userID: UUID, except keep: UUID? = nil) async throws {
        var query = AuthToken.query(on: db).filter(\.$user.$id == userID)
        if let keep { query = query.filter(\.$id != keep) }
        try await query.delete()
    }
}
