import Foundation
import HeirloomCore
import Vapor

/// What the pages of people who come by a link share: their cookies, the exchange of a link for a session, and the
/// calm page of a link that does not work. With `LinkTokens`, `LinkPeople` and `OutsiderRoutes`, this folder is
/// everything about people without accounts; their pages stay with their features.
enum OutsiderPages {
    /// The executor's session cookie, set by the emailed link /e/{token}.
    static let executorCookie = "heirloom_executor"
    /// The recipient's session cookie, set by the web link /r/{token}.
    static let recipientCookie = "heirloom_recipient"

    /// A calm page for a link that does not work (any more).
    static func missing(_ req: Request) async throws -> Response {
        try await Page.render(
            .outsiderMissing, base: PageBase(request: req, title: "This link does not work"), [String: String](),
            on: req
        )
        .encodeResponse(status: .notFound, for: req)
    }

    /// Exchanges an emailed link for a session: nil when the link does not work (any more); too many openings
    /// are said as such.
    static func open<Session>(_ exchange: () async throws -> Session) async throws -> Session? {
        do {
            return try await exchange()
        } catch let error as AppError {
            if case .tooManyAttempts = error { throw error }
            return nil
        } catch {
            return nil
        }
    }

    /// The page an emailed link opens: its token is exchanged for a session (`exchange` returns the session's
    /// secret), kept in the cookie `cookie`, and the browser goes on to `home`; a link that does not work (any
    /// more) gets the calm "this link does not work" page.
    static func link(
        _ req: Request, cookie: String, home: SiteURL, _ exchange: (_ token: String) async throws -> String
    ) async throws -> Response {
        guard let token = req.parameters.get(RouteParameter.token.rawValue),
            let secret = try await open({ try await exchange(token) })
        else { return try await missing(req) }
        let response = req.redirect(to: home.path)
        response.cookies[cookie] = sessionCookie(secret, req: req)
        return response
    }

    /// A session cookie for a page reached from an emailed link: HTTP only, same site, Secure over TLS; it lasts
    /// as long as the session.
    static func sessionCookie(_ secret: String, req: Request) -> HTTPCookies.Value {
        HTTPCookies.Value(
            string: secret, maxAge: Int(OutsiderSessions.lifetime), path: "/",
            isSecure: req.heirloom.services.config.usesTLS,
            isHTTPOnly: true, sameSite: .lax)
    }

    /// The wish-round participant's session cookie, set by the emailed link /w/{token}.
    static let wishCookie = "heirloom_wishes"
    /// A letter reader's session cookie, set by the emailed link /l/{token}.
    static let letterCookie = "heirloom_letter"

    /// The wish-round participant of a bearer token or of their page's cookie, or nil.
    static func wishParticipant(_ req: Request) async throws -> WishParticipant? {
        let secret = req.headers.bearerAuthorization?.token ?? req.cookies[wishCookie]?.string
        guard let secret, !secret.isEmpty else { return nil }
        return try await req.heirloom.wishes.participant(forSession: secret)
    }

    /// What someone outside the household gets when they ask for `variant`: a photo's or film's original carries
    /// its camera's metadata (the GPS position among it), so they get the display rendition, an upright JPEG made
    /// without metadata. A paper is served as asked: its display rendition is only its first page, and every page
    /// of a will must reach its reader.
    static func outsiderVariant(_ variant: MediaVariant, of object: MediaObject) -> MediaVariant {
        variant == .original && object.kind != .document && object.displaySHA256 != nil ? .display : variant
    }

    /// The trusted contact whose session cookie came with the request, or nil: their page and the links they print.
    static func executor(_ req: Request) async throws -> Executor? {
        guard let secret = req.cookies[executorCookie]?.string, !secret.isEmpty else { return nil }
        return try await req.heirloom.executors.executor(forSession: secret)
    }
}
