import Foundation
import Vapor

/// Double-submit protection for web forms and cookie-authenticated API calls.
///
/// Every page sets a random `heirloom_csrf` cookie (SameSite=Strict, HttpOnly) and puts the same value in
/// its forms (`_csrf`) and in a `<meta name="csrf-token">` for scripts (`X-CSRF-Token`). Another site
/// can make a browser send the cookie but cannot read it, so it cannot fill in the field.
enum CSRF {
    static let cookieName = "heirloom_csrf"
    static let fieldName = "_csrf"
    static let headerName = "X-CSRF-Token"

    /// The token for this browser, creating one when it has none.
    static func token(for request: Request) -> String {
        if let existing = request.cookies[cookieName]?.string, existing.count >= 32 { return existing }
        if let made = request.storage[NewTokenKey.self] { return made }
        let token = SecretToken.generate()
        request.storage[NewTokenKey.self] = token
        return token
    }

    /// Sets the cookie on the response when this request made a new token.
    static func attachCookie(to response: Response, for request: Request) {
        guard let token = request.storage[NewTokenKey.self] else { return }
        response.cookies[cookieName] = HTTPCookies.Value(
            string: token,
            maxAge: 60 * 60 * 24 * 30,
            path: "/",
            isSecure: request.heirloom.config.usesTLS,
            isHTTPOnly: true,
            sameSite: .strict
        )
    }

    /// Checks the `_csrf` field of a submitted form.
    static func verifyForm(_ request: Request) throws(AppError) {
        let submitted = try? request.content.get(String.self, at: fieldName)
        try verify(submitted, request)
    }

    /// Checks the `X-CSRF-Token` header of an API call.
    static func verifyHeader(_ request: Request) throws(AppError) {
        try verify(request.headers.first(name: headerName), request)
    }

    /// Checks a token read from a streamed form.
    static func verify(_ submitted: String?, _ request: Request) throws(AppError) {
        guard let expected = request.cookies[cookieName]?.string, expected.count >= 32,
            let submitted, SecretToken.constantTimeEquals(submitted, expected)
        else {
            throw .csrfFailed
        }
    }

    private struct NewTokenKey: StorageKey {
        typealias Value = String
    }
}

/// Adds the CSRF cookie to responses that handed out a new token.
struct CSRFCookieMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        CSRF.attachCookie(to: response, for: request)
        return response
    }
}
