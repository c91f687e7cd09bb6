import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// What the hub sends follows what happened to the estate: the family hears of a report, of its cancel and of the
/// release; the trusted contact hears when her tasks begin; the holder is never told to speak to herself.
@Suite("The estate's news, to the family and the trusted contact")
struct EstateNewsTests {
    @Test("a report, its cancel and a release are told to the other members, by email and on Home")
    func membersAreTold() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given Ann the holder, Tom her son (an editor) and Mary her trusted contact
            let ann = try await app.setUpHub()
            let tom = try await app.addMember(role: "editor", by: ann, name: "Tom Miller", email: "tom@example.com")
            let mary = try await app.executorSession(ann)
            func tomsMail(_ purpose: MessagePurpose) async throws -> [OutboxMessage] {
                try await app.mailbox(of: tom.email).filter { $0.purpose == purpose.rawValue }
            }
            let tomsHome = WebSession(app: app)
            _ = try await tomsHome.post("/login", ["email": tom.email, "password": tom.password])

            // when Mary reports Ann's passing by mistake, then Tom is told, by email and on Home; Ann is not
            let today = Day(clock.now, in: .current).text
            _ = try await app.api(.POST, "/api/executor/report", token: mary, json: ["dateOfPassing": today])
            let reported = try await tomsMail(.membersPassingReported)
            #expect(reported.map(\.subject) == ["Mary Jones has reported that Ann Miller has passed away"])
            #expect(try await app.mailbox(of: ann.email).allSatisfy { $0.purpose != "membersPassingReported" })
            #expect(try await tomsHome.get("/").body.string.contains("Mary Jones has reported that Ann Miller"))

            // when Ann comes back, then Tom hears it, and Ann's own email thanks her instead of sending her to herself
            _ = try await app.api(.GET, "/api/items", token: ann.token)
            #expect(try await tomsMail(.membersPassingCancelled).count == 1)
            let annsEmail = try #require(
                try await app.mailbox(of: ann.email).first { $0.purpose == "passingCancelled" })
            #expect(annsEmail.subject == "Thank you: the report was cancelled")
            #expect(!annsEmail.textBody.contains("speak to Ann Miller"))
            #expect(!(try await tomsHome.get("/").body.string.contains("has reported that")))

            // when it is reported again and the waiting time ends
            _ = try await app.api(.POST, "/api/executor/report", token: mary, json: ["dateOfPassing": today])
            clock.advance(by: Double(EstateRules.defaultWaitingPeriodDays) * 86_400 + 1)
            try await app.runScheduler()

            // then Tom is told, and so is Home
            #expect(try await tomsMail(.membersEstateReleased).count == 1)
            #expect(try await tomsHome.get("/").body.string.contains("What Ann Miller left was given out"))
        }
    }

    @Test("at the release the trusted contact is emailed her own link and the first things to do from the binder")
    func trustedContactIsTold() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a binder with the bank, which the trusted contact reads after the passing
            let ann = try await app.setUpHub()
            let mary = try await app.executorSession(ann)
            let entry = try await app.api(
                .POST, "/api/binder/entries", token: ann.token,
                json: [
                    "section": "money", "title": "Current account",
                    "visibility": BinderFamily.readers("afterPassing"),
                ])
            #expect(entry.status == .created, "\(entry.body.string)")
            let today = Day(clock.now, in: .current).text
            _ = try await app.api(.POST, "/api/executor/report", token: mary, json: ["dateOfPassing": today])
            #expect(try await app.mailbox(of: "mary@example.com").allSatisfy { $0.purpose != "executorTasksBegin" })

            // when the waiting time ends
            clock.advance(by: Double(EstateRules.defaultWaitingPeriodDays) * 86_400 + 1)
            try await app.runScheduler()

            // then Mary's email names her first task and carries a link that opens her page
            let told = try #require(
                try await app.mailbox(of: "mary@example.com").first { $0.purpose == "executorTasksBegin" })
            #expect(told.textBody.contains("Current account"), "\(told.textBody)")
            let token = String(try #require(told.link).split(separator: "/").last ?? "")
            let session = try await app.api(.POST, "/api/executor/session", json: ["token": token])
            #expect(session.status == .ok, "\(session.body.string)")
            // and the owners' outbox shows it only as something to pass on by hand where mail failed
            #expect(try await app.outbox(ann).messages.contains { $0.purpose == "executorTasksBegin" })
        }
    }
}
