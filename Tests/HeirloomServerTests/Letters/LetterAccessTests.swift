import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Letters for later: a letter is its writer's alone until delivered, and then no longer changes")
struct LetterAccessTests {
    let day: TimeInterval = 86_400

    @Test("others in the household cannot read or change a letter; owners see only that it exists, unless shared")
    func othersFindNothing() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a letter by an editor, and the household's owner and a viewer
            let owner = try await app.setUpHub()
            let writer = try await app.addMember(role: "editor", by: owner)
            let viewer = try await app.addMember(
                role: "viewer", by: owner, name: "Cora Miller", email: "cora@example.com")
            let birthday = Day(clock.now.addingTimeInterval(30 * day), in: .current).text
            let letter = try await app.writeLetter(writer, day: birthday, text: "A secret canary 7431")
            // then nobody but the writer reaches it
            for member in [owner, viewer] {
                for method in [HTTPMethod.GET, .DELETE] {
                    let response = try await app.api(method, "/api/letters/\(letter.id)", token: member.token)
                    #expect(response.status == .notFound, "\(method) \(member.email)")
                    #expect(try response.apiError.code == "not_found")
                }
                let patch = try await app.api(
                    .PATCH, "/api/letters/\(letter.id)", token: member.token, json: ["subject": "Mine now"])
                #expect(patch.status == .notFound)
                let list = try await app.api(.GET, "/api/letters", token: member.token)
                #expect(!list.body.string.contains("canary"))
                #expect(try list.decoded(Components.Schemas.LetterList.self).letters.isEmpty)
            }
            // and the owner learns only that it exists, for whom and when
            let overview = try await app.api(.GET, "/api/letters", token: owner.token)
            let notice = try #require(try overview.decoded(Components.Schemas.LetterList.self).household.first)
            #expect(notice.from == "Ben Miller")
            #expect(notice.to == ["Lily Hart"])
            #expect(notice.deliver.on == birthday)
            let viewers = try await app.api(.GET, "/api/letters", token: viewer.token)
            #expect(try viewers.decoded(Components.Schemas.LetterList.self).household.isEmpty)
            // when the writer shares it with the owners
            let shared = try await app.api(
                .PATCH, "/api/letters/\(letter.id)", token: writer.token, json: ["sharedWithOwners": true])
            #expect(shared.status == .ok, "\(shared.body.string)")
            // then the owner reads it, but still cannot change it; the viewer still finds nothing
            let read = try await app.api(.GET, "/api/letters/\(letter.id)", token: owner.token)
            #expect(try read.decoded(Components.Schemas.Letter.self).text == "A secret canary 7431")
            let change = try await app.api(.DELETE, "/api/letters/\(letter.id)", token: owner.token)
            #expect(change.status == .forbidden)
            let hidden = try await app.api(.GET, "/api/letters/\(letter.id)", token: viewer.token)
            #expect(hidden.status == .notFound)
            // and a reader's token is not a member's
            let outsider = try await app.api(.GET, "/api/letter", token: writer.token)
            #expect(outsider.status == .notFound)
        }
    }

    @Test("the writer edits, postpones and withdraws until delivery; afterwards each is refused with 409")
    func changesUntilDelivery() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a letter for tomorrow
            let owner = try await app.setUpHub()
            let tomorrow = Day(clock.now.addingTimeInterval(day), in: .current).text
            let letter = try await app.writeLetter(owner, day: tomorrow)
            // when the writer edits and postpones it
            let later = Day(clock.now.addingTimeInterval(10 * day), in: .current).text
            let edited = try await app.api(
                .PATCH, "/api/letters/\(letter.id)", token: owner.token,
                json: [
                    "text": "Dear Lily, a new start.", "deliver": ["on": later],
                    "to": [
                        ["name": "Lily Hart", "email": "lily@example.com"],
                        ["name": "Tom Hart", "email": "tom@example.com"],
                    ],
                ])
            #expect(edited.status == .ok, "\(edited.body.string)")
            let saved = try edited.decoded(Components.Schemas.Letter.self)
            #expect(saved.deliver.on == later)
            #expect(saved.text == "Dear Lily, a new start.")
            #expect(saved.subject == letter.subject)
            #expect(saved.to.map(\.email) == ["lily@example.com", "tom@example.com"])
            // then the old day passes without it
            clock.advance(by: 2 * day)
            try await app.runScheduler()
            #expect(try await app.letterMails(to: "lily@example.com", owner: owner).isEmpty)
            // and bad changes are refused next to their field
            let refusals: [(json: [String: any Sendable], field: String)] = [
                (["deliver": ["on": "2001-01-01"]], "deliver"),
                (["deliver": ["afterPassing": true, "on": later] as [String: any Sendable]], "deliver"),
                (["to": [] as [[String: String]]], "to"),
                (["subject": String(repeating: "s", count: 201)], "subject"),
            ]
            for (json, field) in refusals {
                let refused = try await app.api(.PATCH, "/api/letters/\(letter.id)", token: owner.token, json: json)
                #expect(refused.status == .unprocessableEntity, "\(json)")
                #expect(try refused.apiError.field == field)
            }
            // when the letter is delivered
            clock.advance(by: 9 * day)
            try await app.runScheduler()
            #expect(try await app.letterMails(to: "tom@example.com", owner: owner).count == 1)
            // then it no longer changes
            let edit = try await app.api(.PATCH, "/api/letters/\(letter.id)", token: owner.token, json: ["text": "x"])
            #expect(edit.status == .conflict)
            #expect(try edit.apiError.code == "letter_delivered")
            let withdraw = try await app.api(.DELETE, "/api/letters/\(letter.id)", token: owner.token)
            #expect(withdraw.status == .conflict)
            let recording = try await app.multipart(
                "/api/letters/\(letter.id)/recording", token: owner.token,
                files: [("file", "story.m4a", try await MediaFixtures.data("story.m4a"))])
            #expect(recording.status == .conflict)
        }
    }

    @Test("only the estate holder may leave a letter for after their passing; bad letters are refused by field")
    func refusedLetters() async throws {
        try await withApp { app in
            // given the estate holder and an editor
            let owner = try await app.setUpHub()
            let editor = try await app.addMember(role: "editor", by: owner)
            // when each writes a letter for after their passing, the holder's to a bad address
            for (writer, email, field) in [(editor, "lily@example.com", "deliver"), (owner, "lily", "to")] {
                let refused = try await app.api(
                    .POST, "/api/letters", token: writer.token,
                    json: [
                        "to": [["name": "Lily", "email": email]], "subject": "Later", "text": "Words",
                        "deliver": ["afterPassing": true],
                    ])
                // then each is refused next to the field at fault
                #expect(refused.status == .unprocessableEntity)
                #expect(try refused.apiError.field == field)
            }
            let anonymous = try await app.api(.GET, "/api/letters")
            #expect(anonymous.status == .unauthorized)
        }
    }
}
