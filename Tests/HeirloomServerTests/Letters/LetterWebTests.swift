import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Letters for later on the web: the writer's pages and the reader's page")
struct LetterWebTests {
    @Test("a member writes a letter on the web; on its day the reader opens it from her link and saves it as a PDF")
    func writeAndRead() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a member signed in to the web pages
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let empty = try await browser.get("/letters")
            #expect(empty.status == .ok)
            #expect(empty.body.string.contains("No letters yet"))
            // when a day in the past is chosen, the form comes back with the words next to the day
            var fields = [
                "name[]": "Lily Hart", "email[]": "lily@example.com", "subject": "For your 18th birthday",
                "text": "Dear Lily,\n\nEighteen!", "deliver": "day", "day": "2001-01-01",
            ]
            let refused = try await browser.post("/letters", fields)
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("That day has passed"))
            #expect(refused.body.string.contains("Dear Lily,"))
            // when the day is tomorrow
            fields["day"] = Day(clock.now.addingTimeInterval(86_400), in: .current).text
            let created = try await browser.post("/letters", fields)
            #expect(created.status == .seeOther, "\(created.body.string)")
            #expect(created.headers.first(name: .location) == "/letters?done=letter-saved")
            let list = try await browser.get("/letters")
            #expect(list.body.string.contains("For your 18th birthday"))
            #expect(list.body.string.contains("For Lily Hart"))
            // then nothing opens before its day
            let reader = WebSession(app: app)
            #expect(try await reader.get("/l").status == .notFound)
            // when its day comes
            clock.advance(by: 2 * 86_400)
            try await app.runScheduler()
            let link = try await app.linkToken(for: "lily@example.com")
            let opened = try await reader.get("/l/\(link)")
            #expect(opened.status == .seeOther)
            let page = try await reader.get("/l")
            // then she reads it, with her name, and saves a PDF
            #expect(page.status == .ok)
            #expect(page.body.string.contains("A letter from Ann Miller, for Lily Hart"))
            #expect(page.body.string.contains("Eighteen!"))
            let pdf = try await reader.get("/api/letter.pdf")
            #expect(pdf.status == .ok)
            #expect(pdf.body.string.hasPrefix("%PDF"))
            // and the writer can no longer change it
            let id = try #require(try await Letter.query(on: app.db).first()?.requireID())
            let edit = try await browser.get("/letters/\(id.uuidString)/edit")
            #expect(edit.status == .conflict)
        }
    }

    @Test("the writer withdraws a letter after a confirm page that names it")
    func withdraw() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let letter = try await app.writeLetter(owner, day: "2099-01-01")
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let confirm = try await browser.get("/letters/\(letter.id)/withdraw")
            #expect(confirm.status == .ok)
            #expect(confirm.body.string.contains("For your 18th birthday"))
            #expect(confirm.body.string.contains("Lily Hart"))
            let done = try await browser.post("/letters/\(letter.id)/withdraw", [:])
            #expect(done.status == .seeOther)
            #expect(try await Letter.query(on: app.db).count() == 0)
        }
    }
}
