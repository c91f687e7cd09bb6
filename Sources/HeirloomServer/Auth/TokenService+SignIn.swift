import Foundation
import HeirloomCore
import SQLKit

extension TokenService {
    /// A token found by its hash, with what a request needs of its member, household and estate.
    struct SignIn: Sendable {
        var tokenID: UUID
        var userID: UUID
        var kind: AuthToken.Kind
        var lastUsedAt: Date?
        var expiresAt: Date?
        var journalUnlockedUntil: Date?
        var userName: String
        var userEmail: String
        var role: HouseholdRole
        var householdID: UUID
        var householdName: String
        var householdCurrency: String
        /// The household's estate's holder and state; nil without an estate.
        var estateHolderID: UUID?
        var estate: HolderSighting?
    }

    /// Every signed-in request's one read: the token by its hash, its member, their household and the household's
    /// estate (at most one: a unique index).
    ///
    /// Written out rather than built with SQLKit's builder or read into Fluent models: the profile of
    /// `make bench-api` showed `/api/health` spending a fifth of its time building, quoting and serializing
    /// queries and filling models by reflection. The text is the same on SQLite and PostgreSQL.
    static func signIn(_ hash: String, on sql: any SQLDatabase) async throws -> SignIn? {
        guard
            let row = try await sql.raw(
                """
                SELECT t.id AS token_id, t.user_id AS token_user_id, t.kind AS token_kind, \
                t.last_used_at AS token_last_used_at, t.expires_at AS token_expires_at, \
                t.journal_unlocked_until AS token_journal_unlocked_until, \
                u.name AS user_name, u.email AS user_email, u.role AS user_role, \
                h.id AS household_id, h.name AS household_name, h.default_currency AS household_currency, \
                e.holder_user_id AS estate_holder, e.state AS estate_state, e.holder_seen_at AS estate_seen_at, \
                e.inactivity_reminders AS estate_reminders, e.inactivity_executors_told_at AS estate_told_at \
                FROM auth_tokens t \
                JOIN users u ON u.id = t.user_id \
                JOIN households h ON h.id = u.household_id \
                LEFT JOIN estates e ON e.household_id = u.household_id \
                WHERE t.token_hash = \(bind: hash) LIMIT 1
                """
            ).first()
        else { return nil }
        guard let kind = AuthToken.Kind(rawValue: try row.decode(column: "token_kind", as: String.self)) else {
            throw AppError.internalProblem("A token has a kind Heirloom does not know.")
        }
        guard let role = HouseholdRole(rawValue: try row.decode(column: "user_role", as: String.self)) else {
            throw AppError.internalProblem("A member has a role Heirloom does not know.")
        }
        var estate: HolderSighting?
        if let state = try row.decode(column: "estate_state", as: String?.self) {
            estate = HolderSighting(
                state: state, holderSeenAt: try row.decode(column: "estate_seen_at", as: Date?.self),
                inactivityReminders: try row.decode(column: "estate_reminders", as: Int.self),
                inactivityExecutorsToldAt: try row.decode(column: "estate_told_at", as: Date?.self))
        }
        return SignIn(
            tokenID: try row.decode(column: "token_id", as: UUID.self),
            userID: try row.decode(column: "token_user_id", as: UUID.self),
            kind: kind,
            lastUsedAt: try row.decode(column: "token_last_used_at", as: Date?.self),
            expiresAt: try row.decode(column: "token_expires_at", as: Date?.self),
            journalUnlockedUntil: try row.decode(column: "token_journal_unlocked_until", as: Date?.self),
            userName: try row.decode(column: "user_name", as: String.self),
            userEmail: try row.decode(column: "user_email", as: String.self),
            role: role,
            householdID: try row.decode(column: "household_id", as: UUID.self),
            householdName: try row.decode(column: "household_name", as: String.self),
            householdCurrency: try row.decode(column: "household_currency", as: String.self),
            estateHolderID: try row.decode(column: "estate_holder", as: UUID?.self),
            estate: estate)
    }
}
