import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Web pages")
struct WebTests {
    @Test("a fresh hub sends visitors to set-up, which signs the owner in")
    func setupFlow() async throws {
        try await withApp { app in
            let browser = WebSession(app: app)
            // given a fresh hub
            let home = try await browser.get("/")
            #expect(home.status == .seeOther || home.status == .found)
            #expect(home.headers.first(name: .location) == "/setup")
            let setup = try await browser.get("/setup")
            #expect(setup.status == .ok)
            #expect(setup.body.string.contains("name=\"householdName\""))

            // when the form is sent
            let done = try await browser.post(
                "/setup",
                [
                    "householdName": "The Miller Family", "name": "Ann Miller", "email": "ann@example.com",
                    "password": "correct horse battery",
                ]
            )
            // then the owner is signed in with a safe cookie
            #expect(done.headers.first(name: .location) == "/")
            let cookie = try #require(done.headers[.setCookie].first { $0.hasPrefix("heirloom_session=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            let page = try await browser.get("/")
            #expect(page.status == .ok)
            #expect(page.body.string.contains("The Miller Family"))
            #expect(page.body.string.contains("Good"))
            // and set-up is gone
            #expect(try await browser.get("/setup").headers.first(name: .location) == "/login")
        }
    }

    @Test("set-up shows what is wrong next to the field and keeps what was typed")
    func setupErrors() async throws {
        try await withApp { app in
            let browser = WebSession(app: app)
            let response = try await browser.post(
                "/setup",
                [
                    "householdName": "The Millers", "name": "Ann", "email": "ann@example",
                    "password": "correct horse battery",
                ]
            )
            #expect(response.status == .unprocessableEntity)
            #expect(response.body.string.contains("does not look like an email address"))
            #expect(response.body.string.contains("The Millers"))
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    @Test("forms without the CSRF token are refused and change nothing")
    func csrf() async throws {
        try await withApp { app in
            let browser = WebSession(app: app)
            let response = try await browser.post(
                "/setup",
                ["householdName": "X", "name": "Ann", "email": "ann@example.com", "password": "correct horse battery"],
                csrf: false
            )
            #expect(response.status == .forbidden)
            #expect(response.body.string.contains("expired"))
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    @Test("log-in starts a new session, log-out ends it on the server")
    func loginLogout() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            // a page that needs signing in sends you to log in
            let settings = try await browser.get("/settings")
            #expect(settings.headers.first(name: .location)?.hasPrefix("/login") == true)

            let wrong = try await browser.post("/login", ["email": owner.email, "password": "wrong password!"])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.body.string.contains("do not match"))

            let ok = try await browser.post(
                "/login", ["email": owner.email, "password": owner.password, "next": "/settings"])
            #expect(ok.headers.first(name: .location) == "/settings")
            let firstSession = try #require(browser.cookies["heirloom_session"])
            #expect(try await browser.get("/settings").status == .ok)

            // signing in again gives a new session id
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            #expect(browser.cookies["heirloom_session"] != firstSession)
            #expect(
                try await AuthToken.query(on: app.db).filter(\.$tokenHash == SecretToken.hash(firstSession)).count()
                    == 0)

            let session = try #require(browser.cookies["heirloom_session"])
            _ = try await browser.post("/logout", [:])
            #expect(
                try await AuthToken.query(on: app.db).filter(\.$tokenHash == SecretToken.hash(session)).count() == 0)
            #expect(try await browser.get("/settings").status != .ok)
        }
    }

    @Test("an error page leads back to where the person was: the page above a lost one, the page of a refused form")
    func errorPagesLeadBack() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            // a lost item: back to the items
            let lost = try await browser.get("/items/\(UUID())")
            #expect(lost.status == .notFound)
            #expect(lost.body.string.contains("href=\"/items\">Back to where you were"))
            // a form refused as a whole: back to its page
            let person = try await app.api(.POST, "/api/beneficiaries", token: owner.token, json: ["name": "Sarah"])
            let id = try person.decoded(Components.Schemas.Beneficiary.self).id
            let item = try await app.item(["name": "Clock"], token: owner.token).id
            let refused = try await browser.post(
                "/items/\(item)/beneficiaries/\(UUID())/delete", [:])
            #expect(refused.status == .notFound)
            #expect(refused.body.string.contains("Back to where you were"))
            // and "Invite to see their items" for someone without an email leads to the form where it goes
            let invite = try await browser.post("/beneficiaries/\(id)/invite", [:])
            let form = try #require(invite.headers.first(name: .location))
            #expect(form == "/beneficiaries/\(id)/edit?needs=email")
            let page = try await browser.get(form).body.string
            #expect(page.contains("Add Sarah’s email address and save"))
            #expect(page.contains("aria-invalid=\"true\""))
        }
    }

    @Test("a next address off this hub is ignored")
    func openRedirect() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            let response = try await browser.post(
                "/login",
                ["email": owner.email, "password": owner.password, "next": "//evil.example/"]
            )
            #expect(response.headers.first(name: .location) == "/")
        }
    }

    @Test("the API refuses cookie-authenticated changes without the CSRF header")
    func apiCookieCSRF() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            var headers = browser.cookieHeaders()
            #expect(try await app.testing().sendRequest(.GET, "/api/me", headers: headers).status == .ok)

            headers.contentType = .json
            let body = ByteBuffer(string: #"{"name":"Hijacked"}"#)
            let refused = try await app.testing().sendRequest(.PATCH, "/api/household", headers: headers, body: body)
            #expect(refused.status == .forbidden)
            #expect(try refused.apiError.code == "csrf_failed")

            headers.add(name: "X-CSRF-Token", value: try #require(browser.csrf))
            let allowed = try await app.testing().sendRequest(.PATCH, "/api/household", headers: headers, body: body)
            #expect(allowed.status == .ok)
        }
    }

    @Test("settings: rename, invite, accept in the browser, change a role")
    func settingsFlow() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let ann = WebSession(app: app)
            _ = try await ann.post("/login", ["email": owner.email, "password": owner.password])

            let renamed = try await ann.post(
                "/settings/household",
                ["name": "The Millers of Maple Street", "defaultCurrency": "EUR"]
            )
            #expect(renamed.headers.first(name: .location) == "/settings?done=household-renamed")
            let settings = try await ann.get("/settings?done=household-renamed")
            #expect(settings.body.string.contains("The Millers of Maple Street"))
            #expect(settings.body.string.contains("The household’s settings are saved."))
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Vase"])
            #expect(try item.decoded(Components.Schemas.Item.self).currencyCode == "EUR")

            // the owner makes an invitation link
            let invited = try await ann.post("/settings/invitations", ["role": "editor", "email": ""])
            #expect(invited.status == .ok)
            let html = invited.body.string
            let start = try #require(html.range(of: "http://hub.test/invite/"))
            let tokenCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            let token = String(html[start.upperBound...].prefix { tokenCharacters.contains($0) })
            #expect(token.count == 43)

            // a new person opens and accepts it
            let ben = WebSession(app: app)
            let invitePage = try await ben.get("/invite/\(token)")
            #expect(invitePage.status == .ok)
            #expect(invitePage.body.string.contains("The Millers of Maple Street"))
            let joined = try await ben.post(
                "/invite/\(token)",
                ["name": "Ben Miller", "email": "ben@example.com", "password": "ben's long password"]
            )
            #expect(joined.headers.first(name: .location) == "/")
            #expect(try await ben.get("/").body.string.contains("Ben"))
            #expect(try await ben.get("/invite/\(token)").status == .gone)

            // Ann makes Ben a viewer
            let benUser = try #require(try await User.query(on: app.db).filter(\.$email == "ben@example.com").first())
            let changed = try await ann.post("/settings/members/\(try benUser.requireID())/role", ["role": "viewer"])
            #expect(changed.headers.first(name: .location) == "/settings?done=role-changed")
            #expect(try await User.find(benUser.id, on: app.db)?.role == .viewer)

            // and Ben, now a viewer, cannot rename the household
            let refused = try await ben.post("/settings/household", ["name": "Ben's house"])
            #expect(refused.status == .forbidden)
            let confirm = try await ann.get("/settings/members/\(try benUser.requireID())/remove")
            #expect(confirm.body.string.contains("Remove Ben Miller"))
        }
    }

    @Test("every section on Home is open, and none says it is still to come")
    func everySectionIsReady() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            #expect(!(try await browser.get("/").body.string.contains("oming soon")))
            for (path, heading) in [("/memories", "Start the family’s collection"), ("/people", "Nobody here yet")] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.body.string.contains(heading) && !page.body.string.contains("oming soon"), "\(path)")
            }
        }
    }
}
