import Fluent
import Foundation
import HeirloomAPI
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Addresses are proved before they are trusted: an account's typed address, or an address a member writes on
/// someone else's card, never opens that person's wishes.
@Suite("Wish rounds: only a proved address takes part through an account")
struct WishAddressProofTests {
    @Test("a viewer who typed Anna's address when joining gets nothing, until a link to it comes back")
    func typedIsNotProved() async throws {
        let clock = TestClock()
        let transport = RecordingTransport()
        try await withApp(.sendingMail(through: transport), clock: clock) { app in
            // given someone who joined by an unaddressed invitation, typing Anna's address
            let family = try await WishFamily.make(app)
            let typed = try await app.addMember(
                role: "viewer", by: family.owner, name: "Not Anna", email: "anna@example.com")
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            _ = try await app.api(.POST, "/api/wish-rounds/\(round.id)/open", token: family.owner.token)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": typed.email, "password": typed.password])

            // then Home offers nothing of Anna's, and her page does not open for them
            #expect(!(try await browser.get("/").body.string.contains("Mother’s things")))
            #expect(try await browser.get("/wish-rounds/\(round.id)/take-part").status == .notFound)
            let status = try await app.api(.GET, "/api/me/email-confirmation", token: typed.token)
            #expect(try status.decoded(Components.Schemas.EmailConfirmation.self).confirmed == false)

            // when a link is sent to the address and comes back (only its owner reads that mailbox)
            let settings = try await browser.post("/settings/email-confirmation", [:])
            #expect(settings.status == .seeOther)
            let link = try #require(
                try await app.mailbox(of: "anna@example.com").first { $0.purpose == "emailConfirmation" }?.link)
            #expect(
                try await app.outbox(family.owner).messages.allSatisfy {
                    $0.purpose != "emailConfirmation" || $0.link == nil
                })
            let path = String(link.dropFirst("http://hub.test".count))
            let page = try await WebSession(app: app).get(path)
            #expect(page.body.string.contains("Yes, this is my address"))
            #expect(
                try await app.api(.GET, "/api/me/email-confirmation", token: typed.token)
                    .decoded(Components.Schemas.EmailConfirmation.self).confirmed == false,
                "opening alone confirms nothing")
            #expect(try await WebSession(app: app).post(path, [:]).body.string.contains("is confirmed as yours"))

            // then the round is theirs through the account: the address is Anna's, proved
            #expect(try await browser.get("/wish-rounds/\(round.id)/take-part").status == .seeOther)
            // and the link is used up
            #expect(try await WebSession(app: app).get(path).status == .notFound)
        }
    }

    @Test("an editor who writes their own address on Anna's card, before or after the round opens, gains nothing")
    func ownAddressOnAnothersCard() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await WishFamily.make(app)
            let ed = try await app.addMember(
                role: "editor", by: family.owner, name: "Ed", email: "ed@example.com", proved: true)
            // before: Ed puts his address on Anna's card, and the round opens with it
            let before = try await app.api(
                .PATCH, "/api/beneficiaries/\(family.anna)", token: ed.token, json: ["email": "ed@example.com"])
            #expect(before.status == .ok, "\(before.body.string)")
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            _ = try await app.api(.POST, "/api/wish-rounds/\(round.id)/open", token: family.owner.token)
            // after: and on Ben's card too, once it is open
            _ = try await app.api(
                .PATCH, "/api/beneficiaries/\(family.ben)", token: ed.token, json: ["email": "ed@example.com"])
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": ed.email, "password": ed.password])
            #expect(try await browser.get("/wish-rounds/\(round.id)/take-part").status == .notFound)
            #expect(!(try await browser.get("/").body.string.contains("Mother’s things")))
        }
    }

    @Test("the API: the state, a link sent, its token used once; a hub without mail says why; a bad token is 404")
    func api() async throws {
        let transport = RecordingTransport()
        try await withApp(.sendingMail(through: transport)) { app in
            let owner = try await app.setUpHub()
            let invited = try await app.addMember(role: "editor", by: owner, email: "cara@example.com", proved: true)
            let proved = try await app.api(.GET, "/api/me/email-confirmation", token: invited.token)
            #expect(try proved.decoded(Components.Schemas.EmailConfirmation.self).confirmed == true)

            let sent = try await app.api(.POST, "/api/me/email-confirmation", token: owner.token)
            #expect(sent.status == .accepted)
            #expect(try sent.decoded(Components.Schemas.EmailConfirmation.self).emailed == true)
            let link = try #require(
                try await app.mailbox(of: owner.email).first { $0.purpose == "emailConfirmation" }?.link)
            let token = String(link.split(separator: "/").last ?? "")
            let confirmed = try await app.api(.POST, "/api/email-confirmation", json: ["token": token])
            #expect(try confirmed.decoded(Components.Schemas.EmailConfirmation.self).confirmed == true)
            #expect(try await app.api(.POST, "/api/email-confirmation", json: ["token": token]).status == .notFound)
            let again = try await app.api(.POST, "/api/me/email-confirmation", token: owner.token)
            #expect(try again.decoded(Components.Schemas.EmailConfirmation.self).emailed == false)
        }
        try await withApp { app in
            let owner = try await app.setUpHub()
            let refused = try await app.api(.POST, "/api/me/email-confirmation", token: owner.token)
            #expect(refused.status == .conflict)
            #expect(try refused.apiError.code == "no_mail")
        }
    }
}

@Suite("Addresses proved: the migration")
struct AddressProofMigrationTests {
    @Test("an open round keeps its participants' addresses of now; a member invited at their address is confirmed")
    func migration() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given an open round and Anna, invited at her address, as the hub kept them before
            let family = try await WishFamily.make(app)
            let anna = try await app.addMember(
                role: "viewer", by: family.owner, name: "Anna Hart", email: "anna@example.com", proved: true)
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            _ = try await app.api(.POST, "/api/wish-rounds/\(round.id)/open", token: family.owner.token)
            try await app.db.sql().raw("UPDATE users SET email_confirmed_at = NULL").run()
            try await app.db.sql().raw("UPDATE wish_participants SET email = NULL").run()

            // when the hub is brought up to date
            try await AddAddressProof.fill(app.db.sql())

            // then Anna is confirmed, each participant has the address the round was opened with, and she takes part
            let user = try #require(try await User.find(UUID(uuidString: anna.id), on: app.db))
            #expect(user.emailConfirmedAt != nil)
            let emails = try await WishParticipant.query(on: app.db).all().compactMap(\.email)
            #expect(Set(emails) == ["anna@example.com", "ben@example.com", "cora@example.com"])
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": anna.email, "password": anna.password])
            #expect(try await browser.get("/wish-rounds/\(round.id)/take-part").status == .seeOther)
        }
    }
}
