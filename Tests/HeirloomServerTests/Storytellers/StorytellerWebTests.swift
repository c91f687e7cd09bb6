import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Storyteller pages: the forms work without JavaScript")
struct StorytellerWebTests {
    @Test("add a storyteller, write a question, move and skip questions, send now, turn notes off, remove")
    func forms() async throws {
        try await withApp { app in
            // given Ann signed in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            #expect(try await browser.get("/storytellers").body.string.contains("Nobody yet"))
            // when a bad address is sent, the form comes back saying so
            let bad = try await browser.post(
                "/storytellers", ["name": "Mum", "email": "mum", "weekday": "7", "hour": "10"])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.string.contains("That does not look like an email address"))
            // when she adds Mum
            let added = try await browser.post(
                "/storytellers", ["name": "Mum", "email": "mum@example.com", "weekday": "7", "hour": "10"])
            let page = try #require(added.headers.first(name: .location))
            let id = String(page.split(separator: "/").last ?? "")
            #expect(try await browser.get(page).body.string.contains("Every Sunday at 10 am"))
            // and writes a question, which goes first
            _ = try await browser.post("/storytellers/\(id)/questions", ["text": "How did you meet Dad?"])
            var coming = try await app.comingQuestions(id, owner)
            #expect(coming.first?.text == "How did you meet Dad?")
            // and moves the second question first, then skips it
            let second = coming[1]
            _ = try await browser.post(
                "/storytellers/\(id)/questions/\(second.id)", ["action": "move", "position": "0"])
            coming = try await app.comingQuestions(id, owner)
            #expect(coming.first?.id == second.id)
            _ = try await browser.post("/storytellers/\(id)/questions/\(second.id)", ["action": "skip"])
            coming = try await app.comingQuestions(id, owner)
            #expect(!coming.map(\.id).contains(second.id))
            // and sends the next question now
            let sent = try await browser.post("/storytellers/\(id)/send-now", [:])
            #expect(sent.headers.first(name: .location)?.contains("done=story-question-sent") == true)
            #expect(try await app.questionMails(to: "mum@example.com", owner: owner).count == 1)
            // and turns off story notes for herself
            _ = try await browser.post("/storytellers/notices", [:])
            let preferences = try await app.api(.GET, "/api/me/preferences", token: owner.token)
            #expect(try preferences.decoded(Components.Schemas.MemberPreferences.self).storyNotices == false)
            // and removes Mum, after being asked
            #expect(try await browser.get("/storytellers/\(id)/delete").body.string.contains("Stop asking Mum?"))
            _ = try await browser.post("/storytellers/\(id)/delete", [:])
            #expect(try await app.api(.GET, "/api/storytellers/\(id)", token: owner.token).status == .notFound)
        }
    }

    @Test("a viewer sees the storytellers but none of the forms, and cannot send them")
    func viewer() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner, name: "Vera", email: "vera@example.com")
            let mum = try await app.addStoryteller(owner)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": viewer.email, "password": viewer.password])
            let page = try await browser.get("/storytellers/\(mum.id)")
            #expect(page.status == .ok)
            #expect(!page.body.string.contains("Send the next question now"))
            #expect(!page.body.string.contains("Add the question"))
            let refused = try await browser.post("/storytellers/\(mum.id)/send-now", [:])
            #expect(refused.status == .forbidden)
            #expect(try await app.questionMails(to: "mum@example.com", owner: owner).isEmpty)
        }
    }

    @Test("the memory an answer became names the storyteller as its author, not a former member")
    func answerAuthor() async throws {
        try await withApp { app in
            // given Mum (no account) answered in writing: a new memory
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            let session = try await app.answerSession(mum.id, owner: owner)
            let answered = try await app.sendParts("/api/answer", token: session, parts: [.text("text", "The war.")])
            #expect(answered.status == .created, "\(answered.body.string)")
            let answers = try await app.api(.GET, "/api/storytellers/\(mum.id)/answers", token: owner.token)
                .decoded(Components.Schemas.StoryAnswerList.self).answers
            let memoryID = try #require(answers.first?.memoryId)

            // when Ann opens it
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.get("/memories/\(memoryID)").body.string

            // then
            #expect(page.contains("<dd>Mum (storyteller)</dd>"), "\(page)")
            #expect(!page.contains("a former member"))
        }
    }
}
