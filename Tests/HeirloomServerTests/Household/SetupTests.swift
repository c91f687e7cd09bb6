import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Setting up a hub")
struct SetupTests {
    @Test("health answers without signing in, naming the household once there is one")
    func health() async throws {
        try await withApp { app in
            // given a fresh hub
            var response = try await app.api(.GET, "/api/health")
            // then
            #expect(response.status == .ok)
            #expect(try response.decoded(Components.Schemas.Health.self).status == .ok)
            #expect(try response.decoded(Components.Schemas.Health.self).hubName == "Heirloom")
            #expect(try !response.decoded(Components.Schemas.Health.self).version.isEmpty)

            // when it is set up
            try await app.setUpHub(household: "The Miller Family")
            response = try await app.api(.GET, "/api/health")
            // then
            #expect(try response.decoded(Components.Schemas.Health.self).hubName == "The Miller Family")

            // when a phone tests its connection with a token the hub does not know
            response = try await app.api(.GET, "/api/health", token: "no-such-token")
            // then the probe still answers, while a signed-in call is refused
            #expect(response.status == .ok)
            #expect(try response.decoded(Components.Schemas.Health.self).hubName == "The Miller Family")
            #expect(try await app.api(.GET, "/api/me", token: "no-such-token").status == .unauthorized)
        }
    }

    @Test("set-up creates the household and its owner, once")
    func setupOnce() async throws {
        try await withApp { app in
            // when
            let owner = try await app.setUpHub()
            // then the token signs the owner in
            let me = try await app.api(.GET, "/api/me", token: owner.token)
            #expect(me.status == .ok)
            #expect(try me.decoded(Components.Schemas.Me.self).role == .owner)
            #expect(try me.decoded(Components.Schemas.Me.self).user.email == "ann@example.com")
            #expect(try me.decoded(Components.Schemas.Me.self).household.name == "The Miller Family")

            // and a second set-up is refused
            let again = try await app.api(
                .POST,
                "/api/setup",
                json: ["householdName": "Other", "name": "Eve", "email": "eve@example.com", "password": "0123456789ab"]
            )
            #expect(again.status == .conflict)
            #expect(try again.apiError.code == "already_set_up")
            let count = try await User.query(on: app.db).count()
            #expect(count == 1)
        }
    }

    @Test("set-up checks each field and changes nothing when one is wrong")
    func setupValidation() async throws {
        try await withApp { app in
            let valid: [String: String] = [
                "householdName": "The Millers", "name": "Ann", "email": "ann@example.com",
                "password": "long enough pass",
            ]
            let cases: [(String, String, String)] = [
                ("password", "short", "password"),
                ("email", "not-an-email", "email"),
                ("name", "   ", "name"),
                ("householdName", String(repeating: "x", count: 201), "householdName"),
            ]
            for (field, value, expected) in cases {
                var body = valid
                body[field] = value
                // when
                let response = try await app.api(.POST, "/api/setup", json: body)
                // then
                #expect(response.status == .unprocessableEntity, "\(field)")
                #expect(try response.apiError.field == expected)
                #expect(try !response.apiError.message.isEmpty)
            }
            #expect(try await User.query(on: app.db).count() == 0)
            #expect(try await Household.query(on: app.db).count() == 0)
        }
    }

    @Test("two set-ups at the same moment make one household")
    func concurrentSetup() async throws {
        try await withApp { app in
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<4 {
                    group.addTask {
                        try await app.api(
                            .POST,
                            "/api/setup",
                            json: [
                                "householdName": "House \(index)", "name": "Person \(index)",
                                "email": "p\(index)@example.com", "password": "long enough pass",
                            ]
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 1)
            #expect(statuses.filter { $0 == .conflict }.count == 3)
            #expect(try await Household.query(on: app.db).count() == 1)
        }
    }
}
