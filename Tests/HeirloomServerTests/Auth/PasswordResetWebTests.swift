import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("The forgot-your-password pages")
struct PasswordResetWebTests {
    @Test("the sign-in page leads to a form whose answer is the same whether or not the account exists")
    func askInTheBrowser() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            let login = try await browser.get("/login").body.string
            #expect(login.contains("href=\"/password/forgot\""))
            let form = try await browser.get("/password/forgot")
            #expect(form.status == .ok && form.body.string.contains("Forgot your password?"))
            // when
            let known = try await browser.post("/password/forgot", ["email": owner.email])
            let unknown = try await browser.post("/password/forgot", ["email": "nobody@example.com"])
            // then
            #expect(known.status == .ok && unknown.status == .ok)
            #expect(known.body.string.contains("Check your email"))
            let strip = { (page: String, email: String) in page.replacingOccurrences(of: email, with: "…") }
            #expect(strip(known.body.string, owner.email) == strip(unknown.body.string, "nobody@example.com"))
            #expect(known.body.string.contains("does not send email itself"), "a hub without mail says so")
            #expect(try await app.resetMails(to: owner.email).count == 1)
        }
    }

    @Test("the form needs its CSRF field")
    func csrf() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.get("/password/forgot")
            let forged = try await browser.post("/password/forgot", ["email": owner.email], csrf: false)
            #expect(forged.status == .forbidden)
            #expect(try await app.resetMails(to: owner.email).isEmpty)
        }
    }

    @Test("a malformed address is shown next to the field; too many requests say when to try again")
    func formErrors() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            let malformed = try await browser.post("/password/forgot", ["email": "ann at example"])
            #expect(malformed.status == .unprocessableEntity)
            #expect(malformed.body.string.contains("id=\"email-error\""))
            #expect(malformed.body.string.contains("value=\"ann at example\""))
            for _ in 0..<3 { _ = try await browser.post("/password/forgot", ["email": owner.email]) }
            let throttled = try await browser.post("/password/forgot", ["email": owner.email])
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.body.string.contains("Too many attempts. Please try again in 60 minutes."))
        }
    }

    @Test("an owner's link still welcomes an imported member and sends them to sign in")
    func setUpLinkUnchanged() async throws {
        try await withApp { app in
            // given an owner's link for Ben
            let owner = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: owner)
            try await app.withoutPassword(ben)
            let web = WebSession(app: app)
            _ = try await web.post("/login", ["email": owner.email, "password": owner.password])
            let settings = try await web.post("/settings/members/\(ben.id)/password-link", [:]).body.string
            let url = try #require(settings.components(separatedBy: "\"").first { $0.contains("/password/") })
            let path = String(url.dropFirst("http://hub.test".count))
            // when Ben opens and uses it
            let stranger = WebSession(app: app)
            let page = try await stranger.get(path).body.string
            let set = try await stranger.post(
                path, ["newPassword": "ben's new password", "confirmPassword": "ben's new password"])
            // then
            #expect(page.contains("Welcome back, Ben Miller") && !page.contains("Choose a new password"))
            #expect(set.headers.first(name: .location) == "/login?done=password-set")
            #expect(try await app.api(.GET, "/api/me", token: ben.token).status == .unauthorized, "sessions end")
        }
    }
}
