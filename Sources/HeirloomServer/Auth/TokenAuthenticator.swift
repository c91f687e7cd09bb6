import Fluent
import Foundation
import Vapor

/// Signs requests in from `Authorization: Bearer`, a paired phone's `x-auth-token`, or the session cookie.
///
/// A cookie-authenticated API call that changes something must also carry `X-CSRF-Token`. The Memory Palace
/// app sends its device token raw in `x-auth-token`; only device tokens are taken from that header.
struct TokenAuthenticator: AsyncMiddleware {
    static let sessionCookie = "heirloom_session"
    static let appTokenHeader = "x-auth-token"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let appToken = request.headers.first(name: Self.appTokenHeader) {
            guard let principal = try await request.heirloom.tokens.principal(forSecret: appToken, viaCookie: false),
                principal.tokenKind == .device
            else {
                throw AppError.unauthenticated
            }
            request.auth.login(principal)
        } else if let bearer = request.headers.bearerAuthorization?.token {
            guard let principal = try await request.heirloom.tokens.principal(forSecret: bearer, viaCookie: false)
            else {
                throw AppError.unauthenticated
            }
            request.auth.login(principal)
        } else if let cookie = request.cookies[Self.sessionCookie]?.string, !cookie.isEmpty,
            let principal = try await request.heirloom.tokens.principal(forSecret: cookie, viaCookie: true)
        {
            if request.isAPI, !request.method.isSafe {
                try CSRF.verifyHeader(request)
            }
            request.auth.login(principal)
        }
        return try await next.respond(to: request)
    }
}

extension HTTPMethod {
    /// GET, HEAD and OPTIONS change nothing.
    var isSafe: Bool { self == .GET || self == .HEAD || self == .OPTIONS }
}
