import Foundation
import HeirloomCore
import Vapor

/// Who made a request: the signed-in member, their household and role, and the token they used.
struct Principal: Authenticatable, Sendable {
    var userID: UUID
    var name: String
    var email: String
    var householdID: UUID
    var householdName: String
    /// The household's default currency (ISO 4217), as it was when the request was signed in.
    var householdCurrency: String
    /// The household's time zone as it was when the request was signed in; nil when it has not chosen one.
    var householdTimeZone: String? = nil
    /// Whether the household shows its viewers what things are worth, as it was when the request was signed in.
    var householdShowsValues = false
    var role: HouseholdRole
    var tokenID: UUID
    var tokenKind: AuthToken.Kind
    /// Whether the credential came from the session cookie (so unsafe API calls need a CSRF header).
    var viaCookie: Bool
    /// Until when this session or token may read the member's locked journal drawers.
    var journalUnlockedUntil: Date? = nil

    /// How days read on this member's pages: on the household's calendar (the server's when it has none).
    var days: DayText {
        DayText(zone: householdTimeZone.flatMap(TimeZone.init(identifier:)) ?? .current)
    }

    /// Whether this member sees what things are worth: owners and editors always; viewers when an owner chose so.
    var seesValues: Bool { role.canEdit || householdShowsValues }

    /// Throws unless the member sees values: a sale, a lot or selling advice is about what things fetch, and for a
    /// viewer kept from values it does not exist.
    func requireSeesValues(hidingAs name: String) throws(AppError) {
        guard seesValues else { throw AppError.notFound(name) }
    }

    /// Throws unless the role may change household content.
    func requireEditor() throws(AppError) {
        guard role.canEdit else { throw AppError.viewerCannotChange }
    }

    /// Throws unless the member is an owner.
    func requireOwner() throws(AppError) {
        guard role.canManageHousehold else { throw AppError.ownersOnly }
    }
}

extension Request {
    /// The signed-in member, or `unauthenticated`.
    func principal() throws(AppError) -> Principal {
        guard let principal = auth.get(Principal.self) else { throw .unauthenticated }
        return principal
    }
}
