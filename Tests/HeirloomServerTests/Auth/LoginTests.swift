import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Signing in, tokens and passwords")
struct LoginTests {
    @Test("log-in gives a named token; a wrong password gives 401")
    func logIn() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            // when
            let ok = try await app.api(
                .POST,
                "/api/auth/login",
                json: ["email": "ANN@example.com ", "password": owner.password, "deviceName": "Ann’s iPhone"]
            )
            // then
            #expect(ok.status == .ok)
            let token = try ok.decoded(Components.Schemas.AuthResponse.self).token
            #expect(token.count >= 43)
            let tokens = try await app.api(.GET, "/api/auth/tokens", token: token)
            let names = try tokens.decoded(Components.Schemas.TokenList.self).tokens.map(\.name)
            #expect(names.contains("Ann’s iPhone"))

            let wrong = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": "wrong password!"])
            #expect(wrong.status == .unauthorized)
            #expect(try wrong.apiError.code == "invalid_credentials")

            let nobody = try await app.api(
                .POST, "/api/auth/login", json: ["email": "nobody@example.com", "password": "whatever it is"])
            #expect(nobody.status == .unauthorized)
            #expect(try nobody.apiError.message == wrong.apiError.message)
        }
    }

    @Test("tokens are stored only as hashes")
    func hashedTokens() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let stored = try await AuthToken.query(on: app.db).all().map(\.tokenHash)
            #expect(!stored.contains(owner.token))
            #expect(stored.contains(SecretToken.hash(owner.token)))
        }
    }

    @Test("five failures lock the account for 15 minutes, with a message saying when on the hub's clock")
    func accountThrottle() async throws {
        // A rehearsal: the hub's clock a month ahead of the machine's (HEIRLOOM_NOW).
        let clock = TestClock()
        clock.advance(by: 30 * 24 * 3600)
        try await withApp(clock: clock) { app in
            let owner = try await app.setUpHub()
            for _ in 0..<5 {
                let response = try await app.api(
                    .POST, "/api/auth/login", json: ["email": owner.email, "password": "wrong password!"])
                #expect(response.status == .unauthorized)
            }
            // then even the right password waits
            let locked = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": owner.password])
            #expect(locked.status == .tooManyRequests)
            #expect(try locked.apiError.code == "too_many_attempts")
            #expect(try locked.apiError.message == "Too many attempts. Please try again in 15 minutes.")
            #expect(locked.headers.first(name: .retryAfter) == "900")

            // and another member of the family is not locked out
            let ben = try await app.addMember(role: "editor", by: owner)
            let other = try await app.api(
                .POST, "/api/auth/login", json: ["email": ben.email, "password": ben.password])
            #expect(other.status == .ok)

            // when 15 minutes pass
            clock.advance(by: 15 * 60 + 1)
            let later = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": owner.password])
            #expect(later.status == .ok)
        }
    }

    @Test("one address guessing across many accounts is slowed too")
    func addressThrottle() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            for index in 0..<20 {
                let response = try await app.api(
                    .POST,
                    "/api/auth/login",
                    json: ["email": "guess\(index)@example.com", "password": "wrong password!"]
                )
                #expect(response.status == .unauthorized)
            }
            let blocked = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": owner.password])
            #expect(blocked.status == .tooManyRequests)
        }
    }

    @Test("tokens are listed with the current one marked, and revocable")
    func revokeTokens() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let second = try await app.api(
                .POST,
                "/api/auth/login",
                json: ["email": owner.email, "password": owner.password, "deviceName": "iPad"]
            ).decoded(Components.Schemas.AuthResponse.self).token

            let list = try await app.api(.GET, "/api/auth/tokens", token: owner.token)
            let tokens = try list.decoded(Components.Schemas.TokenList.self).tokens
            #expect(tokens.count == 2)
            #expect(tokens.filter(\.current).count == 1)
            let ipad = try #require(tokens.first { $0.name == "iPad" })
            #expect(!ipad.current)
            #expect(ipad.kind == .api)

            // when the owner revokes the iPad
            let revoke = try await app.api(.DELETE, "/api/auth/tokens/\(ipad.id)", token: owner.token)
            #expect(revoke.status == .noContent)
            // then it no longer works
            #expect(try await app.api(.GET, "/api/me", token: second).status == .unauthorized)

            // and log-out ends the token it was sent with
            #expect(try await app.api(.POST, "/api/auth/logout", token: owner.token).status == .noContent)
            #expect(try await app.api(.GET, "/api/me", token: owner.token).status == .unauthorized)
        }
    }

    @Test("nobody can revoke someone else's token")
    func revokeOthersToken() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: owner)
            let bensTokenID = try #require(
                try await AuthToken.query(on: app.db).filter(\.$tokenHash == SecretToken.hash(ben.token)).first()?.id
            )
            let response = try await app.api(.DELETE, "/api/auth/tokens/\(bensTokenID)", token: owner.token)
            #expect(response.status == .notFound)
            #expect(try await app.api(.GET, "/api/me", token: ben.token).status == .ok)
        }
    }

    @Test("changing the password checks the old one and signs out everything else")
    func changePassword() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let other = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": owner.password]
            )
            .decoded(Components.Schemas.AuthResponse.self).token

            let wrong = try await app.api(
                .PUT,
                "/api/me/password",
                token: owner.token,
                json: ["currentPassword": "not my password", "newPassword": "a brand new password"]
            )
            #expect(wrong.status == .unprocessableEntity)
            #expect(try wrong.apiError.field == "currentPassword")

            let short = try await app.api(
                .PUT,
                "/api/me/password",
                token: owner.token,
                json: ["currentPassword": owner.password, "newPassword": "short"]
            )
            #expect(short.status == .unprocessableEntity)
            #expect(try short.apiError.field == "newPassword")

            let ok = try await app.api(
                .PUT,
                "/api/me/password",
                token: owner.token,
                json: ["currentPassword": owner.password, "newPassword": "a brand new password"]
            )
            #expect(ok.status == .noContent)
            #expect(try await app.api(.GET, "/api/me", token: owner.token).status == .ok)
            #expect(try await app.api(.GET, "/api/me", token: other).status == .unauthorized)
            let relogin = try await app.api(
                .POST,
                "/api/auth/login",
                json: ["email": owner.email, "password": "a brand new password"]
            )
            #expect(relogin.status == .ok)
        }
    }
}
