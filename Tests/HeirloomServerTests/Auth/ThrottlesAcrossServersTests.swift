import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Two hubs on one database, as two servers behind a load balancer: what one counts, the other sees at once.
@Suite("Several servers on one database count the same attempts and share sessions and unlocks")
struct ThrottlesAcrossServersTests {
    @Test("five wrong passwords spread over two servers lock the account on both, for 15 minutes")
    func signIn() async throws {
        let clock = TestClock()
        try await withTwoServers(clock: clock) { a, b in
            // given
            let owner = try await a.setUpHub()
            // when five wrong passwords are sent, turn about, to each server
            for (attempt, server) in [a, b, a, b, a].enumerated() {
                let wrong = try await server.api(
                    .POST, "/api/auth/login", json: ["email": owner.email, "password": "wrong password!"])
                #expect(wrong.status == .unauthorized, "attempt \(attempt + 1)")
            }
            // then the right password waits on both, not five more times on the other
            for server in [a, b] {
                let locked = try await server.api(
                    .POST, "/api/auth/login", json: ["email": owner.email, "password": owner.password])
                #expect(locked.status == .tooManyRequests)
                #expect(locked.headers.first(name: .retryAfter) == "900")
            }
            // and after 15 minutes both let the owner in
            clock.advance(by: 15 * 60 + 1)
            for server in [a, b] {
                let later = try await server.api(
                    .POST, "/api/auth/login", json: ["email": owner.email, "password": owner.password])
                #expect(later.status == .ok)
            }
        }
    }

    @Test("twenty guesses sent at once, half to each server, get exactly five password checks")
    func parallelGuesses() async throws {
        try await withTwoServers { a, b in
            // given
            let owner = try await a.setUpHub()
            // when
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<20 {
                    let server = index.isMultiple(of: 2) ? a : b
                    group.addTask {
                        try await server.api(
                            .POST, "/api/auth/login", json: ["email": owner.email, "password": "wrong password!"]
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // then
            #expect(statuses.filter { $0 == .unauthorized }.count == 5, "\(statuses)")
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 15, "\(statuses)")
        }
    }

    @Test("a session made on one server works on the other at once, and ends on both")
    func sessions() async throws {
        try await withTwoServers { a, b in
            // given
            let owner = try await a.setUpHub()
            // when the owner signs in through one server
            let token = try await b.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": owner.password]
            ).decoded(Components.Schemas.AuthResponse.self).token
            // then the other knows the token at once
            #expect(try await a.api(.GET, "/api/me", token: token).status == .ok)
            // and signing out through it ends the token on both
            #expect(try await a.api(.POST, "/api/auth/logout", token: token).status == .noContent)
            #expect(try await b.api(.GET, "/api/me", token: token).status == .unauthorized)
        }
    }

    @Test("a journal unlocked through one server is unlocked on the other; its wrong passwords count on both")
    func journal() async throws {
        try await withTwoServers { a, b in
            // given a card in the Private drawer, written while it was unlocked through the first server
            let ann = try await a.setUpHub()
            let privateID = try #require(try await a.journalDrawers(ann)["Private"])
            try await a.unlockJournal(ann)
            let card = try await a.writeCard(ann, drawer: privateID, text: "private words")
            // then the second server reads it with the same token
            #expect(try await b.api(.GET, "/api/journal/cards/\(card)", token: ann.token).status == .ok)
            // and locking through the second server locks it on the first
            #expect(try await b.api(.POST, "/api/journal/lock", token: ann.token).status == .noContent)
            #expect(try await a.api(.GET, "/api/journal/cards/\(card)", token: ann.token).status == .locked)

            // when five wrong passwords go to both servers in turn
            for server in [a, b, a, b, a] {
                let wrong = try await server.api(
                    .POST, "/api/journal/unlock", token: ann.token, json: ["password": "not my password"])
                #expect(wrong.status == .unauthorized)
            }
            // then the right one waits on both
            for server in [a, b] {
                let waiting = try await server.api(
                    .POST, "/api/journal/unlock", token: ann.token, json: ["password": ann.password])
                #expect(waiting.status == .tooManyRequests)
            }
        }
    }

    @Test("password reset requests count on both servers: the fourth in an hour is refused by either")
    func passwordReset() async throws {
        try await withTwoServers { a, b in
            // given
            let owner = try await a.setUpHub()
            // when three links are asked for through the two servers
            for server in [a, b, a] {
                #expect(try await server.askForPasswordReset(owner.email).status == .accepted)
            }
            // then a fourth is refused by both
            for server in [a, b] {
                let fourth = try await server.askForPasswordReset(owner.email)
                #expect(fourth.status == .tooManyRequests)
                #expect(try fourth.apiError.code == "too_many_attempts")
            }
            #expect(try await a.resetMails(to: owner.email).count == 3)
        }
    }

    @Test("a phone's ten analyses a minute count on both servers")
    func gatewayLimits() async throws {
        let clock = TestClock()
        try await withTwoServers(clock: clock) { a, b in
            // given an approved phone
            let owner = try await a.setUpHub()
            let device = try await TreasureChestGatewayTests.approvedDevice(a, owner: owner, dailyAnalyses: 100)
            let request = TreasureChestGatewayTests.textRequest
            // when it asks for ten analyses, half through each server
            for index in 0..<10 {
                let server = index.isMultiple(of: 2) ? a : b
                let answer = try await TreasureChestApp.post(server, "/ai/analyze-item-text", request, device: device)
                #expect(answer.status == .ok)
            }
            // then the eleventh waits on both
            for server in [a, b] {
                let limited = try await TreasureChestApp.post(server, "/ai/analyze-item-text", request, device: device)
                #expect(limited.status == .tooManyRequests)
                #expect(try limited.apiError.code == "rate_limited")
            }
            // and a minute later both answer again
            clock.advance(by: 61)
            #expect(try await TreasureChestApp.post(b, "/ai/analyze-item-text", request, device: device).status == .ok)
        }
    }
}
