import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("The hand-over's edges: the trusted contact's note, and how long a still-here link works")
struct HandOverEdgeTests {
    @Test("the trusted contact's note reaches heirs only while the estate is released: not before, not after a reopen")
    func noteOnlyWhileReleased() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given Lily, invited to her page before anything happened, and a report with a note
            let family = try await HandOverFamily.make(app)
            let invited = try await app.api(
                .POST, "/api/beneficiaries/\(family.lily.id)/invite", token: family.owner.token)
            #expect(invited.status == .ok, "\(invited.body.string)")
            let lily = try await app.reopenLink(for: "lily@example.com", owner: family.owner, as: "recipient")
            // Her page answers until a reopen, which may end her session.
            func note(pageMayBeGone: Bool = false) async throws -> String? {
                let items = try await app.api(.GET, "/api/recipient/items", token: lily)
                if pageMayBeGone, items.status == .notFound { return nil }
                #expect(items.status == .ok, "\(items.body.string)")
                return try items.decoded(Components.Schemas.RecipientItemList.self).note?.text
            }
            let report = try await app.api(
                .POST, "/api/executor/report", token: family.executor,
                json: ["dateOfPassing": Day(clock.now, in: .current).text, "note": "She went peacefully, at home."])
            #expect(report.status == .ok, "\(report.body.string)")
            // when the passing is only reported, then the note is not shown
            #expect(try await note() == nil)
            // when the waiting period runs out, then it is
            clock.advance(by: 14 * 86_400 + 1)
            try await app.runScheduler()
            #expect(try await note() == "She went peacefully, at home.")
            // when an owner reopens the estate, then it is gone again
            let reopened = try await app.api(.POST, "/api/estate/reopen", token: family.owner.token)
            #expect(reopened.status == .ok, "\(reopened.body.string)")
            #expect(try await note(pageMayBeGone: true) == nil)
        }
    }

    @Test("the still-here link of an inactivity reminder works for thirty days, and then no more")
    func stillHereLinkEnds() async throws {
        let clock = TestClock()
        let day: TimeInterval = 86_400
        try await withApp(clock: clock) { app in
            // given a holder who has not been seen for three months and a day
            let holder = try await app.setUpHub()
            let other = try await app.addMember(role: "owner", by: holder, name: "Tom Miller", email: "tom@example.com")
            _ = try await app.api(.PUT, "/api/estate", token: other.token, json: ["inactivityMonths": 3])
            _ = try await app.api(.GET, "/api/items", token: holder.token)
            clock.advance(by: 93 * day)
            try await app.runScheduler()
            let reminder = try #require(
                try await app.mailbox(of: holder.email).first { $0.purpose == "holderInactivityReminder" })
            let path = String(try #require(reminder.link).dropFirst("http://hub.test".count))
            let browser = WebSession(app: app)
            // when 29 days have passed, then the link still opens its page
            clock.advance(by: 29 * day)
            #expect(try await browser.get(path).status == .ok)
            // when 31 have, then it does not, and pressing it changes nothing
            clock.advance(by: 2 * day)
            #expect(try await browser.get(path).status == .notFound)
            #expect(try await browser.post(path, [:]).status == .notFound)
        }
    }
}
