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

    /// The member's kind of reader, taking an owner for the holder: what differs between the holder and the
    /// owners helping them (the binder's "only me") is asked of the estate by its feature (`Request.reader(for:)`).
    var reader: Reader { Reader.member(role, isHolder: true) }

    /// Whether `AccessRule` lets this member reach `access` (the estate's state aside: no member's reach depends
    /// on it).
    func may(_ access: Access) -> Bool {
        AccessRule.allows(reader, access, in: .active, viewersSeeValues: householdShowsValues)
    }

    /// Throws `notFound(name)` unless this member may reach `access`: for them such a thing does not exist.
    func require(_ access: Access, hidingAs name: String) throws(AppError) {
        guard may(access) else { throw AppError.notFound(name) }
    }

    /// Whether this member sees what things are worth: owners and editors always; viewers when an owner chose so.
    var seesValues: Bool { may(.read(.values)) }

    /// Throws unless the member sees values: a sale, a lot or selling advice is about what things fetch, and for a
    /// viewer kept from values it does not exist.
    func requireSeesValues(hidingAs name: String) throws(AppError) {
        guard seesValues else { throw AppError.notFound(name) }
    }

    /// Throws unless the member may change the family's things (`AccessRule`: owners and editors).
    func requireEditor() throws(AppError) {
        guard may(.change(.items)) else { throw AppError.viewerCannotChange }
    }

    /// Throws unless the member may run the household (`AccessRule`: owners).
    func requireOwner() throws(AppError) {
        guard may(.change(.household)) else { throw AppError.ownersOnly }
    }
}

extension Request {
    /// The signed-in member, or `unauthenticated`.
    func principal() throws(AppError) -> Principal {
        guard let principal = auth.get(Principal.self) else { throw .unauthenticated }
        return principal
    }
}
