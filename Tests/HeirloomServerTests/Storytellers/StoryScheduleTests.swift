import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// When the next question goes, said alike by the storyteller's page, the thank-you page and the question's email.
@Suite("The next question's day, and what the weekly questions ask about")
struct StoryScheduleTests {
    @Test("a question sent by hand moves the next a week on; the page, the email and the thank-you say that day")
    func sentByHand() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given Mum, whose chosen day and hour come later today
            let owner = try await app.setUpHub()
            let zone = try #require(try await Household.query(on: app.db).first()).zone
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let soon = clock.now.addingTimeInterval(2 * 3600)
            let weekday = (calendar.component(.weekday, from: soon) + 5) % 7 + 1
            let mum = try await app.addStoryteller(owner, weekday: weekday, hour: calendar.component(.hour, from: soon))
            #expect(mum.nextSendAt.timeIntervalSince(clock.now) < 3 * 3600)

            // when an owner sends the next question now
            let sent = try await app.api(.POST, "/api/storytellers/\(mum.id)/send-now", token: owner.token)
            #expect(sent.status == .created, "\(sent.body.string)")

            // then the next one goes a week on, not later today
            let after = try await app.api(.GET, "/api/storytellers/\(mum.id)", token: owner.token)
            let next = try after.decoded(Components.Schemas.Storyteller.self).nextSendAt
            let schedule = try WeeklySchedule(weekday: weekday, hour: calendar.component(.hour, from: soon))
            #expect(next == schedule.nextQuestion(afterOneSentAt: clock.now, in: zone))
            #expect(next.timeIntervalSince(clock.now) > 6 * 86_400)
            let days = DayText(zone: zone)
            // and the storyteller's page, the email and the thank-you page all say that day
            let ann = WebSession(app: app)
            _ = try await ann.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await ann.get("/storytellers/\(mum.id)").body.string
            #expect(page.contains("The next question goes on \(days.dayAndTime(next))"), "\(page)")
            let mail = try #require(try await app.mailbox(of: "mum@example.com").first)
            #expect(mail.textBody.contains("The next question will come on \(days.day(next))."), "\(mail.textBody)")
            let mumsPhone = WebSession(app: app)
            _ = try await mumsPhone.get("/a/\(try await app.linkToken(for: mum.email))")
            _ = try await mumsPhone.get("/answer")
            let posted = try await mumsPhone.post("/answer/text", ["text": "The summer we moved to Leeds."])
            #expect(posted.status == .seeOther, "\(posted.body.string)")
            let thanks = try await mumsPhone.get("/answer/thanks").body.string
            #expect(thanks.contains("The next question will come on \(days.day(next))."), "\(thanks)")
            #expect(!thanks.contains("Next week"))
        }
    }

    @Test("a thing the AI appraiser described, without a recorded story, is asked about; a told one is not")
    func describedThings() async throws {
        try await withApp { app in
            // given a clock with a description and no recording, and a chair whose story was recorded
            let owner = try await app.setUpHub()
            let clock = try await app.api(
                .POST, "/api/items", token: owner.token,
                json: ["name": "grandfather clock", "description": "A mahogany longcase clock, about 1890."])
            #expect(clock.status == .created, "\(clock.body.string)")
            let chair = try await app.api(
                .POST, "/api/items", token: owner.token,
                json: ["name": "rocking chair", "description": "An oak rocking chair."])
            let chairID = try chair.decoded(Components.Schemas.Item.self).id
            let wav = try await SpokenFixtures.wav(SpokenFixtures.story)
            let told = try await app.sendParts(
                "/api/items/\(chairID)/audio", token: owner.token,
                parts: [
                    .text("title", "How it came to us"),
                    .file("file", fileName: "chair.wav", contentType: "audio/wav", wav),
                ])
            #expect(told.status == .created, "\(told.body.string)")
            // when Mum becomes a storyteller
            let mum = try await app.addStoryteller(owner)
            // then the clock is among her questions, and the chair is not
            let coming = try await app.comingQuestions(mum.id, owner).map(\.text)
            #expect(coming.contains("Tell us about the grandfather clock: where did it come from?"), "\(coming)")
            #expect(!coming.contains { $0.contains("rocking chair") }, "\(coming)")
        }
    }
}
