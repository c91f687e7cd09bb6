import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Households, members, roles and invitations")
struct HouseholdTests {
    @Test("an invitation to an address is emailed through the outbox when the hub sends mail, and says so")
    func emailedInvitation() async throws {
        let transport = RecordingTransport()
        var options = TestOptions()
        options.mailTransport = transport
        try await withApp(options) { app in
            let owner = try await app.setUpHub()
            // when the owner invites an editor by address over the API
            let created = try await app.api(
                .POST, "/api/invitations", token: owner.token, json: ["role": "editor", "email": "Cara@example.com"])
            #expect(created.status == .created)
            let invitation = try created.decoded(Components.Schemas.CreatedInvitation.self)
            // then the answer says it was emailed, and the outbox holds the email with that very link
            #expect(invitation.emailed == true)
            try await app.runScheduler()
            let sent = try await app.outbox(owner).messages.filter { $0.purpose == "memberInvitation" }
            #expect(sent.map(\.toEmail) == ["cara@example.com"])
            #expect(sent.first?.status == .sent)
            // and the email holds the link, which the outbox no longer shows once delivered (it is Cara's alone)
            #expect(try await app.mailbox(of: "cara@example.com").first?.link == invitation.url)
            #expect(sent.first?.link == nil)
            #expect(transport.sent.count == 1)
            // and without an address nothing is emailed
            let unaddressed = try await app.api(.POST, "/api/invitations", token: owner.token, json: ["role": "viewer"])
            #expect(try unaddressed.decoded(Components.Schemas.CreatedInvitation.self).emailed == false)
            // and on the settings page the owner is told where it went
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.post("/settings/invitations", ["role": "viewer", "email": "dan@example.com"])
            #expect(page.body.string.contains("We have emailed it to <strong>dan@example.com</strong>"))
        }
    }

    @Test("without mail, an invitation is not emailed: the owner sends the link, and the page says so")
    func invitationWithoutMail() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let created = try await app.api(
                .POST, "/api/invitations", token: owner.token, json: ["role": "editor", "email": "cara@example.com"])
            #expect(try created.decoded(Components.Schemas.CreatedInvitation.self).emailed == false)
            #expect(try await app.outbox(owner).messages.isEmpty)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let settings = try await browser.get("/settings")
            #expect(settings.body.string.contains("This hub does not send email, so you send the link yourself."))
        }
    }

    @Test("an invitation link works once, for 7 days, with its role")
    func invitations() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let owner = try await app.setUpHub()
            // when the owner invites a viewer
            let created = try await app.api(
                .POST,
                "/api/invitations",
                token: owner.token,
                json: ["role": "viewer", "email": "cara@example.com"]
            )
            #expect(created.status == .created)
            let token = try created.decoded(Components.Schemas.CreatedInvitation.self).token
            let url = try created.decoded(Components.Schemas.CreatedInvitation.self).url
            #expect(url == "http://hub.test/invite/\(token)")
            let expiresAt = try created.decoded(Components.Schemas.CreatedInvitation.self).expiresAt
            #expect(abs(expiresAt.timeIntervalSince(clock.now) - 7 * 24 * 3600) < 5)

            let pending = try await app.api(.GET, "/api/invitations", token: owner.token)
            #expect(
                try pending.decoded(Components.Schemas.InvitationList.self).invitations.map(\.email) == [
                    "cara@example.com"
                ])

            // then accepting makes a viewer in the same household
            let accepted = try await app.api(
                .POST,
                "/api/invitations/\(token)/accept",
                json: ["name": "Cara", "email": "cara@example.com", "password": "cara's long password"]
            )
            #expect(accepted.status == .created)
            let cara = try accepted.decoded(Components.Schemas.AuthResponse.self)
            #expect(cara.household.id == owner.householdID)
            let me = try await app.api(.GET, "/api/me", token: cara.token)
            #expect(try me.decoded(Components.Schemas.Me.self).role == .viewer)

            // and the link does not work again
            let again = try await app.api(
                .POST,
                "/api/invitations/\(token)/accept",
                json: ["name": "Dan", "email": "dan@example.com", "password": "dan's long password"]
            )
            #expect(again.status == .gone)

            // an expired link answers 410 too
            let late = try await app.api(.POST, "/api/invitations", token: owner.token, json: ["role": "editor"])
                .decoded(Components.Schemas.CreatedInvitation.self).token
            clock.advance(by: 7 * 24 * 3600 + 1)
            let expired = try await app.api(
                .POST,
                "/api/invitations/\(late)/accept",
                json: ["name": "Eve", "email": "eve@example.com", "password": "eve's long password"]
            )
            #expect(expired.status == .gone)
            #expect(try expired.apiError.message.contains("expired"))

            // and an unknown one 404
            let unknown = try await app.api(
                .POST,
                "/api/invitations/nonsense/accept",
                json: ["name": "Eve", "email": "eve@example.com", "password": "eve's long password"]
            )
            #expect(unknown.status == .notFound)
        }
    }

    @Test("accepting with an email that has an account is 409 and leaves the link usable")
    func invitationEmailTaken() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let token = try await app.api(.POST, "/api/invitations", token: owner.token, json: ["role": "editor"])
                .decoded(Components.Schemas.CreatedInvitation.self).token
            let taken = try await app.api(
                .POST,
                "/api/invitations/\(token)/accept",
                json: ["name": "Ann again", "email": owner.email, "password": "another password"]
            )
            #expect(taken.status == .conflict)
            #expect(try taken.apiError.code == "email_taken")
            let ok = try await app.api(
                .POST,
                "/api/invitations/\(token)/accept",
                json: ["name": "Ben", "email": "ben@example.com", "password": "another password"]
            )
            #expect(ok.status == .created)
        }
    }

    @Test("owners change roles and remove members, never the last owner")
    func members() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: owner)

            let list = try await app.api(.GET, "/api/members", token: ben.token)
            #expect(
                try list.decoded(Components.Schemas.MemberList.self).members.map(\.role.rawValue) == [
                    "owner", "editor",
                ])

            // the last owner cannot step down or be removed
            let demote = try await app.api(
                .PATCH, "/api/members/\(owner.id)", token: owner.token, json: ["role": "editor"])
            #expect(demote.status == .conflict)
            #expect(try demote.apiError.code == "last_owner")
            let removeSelf = try await app.api(.DELETE, "/api/members/\(owner.id)", token: owner.token)
            #expect(removeSelf.status == .conflict)

            // an owner promotes Ben; then Ann may step down
            let promote = try await app.api(
                .PATCH, "/api/members/\(ben.id)", token: owner.token, json: ["role": "owner"])
            #expect(promote.status == .ok)
            #expect(try promote.decoded(Components.Schemas.Member.self).role == .owner)
            let stepDown = try await app.api(
                .PATCH, "/api/members/\(owner.id)", token: owner.token, json: ["role": "viewer"])
            #expect(stepDown.status == .ok)

            // Ben removes Ann, whose token stops working
            let remove = try await app.api(.DELETE, "/api/members/\(owner.id)", token: ben.token)
            #expect(remove.status == .noContent)
            #expect(try await app.api(.GET, "/api/me", token: owner.token).status == .unauthorized)
        }
    }

    @Test("a viewer reads the household and changes nothing")
    func viewerChangesNothing() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner, name: "Vic", email: "vic@example.com")
            let editor = try await app.addMember(role: "editor", by: owner, name: "Eddie", email: "eddie@example.com")

            #expect(try await app.api(.GET, "/api/household", token: viewer.token).status == .ok)
            #expect(try await app.api(.GET, "/api/members", token: viewer.token).status == .ok)

            let attempts: [(HTTPMethod, String, [String: any Sendable]?)] = [
                (.PATCH, "/api/household", ["name": "Vic's house"]),
                (.POST, "/api/invitations", ["role": "owner"]),
                (.GET, "/api/invitations", nil),
                (.PATCH, "/api/members/\(viewer.id)", ["role": "owner"]),
                (.PATCH, "/api/members/\(editor.id)", ["role": "viewer"]),
                (.DELETE, "/api/members/\(editor.id)", nil),
            ]
            for (method, path, body) in attempts {
                let response = try await app.api(method, path, token: viewer.token, json: body)
                #expect(response.status == .forbidden, "\(method) \(path)")
                #expect(try response.apiError.code == "forbidden")
            }
            // and nothing changed
            let household = try await app.api(.GET, "/api/household", token: owner.token)
            #expect(try household.decoded(Components.Schemas.Household.self).name == "The Miller Family")
            let roles = try await app.api(.GET, "/api/members", token: owner.token).decoded(
                Components.Schemas.MemberList.self
            ).members.map(\.role.rawValue)
            #expect(roles == ["owner", "editor", "viewer"])
        }
    }

    @Test("the owner renames the household; an editor may not")
    func rename() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let editor = try await app.addMember(role: "editor", by: owner)
            #expect(
                try await app.api(.PATCH, "/api/household", token: editor.token, json: ["name": "Ben's"]).status
                    == .forbidden)
            let renamed = try await app.api(
                .PATCH, "/api/household", token: owner.token, json: ["name": "  The Millers  "])
            #expect(renamed.status == .ok)
            #expect(try renamed.decoded(Components.Schemas.Household.self).name == "The Millers")
            let empty = try await app.api(.PATCH, "/api/household", token: owner.token, json: ["name": ""])
            #expect(empty.status == .unprocessableEntity)
            #expect(try empty.apiError.field == "name")
        }
    }

    @Test("owners choose the time zone and the paper; bad ones are 422 and change nothing; passing on follows the zone")
    func settings() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let editor = try await app.addMember(role: "editor", by: owner)
            let first = try await app.api(.GET, "/api/household", token: owner.token)
            #expect(try first.decoded(Components.Schemas.Household.self).timeZone == TimeZone.current.identifier)
            #expect(
                try first.decoded(Components.Schemas.Household.self).paperSize == .letter,
                "USD households print on Letter")

            let saved = try await app.api(
                .PATCH, "/api/household", token: owner.token,
                json: ["timeZone": "Australia/Perth", "paperSize": "a4"])
            #expect(saved.status == .ok, "\(saved.body.string)")
            #expect(try saved.decoded(Components.Schemas.Household.self).timeZone == "Australia/Perth")
            #expect(try saved.decoded(Components.Schemas.Household.self).paperSize == .a4)
            let estate = try await app.api(.GET, "/api/estate", token: owner.token)
            #expect(try estate.decoded(Components.Schemas.Estate.self).timeZone == "Australia/Perth")

            for (body, field) in [
                (["timeZone": "Mars/Olympus"], "timeZone"), (["paperSize": "a3"], "paperSize"),
                (["timeZone": ""], "timeZone"),
            ] {
                let bad = try await app.api(.PATCH, "/api/household", token: owner.token, json: body)
                #expect(bad.status == .unprocessableEntity || bad.status == .badRequest, "\(body)")
                if bad.status == .unprocessableEntity { #expect(try bad.apiError.field == field) }
            }
            #expect(
                try await app.api(.PATCH, "/api/household", token: editor.token, json: ["timeZone": "Europe/Paris"])
                    .status == .forbidden)

            // The estate's own setting writes the household's zone; "auto" paper follows the currency again.
            let viaEstate = try await app.api(
                .PUT, "/api/estate", token: owner.token, json: ["waitingPeriodDays": 14, "timeZone": "Europe/Oslo"])
            #expect(viaEstate.status == .ok, "\(viaEstate.body.string)")
            let auto = try await app.api(
                .PATCH, "/api/household", token: owner.token, json: ["paperSize": "auto", "defaultCurrency": "EUR"])
            #expect(try auto.decoded(Components.Schemas.Household.self).timeZone == "Europe/Oslo")
            #expect(try auto.decoded(Components.Schemas.Household.self).paperSize == .a4)
            let dollars = try await app.api(
                .PATCH, "/api/household", token: owner.token, json: ["defaultCurrency": "CAD"])
            #expect(try dollars.decoded(Components.Schemas.Household.self).paperSize == .letter)
        }
    }

    @Test("sign-up is closed unless allowed")
    func signupClosed() async throws {
        try await withApp { app in
            try await app.setUpHub()
            let response = try await app.api(
                .POST,
                "/api/auth/register",
                json: [
                    "householdName": "Other", "name": "Eve", "email": "eve@example.com", "password": "long enough pass",
                ]
            )
            #expect(response.status == .forbidden)
            #expect(try await Household.query(on: app.db).count() == 1)
        }
    }

    @Test("a second household sees nothing of the first")
    func householdsAreSeparate() async throws {
        var options = TestOptions()
        options.allowSignup = true
        try await withApp(options) { app in
            let ann = try await app.setUpHub()
            let annInvite = try await app.api(.POST, "/api/invitations", token: ann.token, json: ["role": "editor"])
            let annInviteID = try annInvite.decoded(Components.Schemas.CreatedInvitation.self).id

            // given a second household made by sign-up
            let registered = try await app.api(
                .POST,
                "/api/auth/register",
                json: [
                    "householdName": "The Smiths", "name": "Sam Smith", "email": "sam@example.com",
                    "password": "sam's long password",
                ]
            )
            #expect(registered.status == .created)
            let sam = try registered.decoded(Components.Schemas.AuthResponse.self)
            #expect(sam.household.id != ann.householdID)

            // then Sam sees only his own household
            let members = try await app.api(.GET, "/api/members", token: sam.token)
            #expect(try members.decoded(Components.Schemas.MemberList.self).members.map(\.email) == ["sam@example.com"])
            #expect(
                try await app.api(.GET, "/api/invitations", token: sam.token).decoded(
                    Components.Schemas.InvitationList.self
                ).invitations.map(\.id).isEmpty)

            // and Ann's objects answer 404 to him, unchanged
            let patch = try await app.api(.PATCH, "/api/members/\(ann.id)", token: sam.token, json: ["role": "viewer"])
            #expect(patch.status == .notFound)
            #expect(try await app.api(.DELETE, "/api/members/\(ann.id)", token: sam.token).status == .notFound)
            #expect(try await app.api(.DELETE, "/api/invitations/\(annInviteID)", token: sam.token).status == .notFound)
            let annTokenID = try await app.api(.GET, "/api/auth/tokens", token: ann.token).decoded(
                Components.Schemas.TokenList.self
            ).tokens.map(\.id)[0]
            #expect(try await app.api(.DELETE, "/api/auth/tokens/\(annTokenID)", token: sam.token).status == .notFound)
            let annMe = try await app.api(.GET, "/api/me", token: ann.token)
            #expect(try annMe.decoded(Components.Schemas.Me.self).role == .owner)

            // and the same email cannot register twice
            let twice = try await app.api(
                .POST,
                "/api/auth/register",
                json: [
                    "householdName": "Again", "name": "Sam", "email": "SAM@example.com",
                    "password": "sam's long password",
                ]
            )
            #expect(twice.status == .conflict)
            #expect(try twice.apiError.code == "email_taken")
        }
    }
}
