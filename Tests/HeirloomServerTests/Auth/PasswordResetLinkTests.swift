import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Using a password reset link")
struct PasswordResetLinkTests {
    /// Sets a new password with a link's path over the API.
    static func reset(_ app: Application, _ path: String, to password: String) async throws -> TestingHTTPResponse {
        let token = String(path.dropFirst("/password/".count))
        return try await app.api(
            .POST, "/api/password/reset/\(token)", json: ["newPassword": password, "deviceName": "Ann’s iPad"])
    }

    @Test("a link sets a new password once and signs in; every other session and token ends")
    func worksOnce() async throws {
        try await withApp { app in
            // given an owner signed in twice, who asked for a link
            let owner = try await app.setUpHub()
            let phone = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": owner.password]
            ).decoded(Components.Schemas.AuthResponse.self).token
            _ = try await app.askForPasswordReset(owner.email)
            let path = try await app.newestResetPath(for: owner.email)
            // when
            let short = try await Self.reset(app, path, to: "short")
            let reset = try await Self.reset(app, path, to: "a password I will remember")
            // then a short password is refused and leaves the link as it was; the good one signs in
            #expect(short.status == .unprocessableEntity)
            #expect(try short.apiError.field == "newPassword")
            #expect(reset.status == .ok, "\(reset.body.string)")
            let signedIn = try reset.decoded(Components.Schemas.AuthResponse.self)
            #expect(signedIn.user.email == owner.email)
            #expect(try await app.api(.GET, "/api/me", token: signedIn.token).status == .ok)
            for old in [owner.token, phone] {
                #expect(try await app.api(.GET, "/api/me", token: old).status == .unauthorized)
            }
            let tokens = try await app.api(.GET, "/api/auth/tokens", token: signedIn.token)
            #expect(try tokens.decoded(Components.Schemas.TokenList.self).tokens.map(\.name) == ["Ann’s iPad"])
            // and only the new password signs in
            let oldLogin = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": owner.password])
            #expect(oldLogin.status == .unauthorized)
            let newLogin = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": "a password I will remember"])
            #expect(newLogin.status == .ok)
            // and the link is used up
            let again = try await Self.reset(app, path, to: "yet another password")
            #expect(again.status == .gone)
            #expect(try again.apiError.code == "gone")
            #expect(try await WebSession(app: app).get(path).status == .gone)
            let unknown = try await Self.reset(app, "/password/made-up-link", to: "yet another password")
            #expect(unknown.status == .notFound)
        }
    }

    @Test("a link works for one hour on the hub's clock")
    func expiresAfterAnHour() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let owner = try await app.setUpHub()
            _ = try await app.askForPasswordReset(owner.email)
            let path = try await app.newestResetPath(for: owner.email)
            let browser = WebSession(app: app)
            // when 59 minutes pass, then it still opens
            clock.advance(by: 59 * 60)
            #expect(try await browser.get(path).status == .ok)
            // when the hour is up, then it no longer works, on the page or through the API
            clock.advance(by: 60)
            let page = try await browser.get(path)
            #expect(page.status == .gone)
            #expect(page.body.string.contains("This link has expired"))
            let late = try await Self.reset(app, path, to: "a password I will remember")
            #expect(late.status == .gone)
            #expect(try await app.api(.GET, "/api/me", token: owner.token).status == .ok, "nothing changed")
        }
    }

    @Test("a new link ends the earlier unused one; an owner's link for the member is left alone")
    func newestLinkOnly() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given an owner's printed link for Ben, and two links Ben asked for
            let owner = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: owner)
            try await app.withoutPassword(ben)
            let web = WebSession(app: app)
            _ = try await web.post("/login", ["email": owner.email, "password": owner.password])
            let settings = try await web.post("/settings/members/\(ben.id)/password-link", [:]).body.string
            let printed = try #require(settings.components(separatedBy: "\"").first { $0.contains("/password/") })
            _ = try await app.askForPasswordReset(ben.email)
            let first = try await app.newestResetPath(for: ben.email)
            clock.advance(by: 1)
            _ = try await app.askForPasswordReset(ben.email)
            let second = try await app.newestResetPath(for: ben.email)
            // then
            #expect(first != second)
            #expect(try await web.get(first).status == .gone)
            #expect(try await web.get(String(printed.dropFirst("http://hub.test".count))).status == .ok)
            #expect(try await Self.reset(app, second, to: "ben's new password").status == .ok)
            // and using a link ends every other link of the member
            #expect(try await web.get(String(printed.dropFirst("http://hub.test".count))).status == .gone)
        }
    }

    @Test("a stranger hammering sign-in cannot keep the owner out: the link works and clears the throttle")
    func worksWhileSignInIsThrottled() async throws {
        try await withApp { app in
            // given an account locked by wrong guesses
            let owner = try await app.setUpHub()
            for _ in 0..<5 {
                _ = try await app.api(
                    .POST, "/api/auth/login", json: ["email": owner.email, "password": "a stranger's guess"])
            }
            let locked = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": owner.password])
            #expect(locked.status == .tooManyRequests)
            // when the owner uses the emailed link in a browser
            #expect(try await app.askForPasswordReset(owner.email).status == .accepted)
            let path = try await app.newestResetPath(for: owner.email)
            let browser = WebSession(app: app)
            #expect(try await browser.get(path).body.string.contains("Choose a new password"))
            let set = try await browser.post(
                path, ["newPassword": "a password I will remember", "confirmPassword": "a password I will remember"])
            // then the browser is signed in at once
            #expect(set.status == .seeOther)
            #expect(set.headers.first(name: .location) == "/?done=password-reset")
            let home = try await browser.get("/?done=password-reset").body.string
            #expect(home.contains("Your new password is set and you are signed in"))
            #expect(home.contains("Ann Miller"))
            // and the throttle no longer stands in the way of the new password
            let login = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": "a password I will remember"])
            #expect(login.status == .ok)
        }
    }

    @Test("an account that signs in only with Apple may ask for a link and so get a password")
    func appleOnlyAccount() async throws {
        try await withApp { app in
            // given an account without a password
            let owner = try await app.setUpHub()
            let user = try #require(try await User.query(on: app.db).filter(\.$email == owner.email).first())
            user.passwordHash = nil
            user.appleSubject = "001234.apple.subject"
            try await user.save(on: app.db)
            // when
            #expect(try await app.askForPasswordReset(owner.email).status == .accepted)
            let path = try await app.newestResetPath(for: owner.email)
            #expect(try await Self.reset(app, path, to: "now I have a password").status == .ok)
            // then
            let login = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": "now I have a password"])
            #expect(login.status == .ok)
        }
    }
}
