import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("The estate binder: reminders and the yearly look")
struct BinderReviewTests {
    @Test("an entry due for a look is on Home and emailed to the holder once, 30 days before")
    func reviewDate() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given: a passport expiring in 40 days
            let family = try await BinderFamily.make(app)
            let expiry = Day(clock.now.addingTimeInterval(40 * 86_400), in: .current).text
            try await family.entry(
                app,
                ["section": "other", "title": "Passport", "fields": ["reference": "925665416"], "reviewOn": expiry])
            try await app.runScheduler()
            #expect(try await Self.mails(app, "binderReviewDue").isEmpty)

            // when: ten days later, twice
            clock.advance(by: 11 * 86_400)
            try await app.runScheduler()
            try await app.runScheduler()

            // then
            let mails = try await Self.mails(app, "binderReviewDue")
            #expect(mails.count == 1)
            #expect(mails.first?.toEmail == "margaret@example.com")
            #expect(mails.allSatisfy { !$0.textBody.contains("925665416") && !$0.htmlBody.contains("925665416") })
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": family.tom.email, "password": family.tom.password])
            let home = try await browser.get("/")
            #expect(home.body.string.contains("“Passport” is due for a look"))
            #expect(!home.body.string.contains("925665416"))
        }
    }

    @Test("once a year the holder is asked to look, and each executor to confirm their address with one click")
    func yearlyLook() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await BinderFamily.make(app)
            try await family.fill(app)
            try await app.runScheduler()
            #expect(try await Self.mails(app, "binderYearlyLook").isEmpty)

            clock.advance(by: 366 * 86_400)
            try await app.runScheduler()
            try await app.runScheduler()

            #expect(try await Self.mails(app, "binderYearlyLook").count == 1)
            let check = try #require(try await Self.mails(app, "executorAddressCheck").first)
            #expect(check.toEmail == "mary@example.com")
            let link = try #require(check.link)
            let tom = WebSession(app: app)
            _ = try await tom.post("/login", ["email": family.tom.email, "password": family.tom.password])
            #expect(try await tom.get("/binder").body.string.contains("Mary Jones has not yet confirmed"))
            let browser = WebSession(app: app)
            let page = try await browser.get(try #require(URL(string: link)).path)
            #expect(page.body.string.contains("Your email address is confirmed"), "\(page.body.string)")
            let confirmed = try await ExecutorAddressCheck.query(on: app.db).first()
            #expect(confirmed?.confirmedAt != nil)
            #expect(!(try await tom.get("/binder").body.string.contains("Mary Jones has not yet confirmed")))
            let look = try await app.testing().sendRequest(.GET, "/binder/address/unknown-link")
            #expect(look.body.string.contains("This link is not known"))
        }
    }

    static func mails(_ app: Application, _ purpose: String) async throws -> [OutboxMessage] {
        try await OutboxMessage.query(on: app.db).filter(\.$purpose == purpose).all()
    }
}
