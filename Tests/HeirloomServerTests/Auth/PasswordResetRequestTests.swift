import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Asking for a password reset link")
struct PasswordResetRequestTests {
    @Test("an unknown address gets the same 202 as a known one, and no email")
    func noEnumeration() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            // when
            let known = try await app.askForPasswordReset(owner.email)
            let unknown = try await app.askForPasswordReset("nobody@example.com")
            // then
            #expect(known.status == .accepted && unknown.status == .accepted)
            #expect(known.body.string == unknown.body.string)
            #expect(
                try unknown.decoded(Components.Schemas.PasswordResetAccepted.self).message.contains("If an account"))
            #expect(try await OutboxMessage.query(on: app.db).filter(\.$toEmail == "nobody@example.com").count() == 0)
            #expect(try await PasswordLink.query(on: app.db).count() == 1)
        }
    }

    @Test("a known address, typed loosely, gets an email in the outbox with a link that lasts one hour")
    func emailWithLink() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a hub without a mail transport
            let owner = try await app.setUpHub()
            // when
            let response = try await app.askForPasswordReset("  ANN@Example.com ")
            // then the email waits in the outbox for the worker or an owner
            #expect(response.status == .accepted)
            let mail = try #require(try await app.resetMails(to: owner.email).first)
            #expect(mail.status == .queued && mail.toName == "Ann Miller")
            #expect(mail.subject == "A new password for The Miller Family")
            let url = try #require(mail.link)
            #expect(mail.textBody.contains("within one hour") && mail.textBody.contains(url))
            let link = try #require(try await PasswordLink.query(on: app.db).first())
            #expect(link.purpose == .reset && link.usedAt == nil)
            let lifetime = link.expiresAt.timeIntervalSince(clock.now)
            #expect(lifetime > 3599 && lifetime <= 3600, "one hour, ending on a whole second")
            #expect(!url.contains(link.tokenHash), "only the hash is stored")
        }
    }

    @Test("a missing email is 400, a malformed one 422 naming the field, both in the JSON error shape")
    func badEmail() async throws {
        try await withApp { app in
            try await app.setUpHub()
            let missing = try await app.api(.POST, "/api/password/reset", json: ["mail": "ann@example.com"])
            #expect(missing.status == .badRequest)
            #expect(try missing.apiError.code == "bad_request")
            let notJSON = try await app.api(.POST, "/api/password/reset", rawBody: "{\"email\": ")
            #expect(notJSON.status == .badRequest)
            let malformed = try await app.askForPasswordReset("ann at example")
            #expect(malformed.status == .unprocessableEntity)
            #expect(try malformed.apiError.code == "invalid_field" && malformed.apiError.field == "email")
            #expect(try await OutboxMessage.query(on: app.db).count() == 0)
        }
    }

    @Test("three links an hour per address, known or not; the fourth request is 429 until the hour has passed")
    func accountThrottle() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let owner = try await app.setUpHub()
            for address in [owner.email, "nobody@example.com"] {
                for _ in 0..<3 {
                    #expect(try await app.askForPasswordReset(address).status == .accepted)
                    clock.advance(by: 60)
                }
                // when
                let fourth = try await app.askForPasswordReset(address)
                // then the same answer for both, in the JSON error shape, on the hub's clock
                #expect(fourth.status == .tooManyRequests)
                #expect(try fourth.apiError.code == "too_many_attempts")
                #expect(try fourth.apiError.message == "Too many attempts. Please try again in 57 minutes.")
            }
            #expect(try await app.resetMails(to: owner.email).count == 3)
            // and signing in is not slowed by any of it
            let login = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": owner.password])
            #expect(login.status == .ok)
            // when the hour has passed
            clock.advance(by: 60 * 60)
            #expect(try await app.askForPasswordReset(owner.email).status == .accepted)
        }
    }

    @Test("one client asking for many addresses is slowed after ten in 15 minutes")
    func addressThrottle() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            for index in 0..<10 {
                #expect(try await app.askForPasswordReset("guess\(index)@example.com").status == .accepted)
            }
            // when
            let blocked = try await app.askForPasswordReset(owner.email)
            // then
            #expect(blocked.status == .tooManyRequests)
            #expect(blocked.headers.first(name: .retryAfter) == "900")
            #expect(try blocked.apiError.code == "too_many_attempts")
            #expect(try await app.resetMails(to: owner.email).isEmpty)
        }
    }
}
