import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The outbox shows a link only where the family must pass it on by hand, and never one that acts as a person:
/// an owner cannot take over another member's account, or say "I am still here" for the holder, from it.
@Suite("The outbox: which links an owner reads")
struct OutboxLinkTests {
    @Test("without mail: another member's reset link and the holder's still-here link stay out; an heir's is shown")
    func withoutMail() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given Ann the holder, Tom a co-owner, Ben an editor, Mary a trusted contact and Lily an heir
            let ann = try await app.setUpHub()
            let tom = try await app.addMember(role: "owner", by: ann, name: "Tom Miller", email: "tom@example.com")
            _ = try await app.addMember(role: "editor", by: ann, name: "Ben Miller", email: "ben@example.com")
            let mary = try await app.executorSession(ann)
            let lily = try await app.beneficiary(["name": "Lily", "email": "lily@example.com"], token: ann.token).id
            let invite = try await app.api(.POST, "/api/beneficiaries/\(lily)/invite", token: ann.token)

            // when Tom asks a password reset for Ben, and Mary reports Ann's passing
            let reset = try await app.api(.POST, "/api/password/reset", json: ["email": "ben@example.com"])
            #expect(reset.status.code < 300, "\(reset.body.string)")
            let today = Day(clock.now, in: .current).text
            _ = try await app.api(.POST, "/api/executor/report", token: mary, json: ["dateOfPassing": today])

            // then Ben's and Ann's mail hold their links, and Tom's outbox shows neither, on the API or the page
            let resetLink = try #require(
                try await app.mailbox(of: "ben@example.com").first { $0.purpose == "passwordReset" }?.link)
            let stillHere = try #require(
                try await app.mailbox(of: "ann@example.com").first { $0.purpose == "holderPassingReported" }?.link)
            let outbox = try await app.outbox(tom)
            #expect(outbox.messages.first { $0.purpose == "passwordReset" }?.link == nil)
            #expect(outbox.messages.first { $0.purpose == "holderPassingReported" }?.link == nil)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": tom.email, "password": tom.password])
            let page = try await browser.get("/settings/outbox")
            #expect(page.status == .ok)
            #expect(!page.body.string.contains(resetLink) && !page.body.string.contains(stillHere))
            #expect(!page.body.string.contains(String(resetLink.split(separator: "/").last ?? "-")))

            // and the links meant to be passed on by hand are there: the heir's and the trusted contact's
            #expect(try invite.decoded(Components.Schemas.OutboxMessage.self).link != nil)
            #expect(outbox.messages.first { $0.toEmail == "lily@example.com" }?.link != nil)
            #expect(outbox.messages.first { $0.purpose == "executorInvitation" }?.link != nil)
        }
    }

    @Test("with mail: a link to pass on is shown only once its delivery failed; an invitation never once delivered")
    func withMail() async throws {
        let clock = TestClock()
        let transport = RecordingTransport()
        let options = TestOptions.sendingMail(through: transport)
        try await withApp(options, clock: clock) { app in
            // given a trusted contact's invitation waiting to be sent, and a member's invitation
            let ann = try await app.setUpHub()
            _ = try await app.api(
                .POST, "/api/estate/executors", token: ann.token, json: ["name": "Mary", "email": "mary@example.com"])
            _ = try await app.api(
                .POST, "/api/invitations", token: ann.token, json: ["role": "editor", "email": "carol@example.com"])
            var outbox = try await app.outbox(ann)
            #expect(outbox.smtpConfigured)
            #expect(outbox.messages.allSatisfy { $0.link == nil })

            // when they are delivered
            try await app.runScheduler()
            outbox = try await app.outbox(ann)
            #expect(outbox.messages.allSatisfy { $0.status == .sent && $0.link == nil })

            // when the next fails for good, its link is there to pass on by hand
            transport.fail(true)
            _ = try await app.api(
                .POST, "/api/estate/executors", token: ann.token, json: ["name": "Joe", "email": "joe@example.com"])
            for _ in 0..<OutboxWorker.maximumAttempts {
                try await app.runScheduler()
                clock.advance(by: 3600)
            }
            let joe = try #require(try await app.outbox(ann).messages.first { $0.toEmail == "joe@example.com" })
            #expect(joe.status == .failed)
            #expect(joe.link?.hasPrefix("http://hub.test/executor/") == true)
        }
    }

    @Test("an owner makes a first-password link only for a member who has no way in yet")
    func firstPasswordOnly() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: ann)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": ann.email, "password": ann.password])
            let made = try await browser.post("/settings/members/\(ben.id)/password-link", ["send": "page"])
            #expect(made.status == .conflict)
            #expect(try await PasswordLink.query(on: app.db).count() == 0)
        }
    }
}
