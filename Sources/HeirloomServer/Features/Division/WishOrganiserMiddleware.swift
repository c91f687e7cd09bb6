import Vapor

/// The guard of the organiser's pages: an owner signed in, or a trusted contact with their page's cookie once the
/// estate is released. Signed-out callers are sent to sign in; other members are told there is no such page.
struct WishOrganiserMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let principal = request.auth.get(Principal.self) {
            request.wishOrganiser = try WishOrganiser.member(principal)
        } else if let executor = try await OutsiderPages.executor(request) {
            request.wishOrganiser = try await WishOrganiser.executor(
                executor, clock: request.heirloom.services.clock, on: request.db)
        } else {
            throw AppError.unauthenticated
        }
        return try await next.respond(to: request)
    }
}

extension Request {
    private struct WishOrganiserKey: StorageKey {
        typealias Value = WishOrganiser
    }

    /// The organiser `WishOrganiserMiddleware` let through.
    var wishOrganiser: WishOrganiser? {
        get { storage[WishOrganiserKey.self] }
        set { storage[WishOrganiserKey.self] = newValue }
    }

    func requireWishOrganiser() throws -> WishOrganiser {
        guard let organiser = wishOrganiser else { throw AppError.unauthenticated }
        return organiser
    }
}
