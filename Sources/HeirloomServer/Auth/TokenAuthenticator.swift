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
        if let bearer = request.headers.bearerAuthorization?.token {
            guard let principal = try await request.heirloom.tokens.principal(forSecret: bearer, viaCookie: false)
            else {
                throw AppError.unauthenticated
            }
            request.auth.login(principal)
        } else if let appToken = request.headers.first(name: Self.appTokenHeader) {
            guard let principal = try await request.heirloom.tokens.principal(forSecret: appToken, viaCookie: false),
                principal.tokenKind == .device
            else {
                throw AppError.unauthenticated
            }
            request.auth.login(principal)
            request.storage[AppTokenKey.self] = appToken
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

private struct AppTokenKey: StorageKey {
    typealias Value = String
}

extension Request {
    /// The paired phone's token when the request was signed in by `x-auth-token` (the Memory Palace app), which
    /// is then answered in the app's shapes and given media addresses signed for that phone.
    var appToken: String? { storage[AppTokenKey.self] }
}

extension HTTPMethod {
    /// GET, HEAD and OPTIONS change nothing.
    var isSafe: Bool { self == .GET || self == .HEAD || self == .OPTIONS }
}
