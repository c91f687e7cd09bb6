import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Mail: two servers on one database send each message once")
struct OutboxConcurrencyTests {
    /// A second hub process's view of the same database: its own connection pool, its own scheduler passes.
    static func withSecondHub(
        sharing first: Application, transport: any MailTransport, clock: TestClock,
        _ body: (Application) async throws -> Void
    ) async throws {
        let app = try await Application.make(.testing)
        do {
            var overrides = HeirloomOverrides()
            overrides.passwordCost = 4
            overrides.clock = { clock.now }
            overrides.runsMediaCollector = false
            overrides.runsScheduler = false
            overrides.mailTransport = transport
            try await configure(app, config: first.hub.config, overrides: overrides)
            app.logger.logLevel = .warning
            try await body(app)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    @Test(
        "every queued message goes out exactly once while two hubs drain the outbox at the same time",
        .enabled(if: TestDatabase.adminURL != nil, "needs PostgreSQL (HEIRLOOM_TEST_DATABASE_URL)"))
    func twoHubsOnePostgres() async throws {
        let clock = TestClock()
        let first = RecordingTransport()
        let second = RecordingTransport()
        var options = TestOptions()
        options.mailTransport = first
        try await withApp(options, clock: clock) { app in
            // given thirty messages in the outbox
            let owner = try await app.setUpHub()
            for index in 0..<30 {
                let response = try await app.api(
                    .POST, "/api/estate/executors", token: owner.token,
                    json: ["name": "Contact \(index)", "email": "contact\(index)@example.com"])
                #expect(response.status == .created)
            }
            try await Self.withSecondHub(sharing: app, transport: second, clock: clock) { other in
                // when both hubs run their scheduler passes at once, several times
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<4 {
                        group.addTask { try await app.runScheduler() }
                        group.addTask { try await other.runScheduler() }
                    }
                    try await group.waitForAll()
                }
            }
            // then each message was handed to a mail server exactly once
            let sent = (first.sent + second.sent).map(\.to)
            #expect(sent.count == 30)
            #expect(Set(sent).count == 30)
            #expect(try await app.outbox(owner).messages.allSatisfy { $0.status == .sent })
        }
    }
}
