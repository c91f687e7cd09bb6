import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Journal unlocking: 10 minutes, one session or token, throttled")
struct JournalLockTests {
    @Test("an unlock lasts 10 minutes, for the token that unlocked only")
    func expiry() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a card in the Private drawer
            let ann = try await app.setUpHub()
            let privateID = try #require(try await app.journalDrawers(ann)["Private"])
            let unlocked = try await app.api(
                .POST, "/api/journal/unlock", token: ann.token, json: ["password": ann.password])
            #expect(unlocked.status == .ok)
            let until = try unlocked.decoded(Components.Schemas.JournalUnlocked.self).unlockedUntil
            #expect(abs(until.timeIntervalSince(clock.now) - 600) < 1)
            let card = try await app.writeCard(ann, drawer: privateID, text: "private words")

            // another token of the same member stays locked
            let phone = try await app.api(
                .POST, "/api/auth/login", json: ["email": ann.email, "password": ann.password, "deviceName": "Phone"]
            ).decoded(Components.Schemas.AuthResponse.self).token
            #expect(try await app.api(.GET, "/api/journal/cards/\(card)", token: phone).status == .locked)

            // when 9 minutes 59 seconds pass it is still open
            clock.advance(by: 599)
            #expect(try await app.api(.GET, "/api/journal/cards/\(card)", token: ann.token).status == .ok)
            // and after 10 minutes it is locked again
            clock.advance(by: 2)
            let late = try await app.api(.GET, "/api/journal/cards/\(card)", token: ann.token)
            #expect(late.status == .locked)
            #expect(try late.apiError.code == "journal_locked")
            // raw JSON: while locked the key is left out, not null
            #expect(try await app.api(.GET, "/api/journal/drawers", token: ann.token).object["unlockedUntil"] == nil)
        }
    }

    @Test("wrong passwords are refused, then throttled like log-ins, without locking the account out")
    func throttling() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let ann = try await app.setUpHub()
            for _ in 0..<5 {
                let wrong = try await app.api(
                    .POST, "/api/journal/unlock", token: ann.token, json: ["password": "not my password"])
                #expect(wrong.status == .unauthorized)
                #expect(try wrong.apiError.code == "invalid_credentials")
            }
            // then even the right password waits
            let waiting = try await app.api(
                .POST, "/api/journal/unlock", token: ann.token, json: ["password": ann.password])
            #expect(waiting.status == .tooManyRequests)
            #expect(waiting.headers.first(name: .retryAfter) != nil)
            // signing in still works
            let login = try await app.api(
                .POST, "/api/auth/login", json: ["email": ann.email, "password": ann.password])
            #expect(login.status == .ok)
            // and after 15 minutes the journal unlocks again
            clock.advance(by: 15 * 60 + 1)
            try await app.unlockJournal(ann)
        }
    }

    @Test("an empty request says what is needed; signing out locks the journal with the token")
    func missingPasswordAndLogout() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let empty = try await app.api(.POST, "/api/journal/unlock", token: ann.token, json: [:])
            #expect(empty.status == .unprocessableEntity)
            #expect(try empty.apiError.field == "password")
            try await app.unlockJournal(ann)
            #expect(try await app.api(.POST, "/api/auth/logout", token: ann.token).status == .noContent)
            #expect(try await app.api(.GET, "/api/journal/drawers", token: ann.token).status == .unauthorized)
        }
    }

    @Test("an account made with Sign in with Apple unlocks with a fresh identity token")
    func appleUnlock() async throws {
        let apple = try await FakeApple.start()
        var options = TestOptions()
        options.appleBundleIDs = ["org.heirloom.app"]
        options.appleJWKSURL = apple.url
        do {
            try await withApp(options) { app in
                let signedIn = try await app.api(
                    .POST, "/api/auth/apple",
                    json: ["identityToken": try await apple.token(email: "grace@example.com"), "fullName": "Grace"])
                let token = try signedIn.decoded(Components.Schemas.AuthResponse.self).token
                // a password cannot unlock an account that has none
                let password = try await app.api(
                    .POST, "/api/journal/unlock", token: token, json: ["password": "anything at all"])
                #expect(password.status == .unauthorized)
                // someone else's Apple token cannot either
                let other = try await app.api(
                    .POST, "/api/journal/unlock", token: token,
                    json: ["identityToken": try await apple.token(subject: "someone-else")])
                #expect(other.status == .unauthorized)
                // the account's own fresh token does
                let ok = try await app.api(
                    .POST, "/api/journal/unlock", token: token, json: ["identityToken": try await apple.token()])
                #expect(ok.status == .ok, "\(ok.body.string)")
            }
        } catch {
            try? await apple.stop()
            throw error
        }
        try await apple.stop()
    }
}
