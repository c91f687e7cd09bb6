import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Passing on: the estate, executors and reporting over the API")
struct EstateAPITests {
    let day: TimeInterval = 86_400

    @Test("an owner gets the defaults; editors and viewers find none of it")
    func defaultsAndGuards() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let editor = try await app.addMember(role: "editor", by: owner)
            let viewer = try await app.addMember(
                role: "viewer", by: owner, name: "Vi Miller", email: "vi@example.com")
            // when
            let estate = try await app.api(.GET, "/api/estate", token: owner.token)
            // then
            #expect(estate.status == .ok)
            #expect(
                try estate.decoded(Components.Schemas.Estate.self).holderUserId?.lowercased() == owner.id.lowercased())
            #expect(try estate.decoded(Components.Schemas.Estate.self).waitingPeriodDays == 14)
            #expect(try estate.decoded(Components.Schemas.Estate.self).state == .active)
            #expect(try estate.decoded(Components.Schemas.Estate.self).showValuesToRecipients == false)
            for member in [editor, viewer] {
                for (method, path) in [
                    (HTTPMethod.GET, "/api/estate"), (.PUT, "/api/estate"), (.GET, "/api/estate/executors"),
                    (.POST, "/api/estate/executors"), (.GET, "/api/estate/audit"), (.POST, "/api/estate/reopen"),
                    (.POST, "/api/estate/cancel"), (.GET, "/api/outbox"),
                    (.DELETE, "/api/estate/executors/\(UUID())"), (.POST, "/api/outbox/\(UUID())/sent"),
                ] {
                    let response = try await app.api(
                        method, path, token: member.token,
                        json: ["name": "X", "email": "x@example.com", "waitingPeriodDays": 3])
                    #expect(response.status == .notFound, "\(method) \(path): \(response.body.string)")
                }
            }
        }
    }

    @Test("settings are checked: waiting period 1–90, inactivity off or 3–24, a real time zone, a member as holder")
    func settings() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let editor = try await app.addMember(role: "editor", by: owner)
            for (body, field) in [
                (["waitingPeriodDays": 0], "waitingPeriodDays"), (["waitingPeriodDays": 91], "waitingPeriodDays"),
                (["inactivityMonths": 2], "inactivityMonths"), (["inactivityMonths": 25], "inactivityMonths"),
                (["timeZone": "Mars/Olympus"], "timeZone"), (["holderUserId": UUID().uuidString], "holderUserId"),
                (["holderUserId": "nobody"], "holderUserId"),
            ] as [([String: any Sendable], String)] {
                let response = try await app.api(.PUT, "/api/estate", token: owner.token, json: body)
                #expect(response.status == .unprocessableEntity, "\(body)")
                #expect(try response.apiError.field == field)
            }
            // when
            let saved = try await app.api(
                .PUT, "/api/estate", token: owner.token,
                json: [
                    "waitingPeriodDays": 90, "inactivityMonths": 6, "timeZone": "Europe/Berlin",
                    "showValuesToRecipients": true, "holderUserId": editor.id,
                ])
            // then
            #expect(saved.status == .ok, "\(saved.body.string)")
            #expect(try saved.decoded(Components.Schemas.Estate.self).waitingPeriodDays == 90)
            #expect(try saved.decoded(Components.Schemas.Estate.self).inactivityMonths == 6)
            #expect(try saved.decoded(Components.Schemas.Estate.self).timeZone == "Europe/Berlin")
            #expect(try saved.decoded(Components.Schemas.Estate.self).showValuesToRecipients)
            #expect(try saved.decoded(Components.Schemas.Estate.self).holderName == "Ben Miller")
            let off = try await app.api(.PUT, "/api/estate", token: owner.token, json: ["waitingPeriodDays": 7])
            #expect((try off.decoded(Components.Schemas.Estate.self).inactivityMonths) == nil)
            #expect(try off.decoded(Components.Schemas.Estate.self).waitingPeriodDays == 7)
        }
    }

    @Test("an executor signs in with their link, reports once, and the holder's next request cancels it")
    func reportAndCancel() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let owner = try await app.setUpHub()
            let executor = try await app.executorSession(owner)
            let listed = try await app.api(.GET, "/api/estate/executors", token: owner.token)
            #expect(
                try listed.decoded(Components.Schemas.ExecutorList.self).executors.map(\.status.rawValue) == [
                    "confirmed"
                ])
            let view = try await app.api(.GET, "/api/executor/estate", token: executor)
            #expect(try view.decoded(Components.Schemas.ExecutorEstate.self).holderName == "Ann Miller")
            #expect(try view.decoded(Components.Schemas.ExecutorEstate.self).state == .active)
            // bad dates change nothing
            let tomorrow = Day(clock.now.addingTimeInterval(2 * day), in: .current).text
            for bad in [tomorrow, "2031-02-30", "soon"] {
                let response = try await app.api(
                    .POST, "/api/executor/report", token: executor, json: ["dateOfPassing": bad])
                #expect(response.status == .unprocessableEntity, "\(bad)")
                #expect(try response.apiError.field == "dateOfPassing")
            }
            // when
            let today = Day(clock.now, in: .current).text
            let report = try await app.api(
                .POST, "/api/executor/report", token: executor, json: ["dateOfPassing": today, "note": "Peacefully."])
            // then
            #expect(report.status == .ok, "\(report.body.string)")
            #expect(try report.decoded(Components.Schemas.ExecutorEstate.self).state == .passingReported)
            let twice = try await app.api(
                .POST, "/api/executor/report", token: executor, json: ["dateOfPassing": today])
            #expect(twice.status == .conflict)
            #expect(try twice.apiError.code == "already_reported")
            let told = try await app.outbox(owner).messages.filter { $0.purpose == "holderPassingReported" }
            #expect(told.map(\.toEmail) == ["ann@example.com"])
            // (the still-here link acts as the holder: no owner reads it in the outbox, only Ann in her mail)
            #expect(told.first?.link == nil)
            #expect(
                try await app.mailbox(of: "ann@example.com").first { $0.purpose == "holderPassingReported" }?.link?
                    .hasPrefix("http://hub.test/still-here/") == true)
            let written = try await OutboxMessage.query(on: app.db).filter(\.$purpose == "holderPassingReported").all()
            #expect(written.first?.textBody.contains("Mary Jones wrote: “Peacefully.”") == true)
            // when the holder makes any request, the report is cancelled
            clock.advance(by: day)
            let estate = try await app.api(.GET, "/api/estate", token: owner.token)
            #expect(try estate.decoded(Components.Schemas.Estate.self).state == .active)
            let cancelled = try await app.outbox(owner).messages.filter { $0.purpose == "passingCancelled" }
            #expect(Set(cancelled.map(\.toEmail)) == ["ann@example.com", "mary@example.com"])
            let again = try await app.api(.POST, "/api/estate/cancel", token: owner.token)
            #expect(again.status == .conflict)
            #expect(try again.apiError.code == "not_reported")
        }
    }

    @Test("the email to the holder carries a link that cancels the report with one tap, without a password")
    func oneTapFromTheEmail() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a report, and the email the holder was sent
            let owner = try await app.setUpHub()
            let executor = try await app.executorSession(owner)
            let today = Day(clock.now, in: .current).text
            _ = try await app.api(.POST, "/api/executor/report", token: executor, json: ["dateOfPassing": today])
            // (read from the database: any request the holder makes would cancel the report by itself)
            let told = try await OutboxMessage.query(on: app.db).filter(\.$purpose == "holderPassingReported").all()
            let link = try #require(told.first?.link)
            let path = String(link.dropFirst("http://hub.test".count))
            #expect(path.hasPrefix("/still-here/"))
            // when the holder opens it in a browser that is not signed in: the page asks, and changes nothing yet
            let browser = WebSession(app: app)
            let page = try await browser.get(path)
            #expect(page.status == .ok)
            #expect(page.body.string.contains("I am still here"))
            let waiting = try await app.api(.GET, "/api/executor/estate", token: executor)
            #expect(try waiting.decoded(Components.Schemas.ExecutorEstate.self).state == .passingReported)
            // and presses the button
            let pressed = try await browser.post(path, [:])
            // then the report is cancelled, and the holder and the trusted contact are told
            #expect(pressed.status == .ok)
            #expect(pressed.body.string.contains("Thank you"))
            let estate = try await app.api(.GET, "/api/executor/estate", token: executor)
            #expect(try estate.decoded(Components.Schemas.ExecutorEstate.self).state == .active)
            let cancelled = try await OutboxMessage.query(on: app.db).filter(\.$purpose == "passingCancelled").all()
            #expect(Set(cancelled.map(\.toEmail)) == ["ann@example.com", "mary@example.com"])
        }
    }

    @Test("only the holder says they are still here; the cancel call itself works for them")
    func cancelByHolderOnly() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let owner = try await app.setUpHub()
            let second = try await app.addMember(role: "owner", by: owner, name: "Tom Miller", email: "tom@example.com")
            let executor = try await app.executorSession(owner)
            let today = Day(clock.now, in: .current).text
            _ = try await app.api(.POST, "/api/executor/report", token: executor, json: ["dateOfPassing": today])
            // when another owner tries
            let refused = try await app.api(.POST, "/api/estate/cancel", token: second.token)
            // then
            #expect(refused.status == .forbidden)
            let stillReported = try await app.api(.GET, "/api/estate", token: second.token)
            #expect(try stillReported.decoded(Components.Schemas.Estate.self).state == .passingReported)
            // when the holder cancels
            let cancelled = try await app.api(.POST, "/api/estate/cancel", token: owner.token)
            #expect(cancelled.status == .ok)
            #expect(try cancelled.decoded(Components.Schemas.Estate.self).state == .active)
        }
    }

    @Test("a holder who is an editor (her son runs the hub) says she is still here; other editors find nothing")
    func editorHolderCancels() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given Tom runs the hub, and Mum, an editor, is the estate's holder; a passing is reported
            let tom = try await app.setUpHub(name: "Tom Miller", email: "tom@example.com")
            let mum = try await app.addMember(role: "editor", by: tom, name: "Rose Miller", email: "rose@example.com")
            let ben = try await app.addMember(role: "editor", by: tom, name: "Ben Miller", email: "ben@example.com")
            let named = try await app.api(.PUT, "/api/estate", token: tom.token, json: ["holderUserId": mum.id])
            #expect(named.status == .ok, "\(named.body.string)")
            let executor = try await app.executorSession(tom)
            let today = Day(clock.now, in: .current).text
            _ = try await app.api(.POST, "/api/executor/report", token: executor, json: ["dateOfPassing": today])
            // when Ben, another editor, and Tom, an owner, try to cancel it, then they are refused
            #expect(try await app.api(.POST, "/api/estate/cancel", token: ben.token).status == .notFound)
            let toms = try await app.api(.POST, "/api/estate/cancel", token: tom.token)
            #expect(toms.status == .forbidden)
            #expect(try toms.apiError.message == AppError.holderOnly.message)
            // when Mum says she is still here, then the report is cancelled
            let mine = try await app.api(.POST, "/api/estate/cancel", token: mum.token)
            #expect(mine.status == .ok || mine.status == .conflict, "\(mine.body.string)")
            let estate = try await app.api(.GET, "/api/estate", token: tom.token)
            #expect(try estate.decoded(Components.Schemas.Estate.self).state == .active)
            // and she, an editor, still runs nothing of the household
            #expect(try await app.api(.GET, "/api/outbox", token: mum.token).status == .notFound)
            #expect(try await app.api(.GET, "/api/estate", token: mum.token).status == .notFound)
        }
    }

    @Test("the waiting period runs out: released by the scheduler; an owner reopens it; the audit log tells it all")
    func releaseAndReopen() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let owner = try await app.setUpHub()
            let other = try await app.addMember(role: "owner", by: owner, name: "Tom Miller", email: "tom@example.com")
            _ = try await app.api(.PUT, "/api/estate", token: other.token, json: ["waitingPeriodDays": 3])
            let executor = try await app.executorSession(owner)
            _ = try await app.api(
                .POST, "/api/executor/report", token: executor,
                json: ["dateOfPassing": Day(clock.now, in: .current).text])
            // halfway, the holder is asked again, once
            clock.advance(by: 1.6 * day)
            try await app.runScheduler()
            try await app.runScheduler()
            let reminders = try await app.outbox(other).messages.filter { $0.purpose == "holderHalfwayReminder" }
            #expect(reminders.count == 1)
            let reopenEarly = try await app.api(.POST, "/api/estate/reopen", token: other.token)
            #expect(reopenEarly.status == .conflict)
            // when
            clock.advance(by: 1.5 * day)
            try await app.runScheduler()
            // then
            let released = try await app.api(.GET, "/api/estate", token: other.token)
            #expect(try released.decoded(Components.Schemas.Estate.self).state == .released)
            let releasedAt = try #require(try released.decoded(Components.Schemas.Estate.self).releasedAt)
            #expect(releasedAt == (try released.decoded(Components.Schemas.Estate.self).releaseAt))
            let executorView = try await app.api(.GET, "/api/executor/estate", token: executor)
            #expect(try executorView.decoded(Components.Schemas.ExecutorEstate.self).state == .released)
            let reopened = try await app.api(.POST, "/api/estate/reopen", token: other.token)
            #expect(reopened.status == .ok, "\(reopened.body.string)")
            #expect(try reopened.decoded(Components.Schemas.Estate.self).state == .active)
            let audit = try await app.api(.GET, "/api/estate/audit", token: other.token)
            // newest first; steps at the same instant of the test clock come in any order
            let events = try audit.decoded(Components.Schemas.EstateAuditLog.self).entries.map(\.event.rawValue)
            #expect(Set(events.prefix(2)) == ["estateReopened", "estateReleased"])
            #expect(Set(events) == ["estateReopened", "estateReleased", "passingReported", "executorInvited"])
        }
    }

    @Test("outsiders find nothing: no token, a member's token, a removed executor's token, a made-up link")
    func outsiders() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let executor = try await app.executorSession(owner)
            for token in [nil, owner.token, "made-up"] {
                let response = try await app.api(.GET, "/api/executor/estate", token: token)
                #expect(response.status == .notFound)
            }
            let bad = try await app.api(.POST, "/api/executor/session", json: ["token": "not-a-link"])
            #expect(bad.status == .notFound)
            // when the owner removes the executor
            let executors = try await app.api(.GET, "/api/estate/executors", token: owner.token)
            let id = try #require(try executors.decoded(Components.Schemas.ExecutorList.self).executors.map(\.id).first)
            let removed = try await app.api(.DELETE, "/api/estate/executors/\(id)", token: owner.token)
            #expect(removed.status == .noContent)
            // then the session stops working at once
            let after = try await app.api(.GET, "/api/executor/estate", token: executor)
            #expect(after.status == .notFound)
        }
    }
}
