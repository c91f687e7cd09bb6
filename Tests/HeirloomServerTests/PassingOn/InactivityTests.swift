import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Passing on: the inactivity check")
struct InactivityTests {
    let day: TimeInterval = 86_400

    @Test("three reminders over four weeks, then the executors; one click says still here; nothing is released")
    func reminders() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a holder last seen now, a check after 3 months, and a second owner who looks
            let holder = try await app.setUpHub()
            let other = try await app.addMember(role: "owner", by: holder, name: "Tom Miller", email: "tom@example.com")
            _ = try await app.api(.PUT, "/api/estate", token: other.token, json: ["inactivityMonths": 3])
            _ = try await app.executorSession(other)
            _ = try await app.api(.GET, "/api/items", token: holder.token)
            func reminders() async throws -> [Components.Schemas.OutboxMessage] {
                try await app.outbox(other).messages.filter { $0.purpose == "holderInactivityReminder" }
            }
            // when three months and a day pass
            clock.advance(by: 93 * day)
            try await app.runScheduler()
            try await app.runScheduler()
            // then one reminder, with a one-click link
            #expect(try await reminders().count == 1)
            clock.advance(by: 14 * day)
            try await app.runScheduler()
            clock.advance(by: 14 * day)
            try await app.runScheduler()
            #expect(try await reminders().count == 3)
            #expect(try await app.outbox(other).messages.filter { $0.purpose == "executorInactivityNotice" }.isEmpty)
            clock.advance(by: 7 * day)
            try await app.runScheduler()
            try await app.runScheduler()
            let told = try await app.outbox(other).messages.filter { $0.purpose == "executorInactivityNotice" }
            #expect(told.map(\.toEmail) == ["mary@example.com"])
            let estate = try await app.api(.GET, "/api/estate", token: other.token)
            #expect(try estate.decoded(Components.Schemas.Estate.self).state == .active)
            // when the holder presses "I am still here" in the last reminder
            #expect(try await reminders().allSatisfy { $0.link == nil }, "the co-owner cannot press it for her")
            let link = try #require(
                try await app.mailbox(of: holder.email).first { $0.purpose == "holderInactivityReminder" }?.link)
            let path = String(link.dropFirst("http://hub.test".count))
            let browser = WebSession(app: app)
            let page = try await browser.get(path)
            #expect(page.status == .ok)
            #expect(page.body.string.contains("I am still here"))
            let pressed = try await browser.post(path, [:])
            #expect(pressed.status == .ok)
            #expect(pressed.body.string.contains("Thank you"))
            // then the check starts over
            clock.advance(by: 30 * day)
            try await app.runScheduler()
            #expect(try await reminders().count == 3)
            let missing = try await browser.get("/still-here/made-up")
            #expect(missing.status == .notFound)
        }
    }
}
