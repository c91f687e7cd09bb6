import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Letters after a member's passing")
struct MemberLetterTests {
    @Test("only where the household allows it may another member leave a letter for after their passing")
    func householdChooses() async throws {
        try await withApp { app in
            let holder = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: holder)
            let refused = try await app.api(
                .POST, "/api/letters", token: ben.token,
                json: [
                    "to": [["name": "Lily Hart", "email": "lily@example.com"]], "subject": "After I am gone",
                    "text": "Dear Lily", "deliver": ["afterPassing": true],
                ])
            #expect(refused.status == .unprocessableEntity)
            let allowed = try await app.api(.PUT, "/api/estate", token: holder.token, json: ["memberLetters": true])
            #expect(try allowed.decoded(Components.Schemas.Estate.self).memberLetters == true)
            _ = try await app.writeLetter(ben, day: nil)
        }
    }

    @Test(
        "a member's letter goes after their own reported passing and its waiting period, never on the holder's release, and their signing in stops it"
    )
    func reportWaitAndCancel() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given: Ben, a member, left Lily a letter for after his passing; Mary is the trusted contact
            let (holder, ben) = try await Self.benWritesForAfterHisPassing(app)
            let mary = try await app.executorSession(holder)
            let members = try await app.api(.GET, "/api/executor/members", token: mary)
            let listed = try members.decoded(Components.Schemas.MemberPassingList.self).members
            #expect(listed.map(\.name) == ["Ben Miller"])
            let benID = try #require(listed.first?.userId)
            #expect(
                try await app.api(
                    .POST, "/api/executor/members/\(holder.id)/report", token: mary,
                    json: ["dateOfPassing": "2026-01-02"]
                ).status == .notFound)

            // when Mary reports Ben's passing, and Ben signs in the next day
            let report = try await app.api(
                .POST, "/api/executor/members/\(benID)/report", token: mary, json: ["dateOfPassing": "2026-01-02"])
            #expect(report.status == .ok, "\(report.body.string)")
            #expect(
                try await app.api(
                    .POST, "/api/executor/members/\(benID)/report", token: mary,
                    json: ["dateOfPassing": "2026-01-02"]
                ).status == .conflict)
            clock.advance(by: 86_400)
            let signIn = try await app.api(
                .POST, "/api/auth/login", json: ["email": ben.email, "password": ben.password])
            #expect(signIn.status == .ok, "\(signIn.body.string)")
            clock.advance(by: 20 * 86_400)
            try await app.runScheduler()

            // then nothing went
            #expect(try await app.letterMails(to: "lily@example.com", owner: holder).isEmpty)

            // when Mary reports it again and nobody signs in
            let again = try await app.api(
                .POST, "/api/executor/members/\(benID)/report", token: mary, json: ["dateOfPassing": "2026-01-02"])
            #expect(again.status == .ok, "\(again.body.string)")
            clock.advance(by: 7 * 86_400)
            try await app.runScheduler()
            #expect(try await app.letterMails(to: "lily@example.com", owner: holder).isEmpty)
            clock.advance(by: 8 * 86_400)
            try await app.runScheduler()

            // then the letter goes once the waiting period ends
            #expect(try await app.letterMails(to: "lily@example.com", owner: holder).count == 1)
            let mails = try await app.outbox(holder).messages.filter { $0.purpose == "memberPassingReported" }
            #expect(mails.count == 2 && mails.allSatisfy { $0.toEmail == ben.email })
        }
    }

    @Test("a member's letter for after their passing does not go when the holder's estate is released")
    func notOnTheHoldersRelease() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let (_, ben) = try await Self.benWritesForAfterHisPassing(app, role: "owner")
            let mary = try await app.executorSession(ben)
            let report = try await app.api(
                .POST, "/api/executor/report", token: mary, json: ["dateOfPassing": "2026-01-02"])
            #expect(report.status == .ok)
            clock.advance(by: 15 * 86_400)
            try await app.runScheduler()
            let estate = try await app.api(.GET, "/api/estate", token: ben.token)
            #expect(try estate.decoded(Components.Schemas.Estate.self).state == .released)
            #expect(try await app.letterMails(to: "lily@example.com", owner: ben).isEmpty)
        }
    }

    @Test("a member who stays signed in stops the report with any request, even after it has run out")
    func stayingSignedIn() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let (holder, ben) = try await Self.benWritesForAfterHisPassing(app)
            let mary = try await app.executorSession(holder)
            let report = try await app.api(
                .POST, "/api/executor/members/\(ben.id)/report", token: mary, json: ["dateOfPassing": "2026-01-02"])
            #expect(report.status == .ok, "\(report.body.string)")
            // Ben uses the hub with the session he already has, the day the waiting period ran out
            clock.advance(by: 15 * 86_400)
            #expect(try await app.api(.GET, "/api/items", token: ben.token).status == .ok)
            try await app.runScheduler()
            #expect(try await app.letterMails(to: "lily@example.com", owner: holder).isEmpty)
            #expect(try await MemberPassing.query(on: app.db).count() == 0)
            let audit = try await app.api(.GET, "/api/estate/audit", token: holder.token)
            #expect(audit.body.string.contains("Ben Miller is still here"))
        }
    }

    @Test("a removed member's letter for after their passing is held, never sent on someone else's")
    func removedWriter() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let (holder, ben) = try await Self.benWritesForAfterHisPassing(app)
            #expect(try await app.api(.DELETE, "/api/members/\(ben.id)", token: holder.token).status.code < 300)
            let other = try await app.addMember(role: "owner", by: holder, name: "Tom Miller", email: "tom@example.com")
            let mary = try await app.executorSession(other)
            _ = try await app.api(.POST, "/api/executor/report", token: mary, json: ["dateOfPassing": "2026-01-02"])
            clock.advance(by: 15 * 86_400)
            try await app.runScheduler()
            #expect(try await app.letterMails(to: "lily@example.com", owner: other).isEmpty)
        }
    }

    @Test("the trusted contact's page lists the members with such letters and reports a passing from its form")
    func executorPage() async throws {
        try await withApp { app in
            let (holder, ben) = try await Self.benWritesForAfterHisPassing(app)
            _ = try await app.executorSession(holder)
            let mary = WebSession(app: app)
            _ = try await mary.get("/executor/\(try await app.linkToken(for: "mary@example.com"))")
            let page = try await mary.get("/executor")
            #expect(page.body.string.contains("Letters from other members"))
            #expect(page.body.string.contains("Tell the hub about Ben Miller"))
            let reported = try await mary.post("/executor/members/\(ben.id)/report", ["dateOfPassing": "2026-01-02"])
            #expect(reported.status == .seeOther, "\(reported.body.string)")
            #expect(try await mary.get("/executor").body.string.contains("unless they sign in first"))
            #expect(try await MemberPassing.query(on: app.db).count() == 1)
        }
    }

    /// A household that allows members' letters after their passing, and Ben, a member, who wrote Lily one.
    static func benWritesForAfterHisPassing(_ app: Application, role: String = "editor") async throws
        -> (holder: Member, ben: Member)
    {
        let holder = try await app.setUpHub()
        _ = try await app.api(.PUT, "/api/estate", token: holder.token, json: ["memberLetters": true])
        let ben = try await app.addMember(role: role, by: holder)
        _ = try await app.writeLetter(ben, day: nil)
        return (holder, ben)
    }
}
