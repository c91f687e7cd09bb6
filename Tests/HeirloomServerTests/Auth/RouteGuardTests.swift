import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Every route outside the generated API, found by walking the registered routes and held to `RouteGuard.table`,
/// with real objects of the owner's household in its path.
@Suite(
    "Every route is guarded",
    .enabled(if: TestDatabase.isFirstDatabase, "a guard answers before the database is asked; run once, on SQLite"))
struct RouteGuardTests {
    /// The routes that `RouteGuard.table` covers: everything but the operations of the OpenAPI document, which
    /// answer 401 before anything else (`SignInFirstTests`) and check their principal in their handlers.
    static func covered(_ app: Application) -> [Route] {
        app.routes.all.filter { route in
            RouteGuard.table[key(route)] != nil || !["api", "ai", "health"].contains(route.path.first?.description)
        }
    }

    static func key(_ route: Route) -> String {
        "\(route.method.rawValue) \(route.path.map(\.description).joined(separator: "/"))"
    }

    static func isUpload(_ route: Route) -> Bool {
        route.userInfo[CSRFFormMiddleware.checkedInStream] as? Bool == true
    }

    @Test("every route is in the table of guards, and the table names no route that is gone")
    func tableIsComplete() async throws {
        try await withApp { app in
            let keys = Set(Self.covered(app).map(Self.key))
            #expect(keys.subtracting(RouteGuard.table.keys).sorted() == [])
            #expect(Set(RouteGuard.table.keys).subtracting(keys).sorted() == [])
        }
    }

    @Test("a form sent without its CSRF field is refused, plain or as an upload, for an owner signed in")
    func csrfEverywhere() async throws {
        try await withApp { app in
            // given an owner signed in to the web pages, and one real object of every kind
            let fixture = try await app.makeRouteGuardFixture()
            let owner = fixture.household.owner
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let forms = Self.covered(app).filter { $0.method == .POST }
            #expect(forms.count > 50)
            let before = try await fixture.state(app)

            for route in forms {
                let path = try #require(fixture.path(of: route), "no object for \(Self.key(route))")
                if Self.isUpload(route) {
                    // when an upload form streams in without its token, then its handler refuses it
                    let upload = try await browser.postParts(path, [.text("name", "x")], csrf: false)
                    #expect(upload.status == .forbidden, "\(path) \(upload.status)")
                } else {
                    // when a plain form comes without its token, then the middleware refuses it
                    let plain = try await browser.post(path, ["name": "x"], csrf: false)
                    #expect(plain.status == .forbidden, "\(path) \(plain.status)")
                    // and a multipart body is never decoded outside the upload routes
                    let multipart = try await browser.postParts(path, [.text("name", "x")])
                    #expect(multipart.status == .unsupportedMediaType, "\(path) \(multipart.status)")
                }
            }
            // then nothing was created or changed
            let after = try await fixture.state(app)
            #expect(after == before, "changed \(after.filter { !before.contains($0) })")
        }
    }

    /// The guarded routes are walked in this many shares, each on a hub of its own, side by side.
    static let shares = 0..<6

    @Test(
        "whoever a route's guard keeps out is refused by the guard, before the form's CSRF check, and nothing changes",
        arguments: shares
    )
    func guardsRefuse(share: Int) async throws {
        try await withApp { app in
            // given one real object of every kind, and a signed-out visitor, a viewer and an editor
            let fixture = try await app.makeRouteGuardFixture()
            let household = fixture.household
            let visitor = WebSession(app: app)
            _ = try await visitor.get("/login")
            let viewer = WebSession(app: app)
            _ = try await viewer.post(
                "/login", ["email": household.viewer.email, "password": household.viewer.password])
            let editor = WebSession(app: app)
            _ = try await editor.post(
                "/login", ["email": household.editor.email, "password": household.editor.password])
            let callers: [(name: String, session: WebSession, token: String?, rank: Int)] = [
                ("signed out", visitor, nil, 0), ("viewer", viewer, household.viewer.token, 1),
                ("editor", editor, household.editor.token, 2),
            ]
            var checked = 0
            let routes = Self.covered(app).sorted { Self.key($0) < Self.key($1) }.enumerated()
                .filter { $0.offset % Self.shares.count == share }.map(\.element)
            var before = try await fixture.state(app)

            for route in routes {
                let key = Self.key(route)
                guard let rule = RouteGuard.table[key], rule != .anyone else { continue }
                let path = try #require(fixture.path(of: route), "no object for \(key)")
                for caller in callers where caller.rank < rule.rank {
                    // when the caller sends the route its real ids, with and without the form's CSRF field
                    let answers = try await Self.send(route, path, as: caller.session, token: caller.token, app: app)
                    for (variant, response) in answers {
                        // then the guard's own answer comes back: the CSRF check behind it never ran
                        let expected = rule.refusal(signedIn: caller.rank > 0, api: key.contains(" api/"))
                        let what = "\(key) as \(caller.name) \(variant): \(response.status)"
                        #expect(response.status == expected.status, "\(what)")
                        if let location = expected.location {
                            #expect(response.headers.first(name: .location)?.hasPrefix(location) == true, "\(what)")
                        }
                        if let message = expected.message {
                            #expect(
                                response.body.string.contains(message), "\(what) \(response.body.string.prefix(300))")
                        }
                        checked += 1
                    }
                }
                // and the refusals changed nothing (what the route finds is what the one before it left)
                let after = try await fixture.state(app)
                #expect(after == before, "\(key) changed \(after.filter { !before.contains($0) })")
                before = after
            }
            #expect(checked > 300 / Self.shares.count)
        }
    }

    /// The route sent as the caller would: a page read, a form with and without its CSRF field, an upload.
    static func send(
        _ route: Route, _ path: String, as session: WebSession, token: String?, app: Application
    ) async throws -> [(String, TestingHTTPResponse)] {
        if path.hasPrefix("/api/") {
            return [("read", try await app.api(route.method, path, token: token))]
        }
        if route.method == .GET {
            return [("read", try await session.get(path))]
        }
        if isUpload(route) {
            return [
                ("with CSRF", try await session.postParts(path, [.text("name", "x")])),
                ("without CSRF", try await session.postParts(path, [.text("name", "x")], csrf: false)),
            ]
        }
        return [
            ("with CSRF", try await session.post(path, ["name": "x"])),
            ("without CSRF", try await session.post(path, ["name": "x"], csrf: false)),
        ]
    }
}

extension RouteGuard {
    /// 0 signed out, 1 viewer, 2 editor, 3 owner: the least rank the guard lets through.
    var rank: Int {
        switch self {
        case .anyone: 0
        case .member: 1
        case .editor, .hiddenEditor: 2
        case .owner, .hiddenOwner: 3
        }
    }

    /// How the guard refuses: signed-out callers are sent to sign in (401 under /api), members without the
    /// role are told why, or that the page does not exist.
    func refusal(signedIn: Bool, api: Bool) -> (status: HTTPStatus, location: String?, message: String?) {
        guard signedIn else { return api ? (.unauthorized, nil, nil) : (.seeOther, "/login?next=", nil) }
        switch self {
        case .hiddenEditor, .hiddenOwner: return (.notFound, nil, nil)
        case .editor: return (.forbidden, nil, AppError.viewerCannotChange.message)
        default: return (.forbidden, nil, AppError.ownersOnly.message)
        }
    }
}
