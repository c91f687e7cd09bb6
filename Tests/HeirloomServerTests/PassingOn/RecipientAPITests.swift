import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A household with one beneficiary and three items left to her under each rule, and one for someone else.
struct RecipientFixture {
    var owner: Member
    var sam: Components.Schemas.Beneficiary
    var now: Components.Schemas.Item
    var later: Components.Schemas.Item
    var passing: Components.Schemas.Item
    var others: Components.Schemas.Item

    static func make(_ app: Application, clock: TestClock) async throws -> RecipientFixture {
        let owner = try await app.setUpHub()
        let sam = try await app.beneficiary(["name": "Sam Miller", "email": "sam@example.com"], token: owner.token)
        let tom = try await app.beneficiary(["name": "Tom Miller", "email": "tom@example.com"], token: owner.token)
        let now = try await app.item(["name": "Brooch", "estimatedValue": "120.00"], token: owner.token)
        let later = try await app.item(["name": "Clock"], token: owner.token)
        let passing = try await app.item(["name": "Desk"], token: owner.token)
        let others = try await app.item(["name": "Watch"], token: owner.token)
        let inAYear = Day(clock.now.addingTimeInterval(365 * 86_400), in: .gmt).text
        for (item, rule, date, person) in [
            (now, "immediate", nil, sam), (later, "afterSpecificDate", inAYear, sam),
            (passing, "uponPassing", nil, sam), (others, "immediate", nil, tom),
        ] as [(Components.Schemas.Item, String, String?, Components.Schemas.Beneficiary)] {
            var body: [String: any Sendable] = [
                "beneficiaryId": person.id, "accessPermission": rule, "personalMessage": "For you, with love.",
            ]
            if let date { body["accessDate"] = date }
            let response = try await app.api(
                .POST, "/api/items/\(item.id)/beneficiaries", token: owner.token, json: body)
            #expect(response.status == .created, "\(response.body.string)")
        }
        return RecipientFixture(owner: owner, sam: sam, now: now, later: later, passing: passing, others: others)
    }
}

extension Application {
    /// Invites a beneficiary and opens their link; returns the recipient's bearer token.
    func recipientSession(_ beneficiaryID: String, email: String, owner: Member) async throws -> String {
        let invite = try await api(.POST, "/api/beneficiaries/\(beneficiaryID)/invite", token: owner.token)
        #expect(invite.status == .ok, "\(invite.body.string)")
        let url = try #require(try invite.decoded(Components.Schemas.OutboxMessage.self).link)
        #expect(try invite.decoded(Components.Schemas.OutboxMessage.self).toEmail == email)
        let link = String(url.split(separator: "/").last ?? "")
        let session = try await api(.POST, "/api/recipient/session", json: ["token": link])
        #expect(session.status == .ok, "\(session.body.string)")
        return try session.decoded(Components.Schemas.TokenExchange.self).token
    }

    /// The names of the items a recipient sees.
    func recipientItems(_ token: String) async throws -> [String] {
        let response = try await api(.GET, "/api/recipient/items", token: token)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decoded(Components.Schemas.RecipientItemList.self).items.map(\.name)
    }
}

@Suite("Passing on: recipients over the API")
struct RecipientAPITests {
    let day: TimeInterval = 86_400

    @Test("an invited recipient sees exactly what the rule allows, and more once the estate is released")
    func visibility() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let family = try await RecipientFixture.make(app, clock: clock)
            // when
            var sam = try await app.recipientSession(family.sam.id, email: "sam@example.com", owner: family.owner)
            // then
            #expect(try await app.recipientItems(sam) == ["Brooch"])
            let invitation = try #require(try await app.outbox(family.owner).messages.first)
            #expect(invitation.subject == "Ann Miller has left you a keepsake")
            let one = try await app.api(.GET, "/api/recipient/items/\(family.now.id)", token: sam)
            #expect(one.status == .ok)
            #expect(try one.decoded(Components.Schemas.RecipientItem.self).personalMessage == "For you, with love.")
            #expect((try one.decoded(Components.Schemas.RecipientItem.self).estimatedValue) == nil)
            for hidden in [family.later.id, family.passing.id, family.others.id, UUID().uuidString, "nope"] {
                for (method, path) in [
                    (HTTPMethod.GET, "/api/recipient/items/\(hidden)"),
                    (.POST, "/api/recipient/items/\(hidden)/accept"), (.POST, "/api/recipient/items/\(hidden)/decline"),
                ] {
                    let response = try await app.api(method, path, token: sam)
                    #expect(response.status == .notFound, "\(method) \(path)")
                }
            }
            // a recipient's token opens nothing of the household
            for path in ["/api/items", "/api/memories", "/api/people", "/api/journal/drawers", "/api/estate"] {
                let response = try await app.api(.GET, path, token: sam)
                #expect(response.status == .unauthorized, "\(path)")
            }
            // when the estate is released
            let executor = try await app.executorSession(family.owner)
            _ = try await app.api(
                .PUT, "/api/estate", token: family.owner.token, json: ["showValuesToRecipients": true])
            _ = try await app.api(
                .POST, "/api/executor/report", token: executor,
                json: ["dateOfPassing": Day(clock.now, in: .current).text, "note": "She went peacefully, at home."])
            clock.advance(by: 14 * day + 1)
            // then: visible at once, before the scheduler writes it down
            #expect(try await app.recipientItems(sam) == ["Brooch", "Desk"])
            let valued = try await app.api(.GET, "/api/recipient/items/\(family.now.id)", token: sam)
            #expect(try valued.decoded(Components.Schemas.RecipientItem.self).estimatedValue == "120.00")
            // and one email about the desk, once
            try await app.runScheduler()
            try await app.runScheduler()
            let released = try await app.outbox(family.owner).messages.filter {
                $0.toEmail == "sam@example.com" && $0.purpose == "recipientItems"
            }
            #expect(released.count == 2)
            // and the email sent at the release carries the trusted contact's note; the one before it did not
            let texts = try await OutboxMessage.query(on: app.db).filter(\.$toEmail == "sam@example.com")
                .sort(\.$createdAt).all().map(\.textBody)
            #expect(texts.count == 2)
            #expect(
                texts.last?.contains("Mary Jones, who told the family's hub, wrote: “She went peacefully, at home.”")
                    == true)
            #expect(texts.first?.contains("She went peacefully") == false)
            // when the date comes (Sam's session has ended by then: he opens his link again)
            clock.advance(by: 366 * day)
            sam = try await app.reopenLink(for: "sam@example.com", owner: family.owner, as: "recipient")
            #expect(try await app.recipientItems(sam) == ["Brooch", "Clock", "Desk"])
            // when an owner reopens the estate, the desk is hidden again
            _ = try await app.api(.POST, "/api/estate/reopen", token: family.owner.token)
            #expect(try await app.recipientItems(sam) == ["Brooch", "Clock"])
        }
    }

    @Test("the email and the recipient's page say whom to ask: the family's other owners by name and email")
    func whoToContact() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await RecipientFixture.make(app, clock: clock)
            _ = try await app.addMember(
                role: "owner", by: family.owner, name: "Olive Miller", email: "olive@example.com")
            // when
            let invite = try await app.api(
                .POST, "/api/beneficiaries/\(family.sam.id)/invite", token: family.owner.token)
            // then
            let sentence = "If you have questions, please contact Olive Miller (olive@example.com)."
            let mail = try #require(
                try await OutboxMessage.query(on: app.db).filter(\.$toEmail == "sam@example.com").first())
            #expect(mail.textBody.contains(sentence), "\(mail.textBody)")
            let link = try #require(try invite.decoded(Components.Schemas.OutboxMessage.self).link)
            let web = WebSession(app: app)
            _ = try await web.get(String(link.dropFirst("http://hub.test".count)))
            let page = try await web.get("/r")
            #expect(page.body.string.contains(sentence))
        }
    }

    @Test("a recipient accepts and declines; the owner sees it on the link")
    func answers() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await RecipientFixture.make(app, clock: clock)
            let sam = try await app.recipientSession(family.sam.id, email: "sam@example.com", owner: family.owner)
            // when
            let declined = try await app.api(.POST, "/api/recipient/items/\(family.now.id)/decline", token: sam)
            #expect(try declined.decoded(Components.Schemas.RecipientItem.self).notificationStatus == .declined)
            let accepted = try await app.api(.POST, "/api/recipient/items/\(family.now.id)/accept", token: sam)
            // then
            #expect(accepted.status == .ok)
            #expect(try accepted.decoded(Components.Schemas.RecipientItem.self).notificationStatus == .accepted)
            let links = try await app.api(.GET, "/api/items/\(family.now.id)/beneficiaries", token: family.owner.token)
            #expect(
                try links.decoded(Components.Schemas.BeneficiaryLinkList.self).links.map(\.notificationStatus.rawValue)
                    == ["accepted"])
            let audit = try await app.api(.GET, "/api/estate/audit", token: family.owner.token)
            // all at one instant of the test clock, so in any order
            #expect(
                Set(try audit.decoded(Components.Schemas.EstateAuditLog.self).entries.map(\.event.rawValue)).isSuperset(
                    of: ["accepted", "declined", "recipientOpened"]))
        }
    }

    @Test("a new invitation replaces the old link at once; only owners invite; an email is needed")
    func reinvite() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await RecipientFixture.make(app, clock: clock)
            let editor = try await app.addMember(role: "editor", by: family.owner)
            let first = try await app.api(
                .POST, "/api/beneficiaries/\(family.sam.id)/invite", token: family.owner.token)
            let oldLink = String(
                try #require(try first.decoded(Components.Schemas.OutboxMessage.self).link).split(separator: "/").last
                    ?? "")
            let oldSession = try await app.api(.POST, "/api/recipient/session", json: ["token": oldLink])
            let old = try oldSession.decoded(Components.Schemas.TokenExchange.self).token
            // when
            let again = try await app.api(
                .POST, "/api/beneficiaries/\(family.sam.id)/invite", token: family.owner.token)
            #expect(again.status == .ok)
            // then
            #expect(try await app.api(.GET, "/api/recipient/items", token: old).status == .notFound)
            #expect(try await app.api(.POST, "/api/recipient/session", json: ["token": oldLink]).status == .notFound)
            let byEditor = try await app.api(.POST, "/api/beneficiaries/\(family.sam.id)/invite", token: editor.token)
            #expect(byEditor.status == .notFound)
            let noEmail = try await app.beneficiary(["name": "Kit"], token: family.owner.token)
            let refused = try await app.api(.POST, "/api/beneficiaries/\(noEmail.id)/invite", token: family.owner.token)
            #expect(refused.status == .unprocessableEntity)
            #expect(try refused.apiError.field == "email")
        }
    }

    @Test("the preview shows what a beneficiary would see at a moment if the estate were released then")
    func preview() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await RecipientFixture.make(app, clock: clock)
            let editor = try await app.addMember(role: "editor", by: family.owner)
            let viewer = try await app.addMember(role: "viewer", by: family.owner, name: "Vi", email: "vi@example.com")
            let today = Day(clock.now, in: .current).text
            let inTwoYears = ISO8601DateFormatter().string(from: clock.now.addingTimeInterval(730 * day))
            let path = "/api/release/preview?beneficiaryId=\(family.sam.id)&at="
            let soon = try await app.api(.GET, path + today, token: editor.token)
            #expect(soon.status == .ok, "\(soon.body.string)")
            #expect(
                try soon.decoded(Components.Schemas.RecipientItemList.self).items.map(\.name) == ["Brooch", "Desk"])
            let later = try await app.api(.GET, path + inTwoYears, token: family.owner.token)
            #expect(
                try later.decoded(Components.Schemas.RecipientItemList.self).items.map(\.name) == [
                    "Brooch", "Clock", "Desk",
                ])
            #expect(try await app.api(.GET, path + today, token: viewer.token).status == .notFound)
            let bad = try await app.api(.GET, path + "someday", token: editor.token)
            #expect(bad.status == .unprocessableEntity)
            #expect(try bad.apiError.field == "at")
        }
    }
}
