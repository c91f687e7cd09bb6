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
        if let hidingAs { throw AppError.notFound(hidingAs) }
        let editorsMay = AccessRule.allows(.editor, access, in: .active)
        throw reader == .viewer && editorsMay ? AppError.viewerCannotChange : AppError.ownersOnly
    }

    /// The signed-in member's kind of reader: an owner is the holder or a co-owner only where the two differ for
    /// `access`, so most requests never read the estate.
    func reader(for access: Access) async throws -> Reader {
        let principal = try principal()
        guard principal.role == .owner,
            AccessRule.allows(.holder, access, in: .active) != AccessRule.allows(.coOwner, access, in: .active)
        else { return Reader.member(principal.role, isHolder: true) }
        let estate = try await Estate.query(on: db).filter(\.$household.$id == principal.householdID).first()
        let holderID = estate?.$holder.id
        return Reader.member(.owner, isHolder: holderID == nil || holderID == principal.userID)
    }

    /// The estate's state now (active when the household has no estate yet).
    func estateState() async throws -> EstateState {
        let principal = try principal()
        let estate = try await Estate.query(on: db).filter(\.$household.$id == principal.householdID).first()
        return estate?.status.effectiveState(at: heirloom.now) ?? .active
    }
}
