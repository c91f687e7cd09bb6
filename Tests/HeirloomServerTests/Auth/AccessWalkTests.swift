import Fluent
import Foundation
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Every route outside the generated API, found by walking the registered routes, held to `RouteGuard.table` and
/// sent as every reader in every state of the estate, with real objects of the household in its path; the answer is
/// compared with `AccessRule`.
@Suite(
    "Every route, walked as every reader in every state of the estate",
    .enabled(if: TestDatabase.isFirstDatabase, "a guard answers before the database is asked; run once, on SQLite"))
struct AccessWalkTests {
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

    @Test("every route names what it touches, as the table does, and the table names no route that is gone")
    func tableIsComplete() async throws {
        try await withApp { app in
            let keys = Set(Self.covered(app).map(Self.key))
            #expect(keys.subtracting(RouteGuard.table.keys).sorted() == [])
            #expect(Set(RouteGuard.table.keys).subtracting(keys).sorted() == [])
            for route in app.routes.all {
                #expect(route.access != nil, "\(Self.key(route)) names nothing it touches")
            }
            for route in Self.covered(app) {
                #expect(route.access != nil, "\(Self.key(route)) names nothing it touches")
                #expect(
                    route.access == RouteGuard.table[Self.key(route)],
                    "\(Self.key(route)): \(String(describing: route.access))")
            }
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

    /// Routes naming something only the member who made it reaches (an export's progress is its maker's), which
    /// the fixture's owner (the walk's co-owner) made: anyone else allowed may be told it is not there.
    static let ownedByItsMaker: Set<String> = ["GET api/export/progress/:id"]

    /// The routes are walked in this many shares for each state, each on a hub of its own, side by side.
    static let shares = 0..<3

    @Test(
        "every reader, in every state, is let in or refused as AccessRule says, and refusals change nothing",
        arguments: EstateState.allCases, shares
    )
    func walk(state: EstateState, share: Int) async throws {
        try await withApp { app in
            // given one real object of every kind, every kind of reader, and the estate in `state`
            let fixture = try await app.makeRouteGuardFixture()
            let callers = try await app.walkCallers(fixture, in: state)
            var checked = (refused: 0, allowed: 0)
            let routes = Self.covered(app).sorted { Self.key($0) < Self.key($1) }.enumerated()
                .filter { $0.offset % Self.shares.count == share }.map(\.element)
            let start = try await fixture.state(app)
            var before = try await fixture.state(app, reads: false)

            for route in routes where !route.path.contains(.parameter("token")) {
                let key = Self.key(route)
                let access = try #require(RouteGuard.table[key], "\(key)")
                let path = try #require(fixture.path(of: route), "no object for \(key)")
                for caller in callers {
                    var expected = WalkExpectation.of(access, for: caller.reader, in: state, api: key.contains(" api/"))
                    if Self.ownedByItsMaker.contains(key), expected == .allowed(own: false), caller.name != "co-owner" {
                        expected = .allowed(own: true)
                    }
                    // when the caller sends the route its real ids (a change only where it must be refused)
                    guard expected.isRefusal || (route.method == .GET && expected != .unchecked) else { continue }
                    let answers = try await Self.send(route, path, as: caller, app: app)
                    for (variant, response) in answers {
                        // then the answer is the one the rule gives
                        let what = "\(key) as \(caller.name) in \(state) \(variant)"
                        expected.check(response, what)
                        if expected.isRefusal { checked.refused += 1 } else { checked.allowed += 1 }
                    }
                }
                // and no row was added or removed (what the route finds is what the one before it left)
                let after = try await fixture.state(app, reads: false)
                #expect(after == before, "\(key) changed \(after.filter { !before.contains($0) })")
                before = after
            }
            // and every main object reads as it did before the walk
            let end = try await fixture.state(app)
            #expect(end == start, "changed \(end.filter { !start.contains($0) })")
            #expect(checked.refused > 600 / Self.shares.count)
            #expect(checked.allowed > 150 / Self.shares.count)
        }
    }

    /// The route sent as the caller would: a page read, a form with and without its CSRF field, an upload; a
    /// member's call to a file under /api/ with their bearer token, anyone else's with their cookies.
    static func send(_ route: Route, _ path: String, as caller: WalkCaller, app: Application) async throws
        -> [(String, TestingHTTPResponse)]
    {
        let session = caller.session
        if path.hasPrefix("/api/"), let token = caller.token {
            return [("read", try await app.api(route.method, path, token: token))]
        }
        if route.method == .GET {
            return [("read", try await session.get(path))]
        }
        if isUpload(route) {
            return [("upload", try await session.postParts(path, [.text("name", "x")]))]
        }
        return [("form", try await session.post(path, ["name": "x"]))]
    }
}
