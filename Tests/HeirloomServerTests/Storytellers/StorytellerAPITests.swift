import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Storytellers: who is asked a question each week, and what they are asked")
struct StorytellerAPITests {
    @Test("create, list, read, change and remove a storyteller; the next send follows the day and hour")
    func crud() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let owner = try await app.setUpHub()
            // when
            let mum = try await app.addStoryteller(owner)
            // then
            #expect(mum.name == "Mum")
            #expect(mum.email == "mum@example.com")
            #expect(mum.weekday == 7 && mum.hour == 10)
            #expect(mum.active)
            #expect(mum.nextSendAt > clock.now)
            #expect(mum.nextSendAt.timeIntervalSince(clock.now) <= 7 * 86_400 + 3600)
            let list = try await app.api(.GET, "/api/storytellers", token: owner.token)
            #expect(try list.decoded(Components.Schemas.StorytellerList.self).storytellers.map(\.id) == [mum.id])
            // when the day changes
            let changed = try await app.api(
                .PATCH, "/api/storytellers/\(mum.id)", token: owner.token,
                json: ["weekday": 3, "name": "Mother", "userId": owner.id])
            #expect(changed.status == .ok, "\(changed.body.string)")
            let mother = try changed.decoded(Components.Schemas.Storyteller.self)
            #expect(mother.name == "Mother" && mother.weekday == 3 && mother.userId == owner.id)
            #expect(mother.nextSendAt != mum.nextSendAt)
            let read = try await app.api(.GET, "/api/storytellers/\(mum.id)", token: owner.token)
            #expect(try read.decoded(Components.Schemas.Storyteller.self).name == "Mother")
            // when the member is unlinked with null, the storyteller stays, known by the email alone
            let unlinked = try await app.api(
                .PATCH, "/api/storytellers/\(mum.id)", token: owner.token, rawBody: #"{"userId": null}"#)
            #expect(unlinked.status == .ok, "\(unlinked.body.string)")
            #expect(try unlinked.decoded(Components.Schemas.Storyteller.self).userId == nil)
            // when removed
            #expect(try await app.api(.DELETE, "/api/storytellers/\(mum.id)", token: owner.token).status == .noContent)
            #expect(try await app.api(.GET, "/api/storytellers/\(mum.id)", token: owner.token).status == .notFound)
        }
    }

    @Test("bad input is a clear 422 naming its field, and nothing is saved")
    func badInput() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            for (json, field) in [
                (["name": "Mum", "email": "mum@example.com", "weekday": 0, "hour": 10], "weekday"),
                (["name": "Mum", "email": "mum@example.com", "weekday": 8, "hour": 10], "weekday"),
                (["name": "Mum", "email": "mum@example.com", "weekday": 1, "hour": 24], "hour"),
                (["name": "Mum", "email": "not an address", "weekday": 1, "hour": 9], "email"),
                (["name": " ", "email": "mum@example.com", "weekday": 1, "hour": 9], "name"),
            ] as [([String: any Sendable], String)] {
                let response = try await app.api(.POST, "/api/storytellers", token: owner.token, json: json)
                #expect(response.status == .unprocessableEntity, "\(response.body.string)")
                #expect(try response.apiError.field == field)
            }
            let other = try await app.api(
                .POST, "/api/storytellers", token: owner.token,
                json: ["name": "Mum", "email": "mum@example.com", "weekday": 1, "hour": 9, "userId": UUID().uuidString])
            #expect(other.status == .unprocessableEntity)
            let list = try await app.api(.GET, "/api/storytellers", token: owner.token)
            #expect(try list.decoded(Components.Schemas.StorytellerList.self).storytellers.isEmpty)
            let mum = try await app.addStoryteller(owner)
            let empty = try await app.api(
                .POST, "/api/storytellers/\(mum.id)/questions", token: owner.token, json: ["text": "   "])
            #expect(empty.status == .unprocessableEntity)
            #expect(try empty.apiError.field == "text")
        }
    }

    @Test("viewers read but cannot manage (403); another household's storyteller is 404")
    func guards() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner, name: "Vera", email: "vera@example.com")
            let mum = try await app.addStoryteller(owner)
            let question = try #require(try await app.comingQuestions(mum.id, owner).first)
            // then a viewer reads
            #expect(try await app.api(.GET, "/api/storytellers", token: viewer.token).status == .ok)
            #expect(try await app.api(.GET, "/api/storytellers/\(mum.id)/questions", token: viewer.token).status == .ok)
            // and cannot change anything
            let attempts: [(HTTPMethod, String, [String: any Sendable]?)] = [
                (.POST, "/api/storytellers", ["name": "Dad", "email": "dad@example.com", "weekday": 1, "hour": 9]),
                (.PATCH, "/api/storytellers/\(mum.id)", ["name": "X"]),
                (.DELETE, "/api/storytellers/\(mum.id)", nil),
                (.POST, "/api/storytellers/\(mum.id)/questions", ["text": "Why?"]),
                (.PATCH, "/api/storytellers/\(mum.id)/questions/\(question.id)", ["skipped": true]),
                (.POST, "/api/storytellers/\(mum.id)/send-now", nil),
            ]
            for (method, path, json) in attempts {
                let response = try await app.api(method, path, token: viewer.token, json: json)
                #expect(response.status == .forbidden, "\(method) \(path): \(response.body.string)")
            }
            #expect(try await app.outbox(owner).messages.isEmpty)
            // and another household sees nothing of it
            let stranger = try await MemoryAPITests.otherHouseholdToken(app)
            for path in [
                "/api/storytellers/\(mum.id)", "/api/storytellers/\(mum.id)/questions",
                "/api/storytellers/\(mum.id)/answers",
            ] {
                #expect(try await app.api(.GET, path, token: stranger).status == .notFound, "\(path)")
            }
            #expect(try await app.api(.DELETE, "/api/storytellers/\(mum.id)", token: stranger).status == .notFound)
            #expect(
                try await app.api(.POST, "/api/storytellers/\(mum.id)/send-now", token: stranger).status == .notFound)
        }
    }

    @Test("the family's questions go first, things every other week; reorder and skip; nothing is asked twice")
    func questionOrder() async throws {
        try await withApp { app in
            // given an item without a story
            let owner = try await app.setUpHub()
            let clock = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "grandfather clock"])
            #expect(clock.status == .created)
            let mum = try await app.addStoryteller(owner)
            // then the first ten: built-in questions with the clock among them, every other week
            let coming = try await app.comingQuestions(mum.id, owner)
            #expect(coming.map(\.position) == Array(0..<coming.count))
            #expect(coming.first?.source == .builtIn)
            #expect(
                coming.count > 1 && coming[1].source == .item
                    && coming[1].text == "Tell us about the grandfather clock: where did it come from?")
            // when the family writes two questions
            for text in ["How did you meet Dad?", "What was your first car?"] {
                let added = try await app.api(
                    .POST, "/api/storytellers/\(mum.id)/questions", token: owner.token, json: ["text": text])
                #expect(added.status == .created, "\(added.body.string)")
            }
            // then they come first, in the order written
            var now = try await app.comingQuestions(mum.id, owner)
            #expect(now.prefix(2).map(\.text) == ["How did you meet Dad?", "What was your first car?"])
            #expect(now.prefix(2).allSatisfy { $0.source == .family })
            // when the second is moved first, and the first skipped
            let moved = try await app.api(
                .PATCH, "/api/storytellers/\(mum.id)/questions/\(now[1].id)", token: owner.token, json: ["position": 0])
            #expect(moved.status == .ok, "\(moved.body.string)")
            let skipped = try await app.api(
                .PATCH, "/api/storytellers/\(mum.id)/questions/\(now[0].id)", token: owner.token,
                json: ["skipped": true])
            #expect(skipped.status == .ok)
            now = try await app.comingQuestions(mum.id, owner)
            #expect(now.first?.text == "What was your first car?")
            #expect(!now.map(\.text).contains("How did you meet Dad?"))
            #expect(now.count >= QuestionPlan.horizon)
            // when every question is sent, one after the other
            var sent: [String] = []
            while true {
                let response = try await app.api(.POST, "/api/storytellers/\(mum.id)/send-now", token: owner.token)
                if response.status == .conflict {
                    #expect(try response.apiError.code == "no_questions")
                    break
                }
                #expect(response.status == .created, "\(response.body.string)")
                sent.append(try response.decoded(Components.Schemas.StoryQuestion.self).text)
                if sent.count > BuiltInQuestions.all.count + 10 { break }
            }
            // then nothing was asked twice, nor the skipped question, and the family's came first
            #expect(Set(sent).count == sent.count)
            #expect(sent.first == "What was your first car?")
            #expect(!sent.contains("How did you meet Dad?"))
            #expect(sent.count == BuiltInQuestions.all.count + 2)
            // and an asked question cannot be moved
            let asked = try await app.api(
                .PATCH, "/api/storytellers/\(mum.id)/questions/\(now[0].id)", token: owner.token, json: ["position": 3])
            #expect(asked.status == .conflict)
        }
    }

    @Test("the weekly send: once on the day and hour, claimed so a second pass or server never sends it again")
    func weekly() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            // when the scheduler runs before the moment
            clock.advance(by: mum.nextSendAt.timeIntervalSince(clock.now) - 1)
            try await app.runScheduler()
            #expect(try await app.questionMails(to: "mum@example.com", owner: owner).isEmpty)
            // when the moment comes and two passes run
            clock.advance(by: 1)
            async let first: Void = app.runScheduler()
            async let second: Void = app.runScheduler()
            _ = try await (first, second)
            try await app.runScheduler()
            // then one question went, with a personal link
            let mails = try await app.questionMails(to: "mum@example.com", owner: owner)
            #expect(mails.count == 1)
            #expect(mails.first?.link?.hasPrefix("http://hub.test/a/") == true)
            // and the next is a week later
            let after = try await app.api(.GET, "/api/storytellers/\(mum.id)", token: owner.token)
            let next = try after.decoded(Components.Schemas.Storyteller.self).nextSendAt
            #expect(abs(next.timeIntervalSince(mum.nextSendAt) - 7 * 86_400) <= 3600)
            // and a paused storyteller gets none
            _ = try await app.api(.PATCH, "/api/storytellers/\(mum.id)", token: owner.token, json: ["active": false])
            clock.advance(by: 8 * 86_400)
            try await app.runScheduler()
            #expect(try await app.questionMails(to: "mum@example.com", owner: owner).count == 1)
            // and resumed, the next question waits for her day and hour, not the date missed while paused
            let resumed = try await app.api(
                .PATCH, "/api/storytellers/\(mum.id)", token: owner.token, json: ["active": true])
            #expect(try resumed.decoded(Components.Schemas.Storyteller.self).nextSendAt > clock.now)
            try await app.runScheduler()
            #expect(try await app.questionMails(to: "mum@example.com", owner: owner).count == 1)
        }
    }
}
