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
        // Executors and recipients carry tokens of their own, which are not members' tokens. A health probe
        // answers everyone alike, so its credentials are not read: a phone testing its connection does not cost
        // a database read, and is not taken for its owner being active (see `holderSeen`).
        if request.isOutsiderAPI || request.isHealthProbe { return try await next.respond(to: request) }
        let tokens = request.heirloom.tokens
        let signedIn: TokenService.SignedInRequest?
        if let bearer = request.headers.bearerAuthorization?.token {
            guard let found = try await tokens.principal(forSecret: bearer, viaCookie: false) else {
                // A trusted contact's own bearer token, which the wish-round handlers check.
                if request.acceptsExecutorBearer { return try await next.respond(to: request) }
                throw AppError.unauthenticated
            }
            signedIn = found
        } else if let appToken = request.headers.first(name: Self.appTokenHeader) {
            guard let found = try await tokens.principal(forSecret: appToken, viaCookie: false),
                found.principal.tokenKind == .device
            else {
                throw AppError.unauthenticated
            }
            signedIn = found
            request.storage[AppTokenKey.self] = appToken
        } else if let cookie = request.cookies[Self.sessionCookie]?.string, !cookie.isEmpty,
            let found = try await tokens.principal(forSecret: cookie, viaCookie: true)
        {
            if request.isAPI, !request.method.isSafe {
                try CSRF.verifyHeader(request)
            }
            signedIn = found
        } else {
            signedIn = nil
        }
        if let signedIn {
            let principal = signedIn.principal
            request.auth.login(principal)
            // Any request of the estate holder while a passing is reported says they are still here. The sign-in's
            // read of the estate tells whether there is anything to do; then it is read again and done.
            let services = request.heirloom
            let now = services.now
            if signedIn.estate?.needsNotice(at: now) == true {
                request.cancelledReport = try await EstateService.holderSeen(
                    userID: principal.userID, householdID: principal.householdID, name: principal.name,
                    now: now, base: services.config.publicBaseURL, on: request.db)
            }
            // So is any request of another member whose passing was reported for their letters.
            if signedIn.memberPassingReported {
                try await MemberPassingService.seen(
                    userID: principal.userID, name: principal.name, now: now, on: request.db)
            }
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

extension Request {
    /// Whether the request is for an API route that members' credentials do not open: one of people with a link of
    /// their own, who carry their own tokens, or one anyone may call (`OutsiderRoutes`, derived from the routes).
    var isOutsiderAPI: Bool {
        guard path.hasPrefix("/api/"), let outsiders = application.storage[OutsiderRoutes.Key.self] else {
            return false
        }
        return outsiders.contains(method == .HEAD ? .GET : method, path)
    }

    /// Whether the route also takes a trusted contact's bearer token: the wish rounds they organise once the estate
    /// is released, which members and trusted contacts share (`RouteAccess.shared`).
    var acceptsExecutorBearer: Bool {
        guard path.hasPrefix("/api/"), let outsiders = application.storage[OutsiderRoutes.Key.self] else {
            return false
        }
        return outsiders.isShared(method == .HEAD ? .GET : method, path)
    }

    /// `GET /api/health`, which answers the same to everyone, signed in or not.
    var isHealthProbe: Bool { (method == .GET || method == .HEAD) && path == "/api/health" }

    private struct CancelledReportKey: StorageKey {
        typealias Value = Bool
    }

    /// Set when this very request, made by the estate holder, cancelled a reported passing.
    var cancelledReport: Bool {
        get { storage[CancelledReportKey.self] ?? false }
        set { storage[CancelledReportKey.self] = newValue }
    }
}
