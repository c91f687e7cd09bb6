import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Someone without email is never a dead end in a wish round: the round opens, and the organiser prints their
/// link to give it to them by hand.
@Suite("Wish rounds: a participant's link by hand")
struct WishLinkByHandTests {
    /// The three children, and no address for Cora.
    static func familyWithoutCorasEmail(_ app: Application) async throws -> WishFamily {
        let family = try await WishFamily.make(app)
        let cora = try #require(try await Beneficiary.find(UUID(uuidString: family.cora), on: app.db))
        cora.email = nil
        try await cora.save(on: app.db)
        return family
    }

    @Test("Cora has no email: the round opens, her link is printed and works, and a new one ends the old")
    func coraWithoutEmail() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a round for the three children, and no address for Cora
            let family = try await Self.familyWithoutCorasEmail(app)
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            let participant = try #require(round.participants.first { $0.name == "Cora Hart" }).participantId
            let path = "/api/wish-rounds/\(round.id)/participants/\(participant)/link"
            let early = try await app.api(.POST, path, token: family.owner.token)
            #expect(early.status == .conflict)
            #expect(try early.apiError.code == "round_not_open")

            // when it opens
            let opened = try await app.api(.POST, "/api/wish-rounds/\(round.id)/open", token: family.owner.token)
            #expect(opened.status == .ok, "\(opened.body.string)")
            let invited = try await OutboxMessage.query(on: app.db).filter(\.$purpose == "wishInvitation").all()
            #expect(Set(invited.map(\.toEmail)) == ["anna@example.com", "ben@example.com"])

            // then her link is made by hand, opens her sheet, and a second one ends the first
            let first = try await app.api(.POST, path, token: family.owner.token)
            #expect(first.status == .created, "\(first.body.string)")
            let firstURL = try first.decoded(Components.Schemas.WishHandedOutLink.self).url
            let second = try await app.api(.POST, path, token: family.owner.token)
            let secondURL = try second.decoded(Components.Schemas.WishHandedOutLink.self).url
            func session(_ url: String) async throws -> TestingHTTPResponse {
                try await app.api(
                    .POST, "/api/wish-session", json: ["token": String(url.split(separator: "/").last ?? "")])
            }
            #expect(try await session(firstURL).status == .notFound)
            let token = try await session(secondURL).decoded(Components.Schemas.TokenExchange.self).token
            #expect(try await app.wishes(token).things.count == 5)
            // and only an organiser makes one
            let anna = try await app.api(
                .POST, path, token: try await app.wishLinkToken(for: "anna@example.com", owner: family.owner))
            #expect(anna.status == .unauthorized || anna.status == .forbidden)
        }
    }

    @Test("on the round's page: Cora's row says what to do, and its button prints her link")
    func printedFromThePage() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await Self.familyWithoutCorasEmail(app)
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            let participant = try #require(round.participants.first { $0.name == "Cora Hart" }).participantId
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": family.owner.email, "password": family.owner.password])
            #expect(
                try await browser.get("/wish-rounds/\(round.id)").body.string.contains(
                    "Cora Hart has no email address: once the round is open"))

            let opened = try await browser.post("/wish-rounds/\(round.id)/open", [:])
            #expect(opened.status == .seeOther, "\(opened.body.string)")
            let page = try await browser.get("/wish-rounds/\(round.id)").body.string
            #expect(page.contains("Print Cora Hart’s link"))
            let sheet = try await browser.post("/wish-rounds/\(round.id)/participants/\(participant)/link", [:])
            #expect(sheet.status == .ok)
            #expect(sheet.headers.first(name: .cacheControl) == "no-store")
            #expect(sheet.body.string.contains("For Cora Hart"))
            #expect(sheet.body.string.contains("http://hub.test/w/"))
        }
    }

    @Test("in a round of two, a stray link is stopped on every phone; she stays in, and a printed link lets her back")
    func stoppedInARoundOfTwo() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a round of two, Anna and Ben, open, and Anna's sheet open on her phone
            let family = try await WishFamily.make(app)
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            let cora = try #require(round.participants.first { $0.name == "Cora Hart" }).participantId
            let base = "/api/wish-rounds/\(round.id)/participants"
            #expect(try await app.api(.DELETE, "\(base)/\(cora)", token: family.owner.token).status == .noContent)
            _ = try await app.api(.POST, "/api/wish-rounds/\(round.id)/open", token: family.owner.token)
            let anna = try #require(round.participants.first { $0.name == "Anna Hart" }).participantId
            let emailed = try await app.wishLinkToken(for: "anna@example.com", owner: family.owner)
            func session(_ link: String) async throws -> TestingHTTPResponse {
                try await app.api(.POST, "/api/wish-session", json: ["token": link])
            }
            let phone = try await session(emailed).decoded(Components.Schemas.TokenExchange.self).token
            #expect(try await app.wishes(phone).things.count == 5)
            // taking her out is refused, and the refusal says what to do instead
            let refused = try await app.api(.DELETE, "\(base)/\(anna)", token: family.owner.token)
            #expect(try refused.apiError.code == "too_few_participants")
            #expect(refused.body.string.contains("stop the link instead"))

            // when her link is stopped
            let stopped = try await app.api(.DELETE, "\(base)/\(anna)/link", token: family.owner.token)
            #expect(stopped.status == .noContent, "\(stopped.body.string)")

            // then neither the emailed link nor the phone's page opens anything
            #expect(try await session(emailed).status == .notFound)
            let shut = try await app.api(.GET, "/api/wishes", token: phone)
            #expect(shut.status == .unauthorized || shut.status == .notFound)
            // and she is still in the round
            #expect(try await app.wishRound(round.id, token: family.owner.token).participants.count == 2)
            // when a link is printed for her, it opens her sheet; printing again ends that page too
            let printed = try await app.api(.POST, "\(base)/\(anna)/link", token: family.owner.token)
                .decoded(Components.Schemas.WishHandedOutLink.self).url
            let handed = try await session(String(printed.split(separator: "/").last ?? ""))
                .decoded(Components.Schemas.TokenExchange.self).token
            #expect(try await app.wishes(handed).things.count == 5)
            _ = try await app.api(.POST, "\(base)/\(anna)/link", token: family.owner.token)
            #expect(try await app.api(.GET, "/api/wishes", token: handed).status != .ok)
            // and another household's organiser, or a participant, cannot stop it
            let ben = try await app.wishLinkToken(for: "ben@example.com", owner: family.owner)
            let benSession = try await session(ben).decoded(Components.Schemas.TokenExchange.self).token
            let byBen = try await app.api(.DELETE, "\(base)/\(anna)/link", token: benSession)
            #expect(byBen.status == .unauthorized || byBen.status == .forbidden)
        }
    }

    @Test("on the round's page: each row stops that person's link, and says what happened")
    func stoppedFromThePage() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await WishFamily.make(app)
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            let anna = try #require(round.participants.first { $0.name == "Anna Hart" }).participantId
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": family.owner.email, "password": family.owner.password])
            #expect(!(try await browser.get("/wish-rounds/\(round.id)").body.string.contains("Stop Anna Hart’s link")))
            _ = try await browser.post("/wish-rounds/\(round.id)/open", [:])
            let emailed = try await app.wishLinkToken(for: "anna@example.com", owner: family.owner)
            #expect(try await browser.get("/wish-rounds/\(round.id)").body.string.contains("Stop Anna Hart’s link"))

            let done = try await browser.post("/wish-rounds/\(round.id)/participants/\(anna)/link/stop", [:])
            #expect(done.status == .seeOther)
            let page = try await browser.get(try #require(done.headers.first(name: .location)))
            #expect(page.body.string.contains("Their link has stopped working"))
            #expect(try await app.api(.POST, "/api/wish-session", json: ["token": emailed]).status == .notFound)
        }
    }
}
