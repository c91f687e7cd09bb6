import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Signing in against forged redirects, parallel guessing and forged client addresses")
struct SignInAbuseTests {
    @Test(
        "a next address with control characters or a backslash goes Home",
        arguments: [
            "/%0D%0ASet-Cookie:%20heirloom_session=stolen", "/\t/evil.example", "/\\evil.example", "//evil.example",
        ])
    func nextIsSanitised(_ next: String) async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            let decoded = next.removingPercentEncoding ?? next
            let response = try await browser.post(
                "/login", ["email": owner.email, "password": owner.password, "next": decoded])
            #expect(response.headers.first(name: .location) == "/")
            #expect(response.headers[.setCookie].allSatisfy { !$0.contains("stolen") })
        }
    }

    @Test("twenty guesses sent at once are still held to five")
    func parallelGuesses() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await app.api(
                            .POST, "/api/auth/login", json: ["email": owner.email, "password": "wrong password!"]
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count <= 5)
            #expect(statuses.filter { $0 == .tooManyRequests }.count >= 15)
        }
    }

    @Test("only a local proxy's own X-Forwarded-For entry names the client")
    func forwardedFor() {
        #expect(Request.clientAddress(peer: "127.0.0.1", forwardedFor: ["10.0.0.7, 203.0.113.9"]) == "203.0.113.9")
        #expect(Request.clientAddress(peer: "127.0.0.1", forwardedFor: ["10.0.0.7", "198.51.100.4"]) == "198.51.100.4")
        #expect(Request.clientAddress(peer: "203.0.113.50", forwardedFor: ["10.0.0.7"]) == "203.0.113.50")
        #expect(Request.clientAddress(peer: nil, forwardedFor: ["10.0.0.7"]) == "unknown")
    }

    @Test("a load balancer on another machine names the client once HEIRLOOM_TRUSTED_PROXIES names it")
    func trustedProxies() throws {
        // given
        let proxies = try HeirloomConfig.load(
            from: ["HEIRLOOM_TRUSTED_PROXIES": "10.0.0.5, fd00::5"], workingDirectory: URL(fileURLWithPath: "/srv")
        ).trustedProxies
        #expect(proxies == ["10.0.0.5", "fd00::5"])
        // then its last entry is the client, however the balancer's own address is written
        for balancer in ["10.0.0.5", "::ffff:10.0.0.5", "fd00::5"] {
            let client = Request.clientAddress(peer: balancer, forwardedFor: ["203.0.113.9"], trusting: proxies)
            #expect(client == "203.0.113.9", "\(balancer)")
        }
        // and any other peer is the client itself
        #expect(Request.clientAddress(peer: "10.0.0.6", forwardedFor: ["203.0.113.9"], trusting: proxies) == "10.0.0.6")
    }
}
