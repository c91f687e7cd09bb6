import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Letters for later: a letter reaches its readers on its day, or after the passing, and nobody earlier")
struct LetterDeliveryTests {
    let day: TimeInterval = 86_400

    /// The estate holder writes a letter for after their passing, and a trusted contact reports the passing
    /// today, with a waiting period of three days; returns the holder.
    static func reportedPassing(_ app: Application, _ clock: TestClock) async throws -> Member {
        let owner = try await app.setUpHub()
        _ = try await app.api(.PUT, "/api/estate", token: owner.token, json: ["waitingPeriodDays": 3])
        _ = try await app.writeLetter(owner, day: nil)
        let executor = try await app.executorSession(owner)
        let report = try await app.api(
            .POST, "/api/executor/report", token: executor, json: ["dateOfPassing": Day(clock.now, in: .current).text])
        #expect(report.status == .ok, "\(report.body.string)")
        return owner
    }

    @Test("a letter to a granddaughter for her 18th birthday reaches her on that day, through her own link")
    func birthday() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a letter for a day three days away
            let owner = try await app.setUpHub()
            let birthday = Day(clock.now.addingTimeInterval(3 * day), in: .current).text
            let letter = try await app.writeLetter(owner, day: birthday)
            #expect(letter.deliver.on == birthday)
            #expect(!letter.delivered)
            // when the scheduler runs until the last second before her day
            try await app.runScheduler()
            clock.advance(by: try Application.start(of: birthday).timeIntervalSince(clock.now) - 1)
            try await app.runScheduler()
            // then nothing has gone, and no link opens it
            #expect(try await app.letterMails(to: "lily@example.com", owner: owner).isEmpty)
            let early = try await app.api(.POST, "/api/letter-session", json: ["token": "made-up"])
            #expect(early.status == .notFound)
            #expect(try early.apiError.code == "not_found")
            // when her day begins
            clock.advance(by: 1)
            try await app.runScheduler()
            try await app.runScheduler()
            // then she is emailed once, and reads the letter through her link
            let mails = try await app.letterMails(to: "lily@example.com", owner: owner)
            #expect(mails.count == 1)
            #expect(mails.first?.link?.hasPrefix("http://hub.test/l/") == true)
            let session = try await app.letterSession(for: "lily@example.com", owner: owner)
            let read = try await app.api(.GET, "/api/letter", token: session)
            #expect(read.status == .ok, "\(read.body.string)")
            let reading = try read.decoded(Components.Schemas.LetterReading.self)
            #expect(reading.from == "Ann Miller")
            #expect(reading.subject == "For your 18th birthday")
            #expect(reading.text.contains("Eighteen!"))
            #expect(reading.recording == nil)
            #expect(abs(reading.deliveredAt.timeIntervalSince(clock.now)) < 1)
            // and her reading is in the audit log
            let audit = try await app.api(.GET, "/api/estate/audit", token: owner.token)
            let events = try audit.decoded(Components.Schemas.EstateAuditLog.self).entries.map(\.event.rawValue)
            #expect(events.contains("letterDelivered"))
            #expect(events.contains("letterOpened"))
            // and the writer sees it delivered
            let mine = try await app.api(.GET, "/api/letters/\(letter.id)", token: owner.token)
            #expect(try mine.decoded(Components.Schemas.Letter.self).delivered)
        }
    }

    @Test("a letter after the passing goes once the estate is released, not when the passing is merely reported")
    func afterRelease() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given the estate holder's letter after their passing
            _ = try await Self.reportedPassing(app, clock)
            // when the waiting period runs
            clock.advance(by: 2.9 * day)
            try await app.runScheduler()
            // then nothing goes while the estate is only reported
            let owners = try await OutboxMessage.query(on: app.db).filter(\.$purpose == "letterDelivered").count()
            #expect(owners == 0)
            // when the estate is released
            clock.advance(by: 0.2 * day)
            try await app.runScheduler()
            // then Lily is emailed her letter
            let sent = try await OutboxMessage.query(on: app.db).filter(\.$purpose == "letterDelivered").all()
            #expect(sent.map(\.toEmail) == ["lily@example.com"])
            #expect(sent.first?.textBody.contains("after their passing") == true)
        }
    }

    @Test("a letter after the passing does not go when the holder cancels the report")
    func cancelledReport() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given the estate holder's letter after their passing
            let owner = try await Self.reportedPassing(app, clock)
            // when the holder says they are still here, and the waiting period would have ended
            clock.advance(by: day)
            let estate = try await app.api(.GET, "/api/estate", token: owner.token)
            #expect(try estate.decoded(Components.Schemas.Estate.self).state == .active)
            clock.advance(by: 5 * day)
            try await app.runScheduler()
            // then the letter stays sealed and can still be changed
            let sent = try await OutboxMessage.query(on: app.db).filter(\.$purpose == "letterDelivered").count()
            #expect(sent == 0)
            let mine = try await app.api(.GET, "/api/letters", token: owner.token)
            #expect(try mine.decoded(Components.Schemas.LetterList.self).letters.map(\.delivered) == [false])
        }
    }

    @Test("a letter withdrawn before its day never goes, and its readers are forgotten; the other letter still goes")
    func withdrawn() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given two letters for the same day
            let owner = try await app.setUpHub()
            let soon = Day(clock.now.addingTimeInterval(2 * day), in: .current).text
            let kept = try await app.writeLetter(owner, day: soon, subject: "Kept")
            let gone = try await app.writeLetter(owner, day: soon, subject: "Gone")
            // when one is withdrawn
            let withdrawn = try await app.api(.DELETE, "/api/letters/\(gone.id)", token: owner.token)
            #expect(withdrawn.status == .noContent)
            clock.advance(by: 3 * day)
            try await app.runScheduler()
            // then only the other goes
            let mails = try await app.letterMails(to: "lily@example.com", owner: owner)
            #expect(mails.count == 1)
            let session = try await app.letterSession(for: "lily@example.com", owner: owner)
            let read = try await app.api(.GET, "/api/letter", token: session)
            #expect(try read.decoded(Components.Schemas.LetterReading.self).subject == kept.subject)
            #expect(try await LetterRecipient.query(on: app.db).count() == 1)
        }
    }
}
