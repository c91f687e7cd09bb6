import Fluent
import FluentSQLiteDriver
import Foundation
import HeirloomCore
import SQLKit
import SQLiteNIO

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
        /// The household's time zone (an identifier such as Europe/London); nil when it has not chosen one.
        var householdTimeZone: String?
        /// Whether the household shows what things are worth to its viewers.
        var householdShowsValues = false
        /// The household's estate's holder and state; nil without an estate.
        var estateHolderID: UUID?
        var estate: HolderSighting?
        /// `EstateState.rawValue` of a reported passing of this member, for their letters (issue 31); nil without.
        var memberPassingState: String? = nil
    }

    /// Every signed-in request's one read: the token by its hash, its member, their household and the household's
    /// estate (at most one: a unique index).
    ///
    /// Written out rather than built with SQLKit's builder or read into Fluent models: the profile of
    /// `make bench-api` showed `/api/health` spending a fifth of its time building, quoting and serializing
    /// queries and filling models by reflection.
    ///
    /// The one read that does not go through `HubDatabase.reading`: on a SQLite file it runs on the readers' kept
    /// prepared statement and reads its columns by position. Through `SQLiteReadDatabase` (serializing the query,
    /// naming and decoding every column on each request) `/api/me` served 30 % fewer requests a second in
    /// `make bench-api` (its ratio to `/api/health` fell from 0.57 to 0.40, measured in one run each on the same
    /// machine); every signed-in request pays for it. Elsewhere (PostgreSQL, memory, or inside a transaction, whose
    /// own writes it must see) it reads as the list pages do, with the same text.
    static func signIn(_ hash: String, on database: HubDatabase) async throws -> SignIn? {
        if let readers = database.readers, !database.db.inTransaction, database.db is any SQLiteDatabase {
            return try await readers.withPrepared { connection in
                var found: SignIn?
                try connection.query(signInSQLite, [.text(hash)]) { row in found = try SignIn(row: row) }
                return found
            }
        }
        let read = SQLQueryString("\(unsafeRaw: signInSQLBeforeHash)\(bind: hash) LIMIT 1")
        return try await database.reading { sql in try await sql.raw(read).first().map(SignIn.init(row:)) }
    }

    private static let signInSQLite = signInSQLBeforeHash + "? LIMIT 1"

    /// The read's text up to the hash, which is bound where it ends.
    private static let signInSQLBeforeHash =
        "SELECT "
        + SignIn.Column.allCases.map { "\($0.source.expression) AS \($0.source.name)" }.joined(separator: ", ")
        + " FROM auth_tokens t JOIN users u ON u.id = t.user_id JOIN households h ON h.id = u.household_id"
        + " LEFT JOIN estates e ON e.household_id = u.household_id"
        + " LEFT JOIN member_passings mp ON mp.user_id = u.id WHERE t.token_hash = "
}

extension TokenService.SignIn {
    /// The read's columns, in order: `rawValue` is the place in the result, counting from 0.
    enum Column: Int, CaseIterable {
        case tokenID
        case userID
        case kind
        case lastUsedAt
        case expiresAt
        case journalUnlockedUntil
        case userName
        case userEmail
        case role
        case householdID
        case householdName
        case householdCurrency
        case estateHolder
        case estateState
        case estateSeenAt
        case estateReminders
        case estateToldAt
        case householdTimeZone
        case memberPassingState
        case householdShowsValues

        /// What is read, and its name in the result.
        var source: (expression: String, name: String) { Self.sources[rawValue] }

        private static let sources = [
            ("t.id", "token_id"), ("t.user_id", "token_user_id"), ("t.kind", "token_kind"),
            ("t.last_used_at", "token_last_used_at"), ("t.expires_at", "token_expires_at"),
            ("t.journal_unlocked_until", "token_journal_unlocked_until"), ("u.name", "user_name"),
            ("u.email", "user_email"), ("u.role", "user_role"), ("h.id", "household_id"), ("h.name", "household_name"),
            ("h.default_currency", "household_currency"), ("e.holder_user_id", "estate_holder"),
            ("e.state", "estate_state"), ("e.holder_seen_at", "estate_seen_at"),
            ("e.inactivity_reminders", "estate_reminders"), ("e.inactivity_executors_told_at", "estate_told_at"),
            ("h.time_zone", "household_time_zone"), ("mp.state", "member_passing_state"),
            // As a number, read alike from SQLite's integer and PostgreSQL's boolean.
            ("CASE WHEN h.show_values_to_viewers THEN 1 ELSE 0 END", "household_shows_values"),
        ]
    }

    /// A sign-in from its row, however it was read.
    init(row: some Row) throws {
        func required<T>(_ column: Column, _ value: T?) throws -> T {
            guard let value else { throw AppError.internalProblem("A sign-in's \(column.source.name) is missing.") }
            return value
        }
        guard let kind = AuthToken.Kind(rawValue: try required(.kind, row.text(.kind))) else {
            throw AppError.internalProblem("A token has a kind Heirloom does not know.")
        }
        guard let role = HouseholdRole(rawValue: try required(.role, row.text(.role))) else {
            throw AppError.internalProblem("A member has a role Heirloom does not know.")
        }
        var estate: HolderSighting?
        if let state = try row.text(.estateState) {
            estate = HolderSighting(
                state: state, holderSeenAt: try row.date(.estateSeenAt),
                inactivityReminders: try required(.estateReminders, row.integer(.estateReminders)),
                inactivityExecutorsToldAt: try row.date(.estateToldAt))
        }
        self.init(
            tokenID: try required(.tokenID, row.uuid(.tokenID)), userID: try required(.userID, row.uuid(.userID)),
            kind: kind, lastUsedAt: try row.date(.lastUsedAt), expiresAt: try row.date(.expiresAt),
            journalUnlockedUntil: try row.date(.journalUnlockedUntil),
            userName: try required(.userName, row.text(.userName)),
            userEmail: try required(.userEmail, row.text(.userEmail)), role: role,
            householdID: try required(.householdID, row.uuid(.householdID)),
            householdName: try required(.householdName, row.text(.householdName)),
            householdCurrency: try required(.householdCurrency, row.text(.householdCurrency)),
            householdTimeZone: try row.text(.householdTimeZone),
            householdShowsValues: try row.integer(.householdShowsValues) == 1,
            estateHolderID: try row.uuid(.estateHolder), estate: estate,
            memberPassingState: try row.text(.memberPassingState))
    }

    /// A row of the read: nil for NULL, an error for a value of another type.
    protocol Row {
        func text(_ column: Column) throws -> String?
        func uuid(_ column: Column) throws -> UUID?
        func date(_ column: Column) throws -> Date?
        func integer(_ column: Column) throws -> Int?
    }
}

/// A row read through SQLKit, by column name.
private struct NamedRow: TokenService.SignIn.Row {
    let row: any SQLRow

    func text(_ column: TokenService.SignIn.Column) throws -> String? { try value(column) }
    func uuid(_ column: TokenService.SignIn.Column) throws -> UUID? { try row.optionalUUID(column.source.name) }
    func date(_ column: TokenService.SignIn.Column) throws -> Date? { try value(column) }
    func integer(_ column: TokenService.SignIn.Column) throws -> Int? { try value(column) }

    private func value<T: Decodable>(_ column: TokenService.SignIn.Column) throws -> T? {
        try row.decodeIfPresent(column: column.source.name, as: T.self)
    }
}

extension TokenService.SignIn {
    init(row: any SQLRow) throws { try self.init(row: NamedRow(row: row)) }
}

/// A row of the kept prepared statement, by position, read as SQLiteNIO reads its values.
extension PreparedSQLiteConnection.Row: TokenService.SignIn.Row {
    func text(_ column: TokenService.SignIn.Column) throws -> String? { try value(column, String.init(sqliteData:)) }
    func uuid(_ column: TokenService.SignIn.Column) throws -> UUID? {
        try value(column) { String(sqliteData: $0).flatMap(UUID.init(uuidString:)) }
    }
    func date(_ column: TokenService.SignIn.Column) throws -> Date? { try value(column, Date.init(sqliteData:)) }
    func integer(_ column: TokenService.SignIn.Column) throws -> Int? { try value(column, Int.init(sqliteData:)) }

    private func value<T>(_ column: TokenService.SignIn.Column, _ read: (SQLiteData) -> T?) throws -> T? {
        let data = data(column.rawValue)
        if data == .null { return nil }
        guard let value = read(data) else {
            throw AppError.internalProblem("A sign-in's \(column.source.name) is not of its type.")
        }
        return value
    }
}
