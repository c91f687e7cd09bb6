import Fluent
import HeirloomCore
import Vapor

/// Lets a member through only as far as `AccessRule` reaches for what the route touches.
///
/// Routes are registered under an `AccessGroup`, so what a route touches is named where the route is. Services
/// still narrow what `.own` means for one object (whose card, which entry); they never widen what is refused here.
struct AccessMiddleware: AsyncMiddleware {
    let access: Access
    /// When set, a member the rule refuses is told that such a thing does not exist.
    var hidingAs: String? = nil

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await request.require(access, hidingAs: hidingAs)
        return try await next.respond(to: request)
    }
}

extension Request {
    /// Throws the refusal unless the signed-in member may `access`: not signed in, told the thing does not exist
    /// (`hidingAs`), told viewers cannot change (where editors may), or told only owners may.
    func require(_ access: Access, hidingAs: String? = nil) async throws {
        let principal = try principal()
        let reader = try await reader(for: access)
        let shown = principal.householdShowsValues
        var allowed = AccessRule.allows(reader, access, in: .active, viewersSeeValues: shown)
        if !AccessRule.isSteady(reader, access, viewersSeeValues: shown) {
            let state = try await estateState()
            allowed = AccessRule.allows(reader, access, in: state, viewersSeeValues: shown)
        }
        guard !allowed else { return }
        throw Self.refusal(reader, access, hidden: hidingAs)
    }

    /// How `reader` is refused `access`: told nothing is there (`hidden`; never an owner, of their own household's
    /// things), that viewers cannot change what editors may, that only the holder may, or that only owners may.
    static func refusal(_ reader: Reader, _ access: Access, hidden: String?) -> AppError {
        let owner = reader == .holder || reader == .coOwner
        if let hidden, !owner { return AppError.notFound(hidden) }
        if reader == .viewer && AccessRule.allows(.editor, access, in: .active) { return AppError.viewerCannotChange }
        if !AccessRule.allows(.coOwner, access, in: .active) { return AppError.holderOnly }
        return AppError.ownersOnly
    }

    /// The signed-in member's kind of reader. Whether they are the estate's holder (whatever their role: Mum may
    /// be an editor while her son runs the hub) is read only where it changes the answer for `access`, so most
    /// requests never read the estate.
    func reader(for access: Access) async throws -> Reader {
        let principal = try principal()
        let byRole = Reader.member(principal.role, isHolder: false)
        let asHolder = Reader.member(principal.role, isHolder: true)
        // an owner may be the holder for anything; anyone else only for the estate's news
        let holderMatters = principal.role == .owner || access.thing == .estateNews
        guard holderMatters,
            AccessRule.allows(.holder, access, in: .active) != AccessRule.allows(byRole, access, in: .active)
        else { return byRole }
        let estate = try await Estate.query(on: db).filter(\.$household.$id == principal.householdID).first()
        let holderID = estate?.$holder.id
        if holderID == principal.userID {
            // a holder who is not an owner keeps their role's reach, and is the holder for the estate's news
            return principal.role == .owner || access.thing == .estateNews ? .holder : byRole
        }
        return holderID == nil ? asHolder : byRole
    }

    /// The estate's state now (active when the household has no estate yet).
    func estateState() async throws -> EstateState {
        let principal = try principal()
        let estate = try await Estate.query(on: db).filter(\.$household.$id == principal.householdID).first()
        return estate?.status.effectiveState(at: heirloom.now) ?? .active
    }
}
