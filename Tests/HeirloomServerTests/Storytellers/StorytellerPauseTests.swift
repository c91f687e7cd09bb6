import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Questions to the estate's holder follow the estate: paused while a passing is reported, on again when it is
/// cancelled, stopped at the release; the page says so. Another storyteller's go on as before.
@Suite("Storyteller questions to the holder follow the estate")
struct StorytellerPauseTests {
    @Test("paused at a report, on again at its cancel, stopped at the release; the page and send-now say why")
    func holderQuestions() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given Ann the holder as a storyteller of her own family, her sister Edith as another, Mary her trusted
            // contact and Tom her son
            let ann = try await app.setUpHub()
            let herself = try await app.addStoryteller(ann, name: "Ann Miller", email: ann.email)
            let edith = try await app.addStoryteller(ann, name: "Edith", email: "edith@example.com")
            let mary = try await app.executorSession(ann)
            let tom = try await app.addMember(role: "editor", by: ann, name: "Tom", email: "tom@example.com")
            func questions(to email: String) async throws -> Int {
                try await app.mailbox(of: email).filter { $0.purpose == "storyQuestion" }.count
            }
            let today = Day(clock.now, in: .current).text

            // when a passing is reported and a week goes by
            _ = try await app.api(.POST, "/api/executor/report", token: mary, json: ["dateOfPassing": today])
            clock.advance(by: 7 * 86_400)
            try await app.runScheduler()
            // then Edith is asked, Ann is not, and "send now" says why
            #expect(try await questions(to: "edith@example.com") == 1)
            #expect(try await questions(to: ann.email) == 0)
            let now = try await app.api(.POST, "/api/storytellers/\(herself.id)/send-now", token: mary)
            #expect(now.status == .unauthorized || now.status == .forbidden)

            // and Tom, an editor, is refused too, and his page says why
            let refused = try await app.api(.POST, "/api/storytellers/\(herself.id)/send-now", token: tom.token)
            #expect(refused.status == .conflict)
            #expect(try refused.apiError.code == "storyteller_paused")
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": tom.email, "password": tom.password])
            let page = try await browser.get("/storytellers/\(herself.id)").body.string
            #expect(page.contains("Questions to Ann Miller are paused: a passing was reported."))
            #expect(!page.contains("Send the next question now"))
            #expect(
                try await browser.get("/storytellers/\(edith.id)").body.string.contains("Send the next question now"))

            // when it is released, then nothing more goes to Ann, ever; Edith goes on
            clock.advance(by: Double(EstateRules.defaultWaitingPeriodDays) * 86_400)
            for _ in 0..<2 {
                clock.advance(by: 7 * 86_400)
                try await app.runScheduler()
            }
            #expect(try await questions(to: ann.email) == 0)
            #expect(try await questions(to: "edith@example.com") == 3)
            #expect(
                try await browser.get("/storytellers/\(herself.id)").body.string.contains(
                    "Questions to Ann Miller have stopped: the estate was released."))
        }
    }

    @Test("a cancelled report lets the holder's questions go on, without a pile of the weeks missed")
    func cancelled() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let ann = try await app.setUpHub()
            let herself = try await app.addStoryteller(ann, name: "Ann Miller", email: ann.email)
            let mary = try await app.executorSession(ann)
            _ = try await app.api(
                .POST, "/api/executor/report", token: mary, json: ["dateOfPassing": Day(clock.now, in: .current).text])
            clock.advance(by: 7 * 86_400)
            try await app.runScheduler()
            // when Ann says she is here (any request of hers), then the next week's question goes, one only
            _ = try await app.api(.GET, "/api/items", token: ann.token)
            let sent = try await app.api(.POST, "/api/storytellers/\(herself.id)/send-now", token: ann.token)
            #expect(sent.status == .created, "\(sent.body.string)")
            clock.advance(by: 7 * 86_400)
            try await app.runScheduler()
            #expect(try await app.mailbox(of: ann.email).filter { $0.purpose == "storyQuestion" }.count == 2)
        }
    }
}
