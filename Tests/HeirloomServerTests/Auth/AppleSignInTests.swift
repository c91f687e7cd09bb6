import Fluent
import Foundation
import HeirloomAPI
import JWTKit
import Testing
import Vapor
import VaporTesting
import _CryptoExtras

@testable import HeirloomServer

/// A stand-in for Apple's key server on loopback, with keys made for the test.
struct FakeApple {
    let server: Application
    let url: String
    let keys = JWTKeyCollection()
    let kid = "test-key"

    static func start() async throws -> FakeApple {
        let privateKey = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        let primitives = try privateKey.publicKey.getKeyPrimitives()
        let jwks = """
            {"keys":[{"kty":"RSA","kid":"test-key","use":"sig","alg":"RS256",\
            "n":"\(primitives.modulus.base64URL)","e":"\(primitives.publicExponent.base64URL)"}]}
            """
        let server = try await Application.make(.testing)
        server.get("auth", "keys") { _ in
            Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(string: jwks))
        }
        try await server.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = server.http.server.shared.localAddress?.port else { throw TestFailure("no port") }
        let fake = FakeApple(server: server, url: "http://127.0.0.1:\(port)/auth/keys")
        await fake.keys.add(rsa: privateKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: "test-key"))
        return fake
    }

    func token(
        subject: String = "001234.abcdef",
        email: String? = "ann@example.com",
        audience: String = "org.heirloom.app",
        issuer: String = "https://appleid.apple.com",
        expires: Date = Date().addingTimeInterval(600),
        signedBy other: JWTKeyCollection? = nil
    ) async throws -> String {
        let payload = AppleIdentityToken(
            issuer: .init(value: issuer),
            audience: .init(value: [audience]),
            expires: .init(value: expires),
            issuedAt: .init(value: Date()),
            subject: .init(value: subject),
            email: email
        )
        return try await (other ?? keys).sign(payload, kid: JWKIdentifier(string: kid))
    }

    func stop() async throws {
        await server.server.shutdown()
        try await server.asyncShutdown()
    }
}

extension Data {
    fileprivate var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

@Suite("Sign in with Apple")
struct AppleSignInTests {
    private func withApple(_ body: (Application, FakeApple) async throws -> Void) async throws {
        let apple = try await FakeApple.start()
        var options = TestOptions()
        options.appleBundleIDs = ["org.heirloom.app"]
        options.appleJWKSURL = apple.url
        do {
            try await withApp(options) { app in try await body(app, apple) }
        } catch {
            try? await apple.stop()
            throw error
        }
        try await apple.stop()
    }

    @Test("a valid token links the account with the same email, then signs in by Apple's id")
    func linksExistingAccount() async throws {
        try await withApple { app, apple in
            let owner = try await app.setUpHub()
            // when
            let response = try await app.api(.POST, "/api/auth/apple", json: ["identityToken": try await apple.token()])
            // then
            #expect(response.status == .ok, "\(response.body.string)")
            let auth = try response.decoded(Components.Schemas.AuthResponse.self)
            #expect(auth.user.id == owner.id)
            // and later tokens without an email find the same account
            let again = try await app.api(
                .POST, "/api/auth/apple", json: ["identityToken": try await apple.token(email: nil)])
            #expect(try again.decoded(Components.Schemas.AuthResponse.self).user.id == owner.id)
        }
    }

    @Test("on a fresh hub the first Apple sign-in creates the owner")
    func createsOwnerOnFreshHub() async throws {
        try await withApple { app, apple in
            let response = try await app.api(
                .POST,
                "/api/auth/apple",
                json: ["identityToken": try await apple.token(email: "grace@example.com"), "fullName": "Grace Hopper"]
            )
            #expect(response.status == .ok, "\(response.body.string)")
            let auth = try response.decoded(Components.Schemas.AuthResponse.self)
            #expect(auth.user.name == "Grace Hopper")
            let me = try await app.api(.GET, "/api/me", token: auth.token)
            #expect(try me.decoded(Components.Schemas.Me.self).role == .owner)
            // and a stranger on a private hub is told to ask for an invitation
            let stranger = try await app.api(
                .POST,
                "/api/auth/apple",
                json: ["identityToken": try await apple.token(subject: "999", email: "stranger@example.com")]
            )
            #expect(stranger.status == .forbidden)
            #expect(try stranger.apiError.message.contains("invitation"))
        }
    }

    @Test("an invitation lets a new Apple account join the household")
    func joinsByInvitation() async throws {
        try await withApple { app, apple in
            let owner = try await app.setUpHub()
            let invitation = try await app.api(.POST, "/api/invitations", token: owner.token, json: ["role": "viewer"])
                .decoded(Components.Schemas.CreatedInvitation.self).token
            let response = try await app.api(
                .POST,
                "/api/auth/apple",
                json: [
                    "identityToken": try await apple.token(subject: "42", email: "kid@example.com"),
                    "invitationToken": invitation,
                ]
            )
            #expect(response.status == .ok, "\(response.body.string)")
            let auth = try response.decoded(Components.Schemas.AuthResponse.self)
            #expect(auth.household.id == owner.householdID)
            #expect(
                try await app.api(.GET, "/api/me", token: auth.token).decoded(Components.Schemas.Me.self).role
                    == .viewer)
        }
    }

    @Test("wrong audience, wrong issuer, expired or forged tokens are refused")
    func refusesBadTokens() async throws {
        try await withApple { app, apple in
            try await app.setUpHub()
            let forger = JWTKeyCollection()
            await forger.add(
                rsa: try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048)),
                digestAlgorithm: .sha256,
                kid: JWKIdentifier(string: "test-key")
            )
            let bad = [
                try await apple.token(audience: "com.someone.else"),
                try await apple.token(issuer: "https://evil.example"),
                try await apple.token(expires: Date().addingTimeInterval(-60)),
                try await apple.token(signedBy: forger),
                "not.a.jwt",
            ]
            for token in bad {
                let response = try await app.api(.POST, "/api/auth/apple", json: ["identityToken": token])
                #expect(response.status == .unauthorized, "\(response.body.string)")
                #expect(try response.apiError.code == "invalid_credentials")
            }
            #expect(try await User.query(on: app.db).filter(\.$appleSubject != nil).count() == 0)
        }
    }

    @Test("when Apple's keys cannot be fetched the answer is 503")
    func unreachableKeys() async throws {
        var options = TestOptions()
        options.appleBundleIDs = ["org.heirloom.app"]
        options.appleJWKSURL = "http://127.0.0.1:9/keys"
        try await withApp(options) { app in
            let response = try await app.api(.POST, "/api/auth/apple", json: ["identityToken": "a.b.c"])
            #expect(response.status == .serviceUnavailable)
            #expect(try response.apiError.code == "apple_unavailable")
        }
    }

    @Test("without configured bundle ids Sign in with Apple is off: 404 apple_not_configured, not a server failure")
    func notConfigured() async throws {
        try await withApp { app in
            // given a hub without Sign in with Apple
            let users = try await User.query(on: app.db).count()
            // when an app tries it
            let response = try await app.api(.POST, "/api/auth/apple", json: ["identityToken": "a.b.c"])
            // then it is told the feature does not exist here, and nothing changed
            #expect(response.status == .notFound)
            #expect(try response.apiError.code == "apple_not_configured")
            #expect(try await User.query(on: app.db).count() == users)
        }
    }
}
