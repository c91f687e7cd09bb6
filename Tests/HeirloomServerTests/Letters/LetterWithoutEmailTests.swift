import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Letters for later: a reader without an email address gets their own link, printed by hand on the day")
struct LetterWithoutEmailTests {
    let day: TimeInterval = 86_400

    @Test(
        "the writer and an owner print Grandpa Joe's link once the letter is delivered; nobody else, not before, not Lily's"
    )
    func printedByHand() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given an editor's letter for a day two days away, to Lily (emailed) and Grandpa Joe (no address)
            let owner = try await app.setUpHub()
            let writer = try await app.addMember(
                role: "editor", by: owner, name: "Ben Miller", email: "ben@example.com")
            let viewer = try await app.addMember(
                role: "viewer", by: owner, name: "Cara Miller", email: "cara@example.com")
            let on = Day(clock.now.addingTimeInterval(2 * day), in: .current).text
            let letter = try await app.writeLetter(
                writer, day: on,
                to: [["name": "Lily Hart", "email": "lily@example.com"], ["name": "Grandpa Joe", "email": ""]])
            #expect(letter.to.map(\.name) == ["Lily Hart", "Grandpa Joe"])
            #expect(letter.to.map(\.email) == ["lily@example.com", nil])
            let joe = try #require(letter.to.last?.id)
            let lily = try #require(letter.to.first?.id)
            let path = "/api/letters/\(letter.id)/readers/\(joe)/link"

            // when the writer asks for Joe's link before the day, then it is refused: the letter is sealed
            let early = try await app.api(.POST, path, token: writer.token)
            #expect(early.status == .conflict)
            #expect(try early.apiError.code == "not_delivered")

            // when the day comes
            clock.advance(by: 2 * day + 60)
            try await app.runScheduler()
            try await app.runScheduler()

            // then Lily is emailed and nothing is sent for Joe
            #expect(try await app.letterMails(to: "lily@example.com", owner: owner).count == 1)
            #expect(try await app.outbox(owner).messages.filter { $0.toName == "Grandpa Joe" }.isEmpty)
            // and a viewer who did not write it finds no such letter; Lily's link is not for anyone to print
            #expect(try await app.api(.POST, path, token: viewer.token).status == .notFound)
            let lilys = try await app.api(.POST, "/api/letters/\(letter.id)/readers/\(lily)/link", token: owner.token)
            #expect(lilys.status == .conflict)
            #expect(try lilys.apiError.code == "has_email")

            // when the writer prints Joe's link, and then an owner prints it again
            let first = try await app.api(.POST, path, token: writer.token)
            #expect(first.status == .created, "\(first.body.string)")
            let second = try await app.api(.POST, path, token: owner.token)
            #expect(second.status == .created, "\(second.body.string)")
            let printed = try second.decoded(Components.Schemas.LetterReaderLink.self)
            #expect(printed.name == "Grandpa Joe")

            // then the newest link opens Joe's letter, and the first stopped working
            func secret(_ response: TestingHTTPResponse) throws -> String {
                String(try response.decoded(Components.Schemas.LetterReaderLink.self).url.split(separator: "/").last!)
            }
            let old = try await app.api(.POST, "/api/letter-session", json: ["token": try secret(first)])
            #expect(old.status == .notFound)
            let session = try await app.api(.POST, "/api/letter-session", json: ["token": try secret(second)])
            #expect(session.status == .ok, "\(session.body.string)")
            let token = try session.decoded(Components.Schemas.TokenExchange.self).token
            let read = try await app.api(.GET, "/api/letter", token: token)
            #expect(read.status == .ok)
            #expect(try read.decoded(Components.Schemas.LetterReading.self).text.contains("Eighteen!"))
            // and the owner's answer carried the names only, never the letter
            #expect(!second.body.string.contains("Eighteen"))
        }
    }
}
