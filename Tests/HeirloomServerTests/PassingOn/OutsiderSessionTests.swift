import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Executors and recipients sign in with the link in their email: what opening it costs the hub and the log.
@Suite("Passing on: outsiders' links and sessions, and the audit log a page at a time")
struct OutsiderSessionTests {
    let day: TimeInterval = 86_400

    /// The `detail` of every audit entry, newest first, paging through the whole log.
    static func wholeLog(_ app: Application, owner: Member, limit: Int) async throws -> [String] {
        var details: [String] = []
        var before: String?
        repeat {
            let query = "limit=\(limit)" + (before.map { "&before=\($0)" } ?? "")
            let page = try await app.api(.GET, "/api/estate/audit?\(query)", token: owner.token)
            #expect(page.status == .ok, "\(page.body.string)")
            let entries = try page.decoded(Components.Schemas.EstateAuditLog.self).entries.map(\.detail)
            #expect(entries.count <= limit)
            details += entries
            before = try page.decoded(Components.Schemas.EstateAuditLog.self).nextBefore
        } while before != nil
        return details
    }

    @Test("opening a link again and again is logged once a day, and each opening's session ends after 30 days")
    func openingsAndSessions() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given an invited recipient
            let fixture = try await RecipientFixture.make(app, clock: clock)
            let first = try await app.recipientSession(fixture.sam.id, email: "sam@example.com", owner: fixture.owner)
            let link = try await app.linkToken(for: "sam@example.com")
            func openings() async throws -> Int {
                let audit = try await app.api(.GET, "/api/estate/audit?limit=500", token: fixture.owner.token)
                #expect(audit.status == .ok, "\(audit.body.string)")
                return try audit.decoded(Components.Schemas.EstateAuditLog.self).entries.filter {
                    $0.event == .recipientOpened
                }.count
            }

            // when Sam opens the link sixteen more times that day
            for round in 0..<2 {
                for _ in 0..<8 {
                    let again = try await app.api(.POST, "/api/recipient/session", json: ["token": link])
                    #expect(again.status == .ok, "\(again.body.string)")
                }
                if round == 0 { clock.advance(by: 16 * 60) }
            }
            // then the log says once that he opened it, and the hub keeps his ten newest sessions: the first ended
            let openedOnce = try await openings()
            #expect(openedOnce == 1)
            let sessions = try await LinkToken.query(on: app.db).filter(\.$kind == .recipientSession).count()
            #expect(sessions == OutsiderSessions.keptPerPerson)
            #expect(try await app.api(.GET, "/api/recipient/items", token: first).status == .notFound)

            // when a day has passed, an opening is logged again
            clock.advance(by: day - 16 * 60 + 60)
            let nextDay = try await app.api(.POST, "/api/recipient/session", json: ["token": link])
            #expect(nextDay.status == .ok)
            let latest = try nextDay.decoded(Components.Schemas.TokenExchange.self).token
            let openedTwice = try await openings()
            #expect(openedTwice == 2)

            // when thirty days have passed since that day's session began, it no longer opens anything
            #expect(try await app.recipientItems(latest) == ["Brooch"])
            clock.advance(by: 30 * day + 60)
            let ended = try await app.api(.GET, "/api/recipient/items", token: latest)
            #expect(ended.status == .notFound)
            // but the link in his email still does
            let reopened = try await app.reopenLink(for: "sam@example.com", owner: fixture.owner, as: "recipient")
            #expect(try await app.recipientItems(reopened) == ["Brooch"])
        }
    }

    @Test("an executor's session ends after 30 days too; the emailed link opens a new one")
    func executorSessionEnds() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given an executor signed in with their link
            let owner = try await app.setUpHub()
            let executor = try await app.executorSession(owner)
            #expect(try await app.api(.GET, "/api/executor/estate", token: executor).status == .ok)
            // when 30 days pass
            clock.advance(by: 30 * day + 60)
            // then the session is refused, and the link still works
            let ended = try await app.api(.GET, "/api/executor/estate", token: executor)
            #expect(ended.status.code >= 400 && ended.status.code < 500)
            #expect(ended.status != .ok)
            let again = try await app.reopenLink(for: "mary@example.com", owner: owner, as: "executor")
            #expect(try await app.api(.GET, "/api/executor/estate", token: again).status == .ok)
        }
    }

    @Test("only guesses are throttled: real links open as often as the family likes; made-up ones wait, Retry-After")
    func throttled() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given an invited recipient whose family opens the link forty times from one home network
            let fixture = try await RecipientFixture.make(app, clock: clock)
            _ = try await app.recipientSession(fixture.sam.id, email: "sam@example.com", owner: fixture.owner)
            let link = try await app.linkToken(for: "sam@example.com")
            for _ in 0..<40 {
                #expect(try await app.api(.POST, "/api/recipient/session", json: ["token": link]).status == .ok)
            }
            #expect(try await WebSession(app: app).get("/r/\(link)").status != .tooManyRequests)

            // when one made-up link is tried again and again
            var same: [HTTPStatus] = []
            for _ in 0..<11 {
                same.append(try await app.api(.POST, "/api/recipient/session", json: ["token": "made-up"]).status)
            }
            // then it is refused after ten tries, with a time to come back, and no session is made
            #expect(same.prefix(10).allSatisfy { $0 == .notFound })
            #expect(same.last == .tooManyRequests)
            let sessionsBefore = try await LinkToken.query(on: app.db).count()
            let refused = try await app.api(.POST, "/api/recipient/session", json: ["token": "made-up"])
            #expect(try refused.apiError.code == "too_many_attempts")
            #expect(refused.headers.first(name: .retryAfter) != nil)
            #expect(try await LinkToken.query(on: app.db).count() == sessionsBefore)
            // and different made-up links from the same address are counted too: thirty in all, then 429
            var statuses: [HTTPStatus] = []
            for index in 0..<25 {
                let guess = try await app.api(.POST, "/api/recipient/session", json: ["token": "made-up-\(index)"])
                statuses.append(guess.status)
            }
            #expect(statuses.filter { $0 == .notFound }.count == 20)
            #expect(statuses.suffix(5).allSatisfy { $0 == .tooManyRequests })
            // and the web link says so too, on a page
            let page = try await WebSession(app: app).get("/r/made-up-99")
            #expect(page.status == .tooManyRequests)
            // when fifteen minutes have passed, the link opens again
            clock.advance(by: 15 * 60)
            #expect(try await app.api(.POST, "/api/recipient/session", json: ["token": link]).status == .ok)
        }
    }

    @Test("the audit log comes a page at a time, newest first, every entry once, in the API and on the page")
    func auditPages() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given 130 entries, some of them at the same moment
            let owner = try await app.setUpHub()
            let household = try #require(UUID(uuidString: owner.householdID))
            let start = clock.now
            for index in 0..<130 {
                try await AuditLog.append(
                    .emailSent, "Step \(index)", householdID: household,
                    at: start.addingTimeInterval(Double(index / 3)), on: app.db)
            }

            // when the owner reads it 50 at a time
            let details = try await Self.wholeLog(app, owner: owner, limit: 50)

            // then every entry comes once, newest first
            #expect(details.count == 130)
            #expect(Set(details).count == 130)
            #expect(details.first == "Step 129" || details.first == "Step 128" || details.first == "Step 127")
            #expect(details.suffix(3).contains("Step 0"))
            // and without a limit, a page is 100
            let firstPage = try await app.api(.GET, "/api/estate/audit", token: owner.token)
            #expect(try firstPage.decoded(Components.Schemas.EstateAuditLog.self).entries.map(\.detail).count == 100)
            // and a limit out of range, or an entry of another log, is refused
            #expect(try await app.api(.GET, "/api/estate/audit?limit=0", token: owner.token).status.code == 422)
            #expect(try await app.api(.GET, "/api/estate/audit?limit=501", token: owner.token).status.code == 422)
            let foreign = try await app.api(
                .GET, "/api/estate/audit?before=\(UUID().uuidString)", token: owner.token)
            #expect(foreign.status.code == 422)

            // when the owner reads the page, then 30 steps show, with a way to the earlier ones
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.get("/settings/passing-on")
            #expect(page.body.string.contains("Step 129"))
            #expect(!page.body.string.contains("Step 90<"))
            let older = try #require(
                page.body.string.firstMatch(of: /href="(\/settings\/passing-on\?log=[^"#]+)#audit"/)?.1)
            let earlier = try await browser.get(String(older))
            #expect(earlier.status == .ok)
            #expect(earlier.body.string.contains("Step 90<") || earlier.body.string.contains("Step 90 "))
            #expect(!earlier.body.string.contains("Step 129"))
            #expect(earlier.body.string.contains("Newest steps"))
        }
    }
}
