import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Issues, finds, lists and revokes sessions, app tokens and paired-device tokens.
struct TokenService: Sendable {
    let db: any Database
    let now: @Sendable () -> Date

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
            name: String(name.prefix(200)),
            tokenHash: SecretToken.hash(secret),
            expiresAt: expiresAt
        )
        token.lastUsedAt = now()
        try await token.create(on: db)
        return (token, secret)
    }

    /// The member a secret belongs to, or nil when it is unknown, revoked or expired.
    ///
    /// Runs on every signed-in request: one read finds the token with its member and household.
    func principal(forSecret secret: String, viaCookie: Bool) async throws -> Principal? {
        guard secret.count <= 200 else { return nil }
        let hash = SecretToken.hash(secret)
        guard let found = try await db.withReads({ sql in try await Self.signIn(hash, on: sql) }),
            let tokenID = found.token.id
        else { return nil }
        let token = found.token
        let now = now()
        if let expiresAt = token.expiresAt, expiresAt <= now {
            try await token.delete(on: db)
            return nil
        }
        if (token.lastUsedAt.map { now.timeIntervalSince($0) } ?? .infinity) > Self.touchInterval {
            token.lastUsedAt = now
            if token.kind == .session { token.expiresAt = now.addingTimeInterval(Self.sessionLifetime) }
            try await token.save(on: db)
        }
        return Principal(
            userID: token.$user.id,
            name: found.userName,
            email: found.userEmail,
            householdID: found.householdID,
            householdName: found.householdName,
            householdCurrency: found.householdCurrency,
            role: found.role,
            tokenID: tokenID,
            tokenKind: token.kind,
            viaCookie: viaCookie,
            journalUnlockedUntil: token.journalUnlockedUntil
        )
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
            role: token.user.role,
            tokenID: try token.requireID(),
            tokenKind: token.kind,
            viaCookie: viaCookie,
            journalUnlockedUntil: token.journalUnlockedUntil
        )
    }

    /// A token found by its hash, with what a request needs of its member and household.
    private struct SignIn: Sendable {
        var token: AuthToken
        var userName: String
        var userEmail: String
        var role: HouseholdRole
        var householdID: UUID
        var householdName: String
        var householdCurrency: String
    }

    private static func signIn(_ hash: String, on sql: any SQLDatabase) async throws -> SignIn? {
        func column(_ name: String, of table: String, as alias: String) -> SQLAlias {
            SQLAlias(SQLColumn(name, table: table), as: alias)
        }
        guard
            let row = try await sql.select()
                .column(SQLColumn(SQLLiteral.all, table: SQLIdentifier(AuthToken.schema)))
                .column(column("name", of: User.schema, as: "signed_in_user_name"))
                .column(column("email", of: User.schema, as: "signed_in_user_email"))
                .column(column("role", of: User.schema, as: "signed_in_user_role"))
                .column(column("id", of: Household.schema, as: "signed_in_household_id"))
                .column(column("name", of: Household.schema, as: "signed_in_household_name"))
                .column(column("default_currency", of: Household.schema, as: "signed_in_household_currency"))
                .from(AuthToken.schema)
                .join(
                    SQLIdentifier(User.schema), on: SQLColumn("id", table: User.schema), .equal,
                    SQLColumn("user_id", table: AuthToken.schema)
                )
                .join(
                    SQLIdentifier(Household.schema), on: SQLColumn("id", table: Household.schema), .equal,
                    SQLColumn("household_id", table: User.schema)
                )
                .where(SQLColumn("token_hash", table: AuthToken.schema), .equal, SQLBind(hash))
                .limit(1).first()
        else { return nil }
        guard let role = HouseholdRole(rawValue: try row.decode(column: "signed_in_user_role", as: String.self)) else {
            throw AppError.internalProblem("A member has a role Heirloom does not know.")
        }
        return SignIn(
            token: try row.decode(fluentModel: AuthToken.self),
            userName: try row.decode(column: "signed_in_user_name", as: String.self),
            userEmail: try row.decode(column: "signed_in_user_email", as: String.self),
            role: role,
            householdID: try row.decode(column: "signed_in_household_id", as: UUID.self),
            householdName: try row.decode(column: "signed_in_household_name", as: String.self),
            householdCurrency: try row.decode(column: "signed_in_household_currency", as: String.self))
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
