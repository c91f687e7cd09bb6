import HeirloomCore
import Vapor

/// Lets a request through only when someone is signed in with at least the given role.
///
/// Routes are grouped under one of these in `routes.swift`, so a page's guard is visible where the route
/// is named. Services still check the principal they are given; this is the first door, not the only one.
struct RoleMiddleware: AsyncMiddleware {
    enum Required: Sendable {
        /// Any member of the household.
        case member
        /// Owners and editors, who may change household content.
        case editor
        /// Owners, who manage the household.
        case owner
    }

    let required: Required
    /// When set, a member without the role is told the page does not exist (viewers never learn who gets what).
    var hidingAs: String? = nil

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let principal = try request.principal()
        do {
            switch required {
            case .member: break
            case .editor: try principal.requireEditor()
            case .owner: try principal.requireOwner()
            }
        } catch {
            throw hidingAs.map(AppError.notFound) ?? error
        }
        return try await next.respond(to: request)
    }
}
