import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Every web form, found by walking the registered routes, so a route added later is covered without a line here.
@Suite("Every web form is guarded")
struct RouteGuardTests {
    /// The web routes that change something: POSTs outside the JSON API.
    static func webForms(_ app: Application) -> [Route] {
        app.routes.all.filter { route in
            let first = route.path.first?.description ?? ""
            return route.method == .POST && first != "api" && first != "ai"
        }
    }

    /// The route's path with a plausible value for each parameter (integer ids for memories and people).
    static func path(of route: Route) -> String {
        let isIntegerID = ["memories", "people"].contains(route.path.first?.description ?? "")
        return "/"
            + route.path.map { component in
                guard case .parameter(let name) = component else { return component.description }
                return name == "id" && isIntegerID ? "1" : UUID().uuidString
            }.joined(separator: "/")
    }

    @Test("a form sent without its CSRF field is refused, plain or as an upload, for an owner signed in")
    func csrfEverywhere() async throws {
        try await withApp { app in
            // given an owner signed in to the web pages
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let forms = Self.webForms(app)
            #expect(forms.count > 50)

            for route in forms {
                let path = Self.path(of: route)
                if route.userInfo[CSRFFormMiddleware.checkedInStream] as? Bool == true {
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
            // and nothing was created or changed
            #expect(try await Item.query(on: app.db).count() == 0)
            #expect(try await browser.get("/settings").body.string.contains(owner.email))
        }
    }

    @Test("a viewer is refused every form that changes household content, whatever the form carries")
    func viewers() async throws {
        try await withApp { app in
            // given a viewer signed in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": viewer.email, "password": viewer.password])

            // when they send each form that needs an editor or an owner, with a valid CSRF field
            let ownGround = ["login", "logout", "setup", "register", "invite", "journal", "settings"]
            for route in Self.webForms(app) where !ownGround.contains(route.path.first?.description ?? "") {
                let path = Self.path(of: route)
                let response = try await browser.post(path, ["name": "x"])
                // then the answer is 403, or 404 where viewers are not told the page exists
                #expect(response.status == .forbidden || response.status == .notFound, "\(path) \(response.status)")
            }
        }
    }
}
