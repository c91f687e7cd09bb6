import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Wish rounds: every refusal is clear, and changes nothing")
struct WishRoundRefusalTests {
    /// Everything a round keeps, to compare before and after a refused request.
    static func state(_ app: Application) async throws -> [String] {
        let rounds = try await WishRound.query(on: app.db).all().map { "\($0.title) \($0.state)" }
        let wishes = try await Wish.query(on: app.db).all().map { "\($0.thingID) \($0.rank ?? 0) \($0.points ?? 0)" }
        let people = try await WishParticipant.query(on: app.db).count()
        let links = try await ItemBeneficiary.query(on: app.db).count()
        return (rounds + wishes + ["\(people) participants", "\(links) links"]).sorted()
    }

    @Test("a new round is refused for too few people, a stranger, a past day, or a promised thing")
    func badRounds() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let family = try await WishFamily.make(app)
            let before = try await Self.state(app)
            let day = WishRoundAPITests.day(clock, plus: 7)
            let cases: [(String, [String: any Sendable])] = [
                ("participants", ["participants": [["beneficiaryId": family.anna]]]),
                (
                    "participants",
                    [
                        "participants": [["beneficiaryId": family.anna], ["beneficiaryId": UUID().uuidString]]
                            as [[String: any Sendable]]
                    ]
                ),
                (
                    "share",
                    [
                        "participants": [["beneficiaryId": family.anna, "share": 0], ["beneficiaryId": family.ben]]
                            as [[String: any Sendable]]
                    ]
                ),
                ("closesOn", ["closesOn": WishRoundAPITests.day(clock, plus: -1)]),
                ("things", ["things": [["itemId": family.brooch]]]),
                ("things", ["things": [["itemId": UUID().uuidString]]]),
                ("title", ["title": "  "]),
            ]
            for (field, change) in cases {
                var body: [String: any Sendable] = [
                    "title": "Mother’s things", "method": "points", "closesOn": day,
                    "participants": [["beneficiaryId": family.anna], ["beneficiaryId": family.ben]],
                ]
                for (key, value) in change { body[key] = value }
                // when
                let response = try await app.api(.POST, "/api/wish-rounds", token: family.owner.token, json: body)
                // then
                #expect(response.status == .unprocessableEntity, "\(field): \(response.body.string)")
                #expect(try response.apiError.field == field, "\(response.body.string)")
            }
            #expect(try await Self.state(app) == before)
        }
    }

    @Test("viewers, editors and other households find no round; participants reach only their own")
    func nobodyElse() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let family = try await WishFamily.make(app)
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            let sessions = try await family.open(app, round)
            let editor = try await app.addMember(role: "editor", by: family.owner, name: "Ed", email: "ed@example.com")
            let viewer = try await app.addMember(role: "viewer", by: family.owner, name: "Vi", email: "vi@example.com")
            // when / then
            for member in [editor, viewer] {
                for path in [
                    "/api/wish-rounds", "/api/wish-rounds/\(round.id)", "/api/wish-rounds/\(round.id)/division",
                ] {
                    let response = try await app.api(.GET, path, token: member.token)
                    #expect(response.status == .notFound, "\(path) as \(member.email)")
                }
            }
            let stranger = try await app.api(
                .GET, "/api/wish-rounds/\(UUID().uuidString)", token: family.owner.token)
            #expect(stranger.status == .notFound)
            let participantAsOrganiser = try await app.api(.GET, "/api/wish-rounds", token: sessions["Anna Hart"]!)
            #expect(participantAsOrganiser.status == .unauthorized)
            let memberAsParticipant = try await app.api(.GET, "/api/wishes", token: family.owner.token)
            #expect(memberAsParticipant.status == .notFound)
            let nobody = try await app.api(.GET, "/api/wishes")
            #expect(nobody.status == .notFound)
            let badLink = try await app.api(.POST, "/api/wish-session", json: ["token": "not-a-link"])
            #expect(badLink.status == .notFound)
        }
    }

    @Test("wishes over budget, negative, repeated, or outside the round are refused whole; late ones are 409")
    func badWishes() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a points round and a draft round, each with Anna's wishes kept
            let family = try await WishFamily.make(app)
            let points = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            let pointsSessions = try await family.open(app, points)
            let clockID = family.things["Clock"]!
            let piano = family.things["Piano"]!
            let kept = try await app.putWishes(pointsSessions["Anna Hart"]!, [["thingId": clockID, "points": 10]])
            #expect(kept.status == .ok)
            let before = try await Self.state(app)
            let refused: [(String, [[String: any Sendable]])] = [
                ("points", [["thingId": clockID, "points": 600], ["thingId": piano, "points": 401]]),
                ("points", [["thingId": clockID, "points": -1]]),
                ("wishes", [["thingId": family.brooch, "points": 5]]),
                ("wishes", [["thingId": clockID, "points": 5], ["thingId": clockID, "points": 6]]),
            ]
            for (field, wishes) in refused {
                // when
                let response = try await app.putWishes(pointsSessions["Anna Hart"]!, wishes)
                // then
                #expect(response.status == .unprocessableEntity, "\(response.body.string)")
                #expect(try response.apiError.field == field, "\(response.body.string)")
            }
            #expect(try await Self.state(app) == before)
            // a repeated place in a draft order
            clock.advance(by: 60)
            let other = try await app.api(
                .POST, "/api/wish-rounds", token: family.owner.token,
                json: [
                    "title": "The garden things", "method": "draft", "closesOn": WishRoundAPITests.day(clock, plus: 7),
                    "participants": [["beneficiaryId": family.anna], ["beneficiaryId": family.ben]],
                    "things": [["itemId": clockID], ["itemId": piano]],
                ])
            #expect(other.status == .created, "\(other.body.string)")
            let draft = try other.decoded(Components.Schemas.WishRound.self)
            let opened = try await app.api(.POST, "/api/wish-rounds/\(draft.id)/open", token: family.owner.token)
            #expect(opened.status == .ok)
            let link = try await app.wishLinkToken(for: "ben@example.com", owner: family.owner)
            let session = try await app.api(.POST, "/api/wish-session", json: ["token": link])
            let ben = try session.decoded(Components.Schemas.TokenExchange.self).token
            let repeated = try await app.putWishes(
                ben, [["thingId": clockID, "rank": 1], ["thingId": piano, "rank": 1]])
            #expect(repeated.status == .unprocessableEntity)
            #expect(try repeated.apiError.field == "rank")
            // each session is its round's alone
            #expect(try await app.wishes(ben).roundTitle == "The garden things")
            // when the points round closes, a change is 409 and the kept wishes stay
            let closed = try await app.api(.POST, "/api/wish-rounds/\(points.id)/close", token: family.owner.token)
            #expect(closed.status == .ok)
            let late = try await app.putWishes(pointsSessions["Anna Hart"]!, [["thingId": piano, "points": 5]])
            #expect(late.status == .conflict)
            #expect(try late.apiError.code == "round_closed")
            #expect(try await app.wishes(pointsSessions["Anna Hart"]!).wishes.map(\.thingId) == [clockID])
        }
    }

    @Test("steps out of order are 409, and a removed participant's link stops at once")
    func stepsAndRemoval() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let family = try await WishFamily.make(app)
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            let token = family.owner.token
            // when / then: nothing but opening a draft
            for (step, code) in [
                ("close", "round_not_open"), ("divide", "round_not_closed"), ("confirm", "not_divided"),
            ] {
                let response = try await app.api(.POST, "/api/wish-rounds/\(round.id)/\(step)", token: token)
                #expect(response.status == .conflict, "\(step): \(response.body.string)")
                #expect(try response.apiError.code == code, "\(step)")
            }
            let sessions = try await family.open(app, round)
            let again = try await app.api(.POST, "/api/wish-rounds/\(round.id)/open", token: token)
            #expect(again.status == .conflict)
            #expect(try again.apiError.code == "round_not_draft")
            let division = try await app.api(.GET, "/api/wish-rounds/\(round.id)/division", token: token)
            #expect(division.status == .conflict)
            // when Cora is taken out
            let cora = try #require(round.participants.first { $0.name == "Cora Hart" })
            let removed = try await app.api(
                .DELETE, "/api/wish-rounds/\(round.id)/participants/\(cora.participantId)", token: token)
            #expect(removed.status == .noContent)
            // then her session and her link stop at once
            let gone = try await app.api(.GET, "/api/wishes", token: sessions["Cora Hart"]!)
            #expect(gone.status == .notFound)
            let link = try await app.wishLinkToken(for: "cora@example.com", owner: family.owner)
            let reopened = try await app.api(.POST, "/api/wish-session", json: ["token": link])
            #expect(reopened.status == .notFound)
            #expect(try await app.wishRound(round.id, token: token).participants.count == 2)
            // and a move to someone outside the round is refused once divided
            _ = try await app.api(.POST, "/api/wish-rounds/\(round.id)/close", token: token)
            let divided = try await app.api(.POST, "/api/wish-rounds/\(round.id)/divide", token: token)
            #expect(divided.status == .created)
            let before = try await Self.state(app)
            let bad = try await app.api(
                .PATCH, "/api/wish-rounds/\(round.id)/division", token: token,
                json: ["moves": [["thingId": family.things["Clock"]!, "toParticipantId": cora.participantId]]])
            #expect(bad.status == .unprocessableEntity)
            #expect(try await Self.state(app) == before)
        }
    }
}

@Suite("Wish rounds: what changes under a round")
struct WishRoundChangeTests {
    @Test("points too large to add up are refused, not a crash")
    func hugePoints() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await WishFamily.make(app)
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            let sessions = try await family.open(app, round)
            let response = try await app.putWishes(
                sessions["Anna Hart"]!,
                [
                    ["thingId": family.things["Clock"]!, "points": 1],
                    ["thingId": family.things["Piano"]!, "points": Int.max],
                ])
            #expect(
                response.status == .unprocessableEntity || response.status == .badRequest, "\(response.body.string)")
            #expect(try await app.wishes(sessions["Anna Hart"]!).wishes.isEmpty)
        }
    }

    @Test("a thing left to someone by hand after the division is refused at the confirm, and left out of the next")
    func thingTakenMeanwhile() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a divided round
            let family = try await WishFamily.make(app)
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            _ = try await family.open(app, round)
            let token = family.owner.token
            _ = try await app.api(.POST, "/api/wish-rounds/\(round.id)/close", token: token)
            _ = try await app.api(.POST, "/api/wish-rounds/\(round.id)/divide", token: token)
            // when the quilt is left to Ben by hand
            let quilt = family.things["Quilt"]!
            let link = try await app.api(
                .POST, "/api/items/\(quilt)/beneficiaries", token: token,
                json: ["beneficiaryId": family.ben, "accessPermission": "uponPassing"])
            #expect(link.status == .created)
            let before = try await WishRoundRefusalTests.state(app)
            // then confirming is refused and changes nothing
            let refused = try await app.api(.POST, "/api/wish-rounds/\(round.id)/confirm", token: token)
            #expect(refused.status == .conflict)
            #expect(try refused.apiError.code == "thing_taken")
            #expect(try await WishRoundRefusalTests.state(app) == before)
            // and the next division leaves it out, and confirms
            let again = try await app.api(.POST, "/api/wish-rounds/\(round.id)/divide", token: token)
            let shares = try again.decoded(Components.Schemas.WishDivision.self).shares
            #expect(!shares.flatMap(\.things).contains { $0.thingId == quilt })
            let confirmed = try await app.api(.POST, "/api/wish-rounds/\(round.id)/confirm", token: token)
            #expect(confirmed.status == .ok, "\(confirmed.body.string)")
        }
    }

    @Test("a beneficiary in a round under way cannot be deleted, and a round keeps two people")
    func keepsItsPeople() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await WishFamily.make(app)
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            let deleted = try await app.api(.DELETE, "/api/beneficiaries/\(family.cora)", token: family.owner.token)
            #expect(deleted.status == .conflict)
            #expect(try deleted.apiError.code == "beneficiary_in_wish_round")
            let first = try #require(round.participants.first)
            let second = try #require(round.participants.last)
            let removed = try await app.api(
                .DELETE, "/api/wish-rounds/\(round.id)/participants/\(first.participantId)", token: family.owner.token)
            #expect(removed.status == .noContent)
            let refused = try await app.api(
                .DELETE, "/api/wish-rounds/\(round.id)/participants/\(second.participantId)", token: family.owner.token)
            #expect(refused.status == .conflict)
            #expect(try refused.apiError.code == "too_few_participants")
        }
    }
}

@Suite("Wish rounds: taking part through an account")
struct WishAccountTests {
    @Test("a member who is a participant finds the round on Home and opens their page without the emailed link")
    func throughTheirAccount() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given Anna is also a member of the household, invited at the same (so proved) email address
            let family = try await WishFamily.make(app)
            let anna = try await app.addMember(
                role: "viewer", by: family.owner, name: "Anna Hart", email: "anna@example.com", proved: true)
            let round = try await family.draft(app, closesOn: WishRoundAPITests.day(clock, plus: 7))
            _ = try await family.open(app, round)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": anna.email, "password": anna.password])
            // when she signs in
            let home = try await browser.get("/")
            // then Home offers her page, which opens as hers
            #expect(home.body.string.contains("asks what you would like of “Mother’s things”"))
            let opened = try await browser.get("/wish-rounds/\(round.id)/take-part")
            #expect(opened.status == .seeOther)
            let page = try await browser.get("/w")
            #expect(page.status == .ok)
            #expect(page.body.string.contains("Dear Anna Hart"))
            // and someone who does not take part finds nothing
            let ben = try await app.addMember(
                role: "editor", by: family.owner, name: "Ed", email: "ed@example.com", proved: true)
            let other = WebSession(app: app)
            _ = try await other.post("/login", ["email": ben.email, "password": ben.password])
            #expect(try await other.get("/wish-rounds/\(round.id)/take-part").status == .notFound)
        }
    }
}

@Suite("Wish rounds: values only when the organiser shows them")
struct WishValueTests {
    @Test("without values shown, a participant reads no value, on the API or the page; the organiser still does")
    func valuesHidden() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a round whose organiser chose not to show values
            let family = try await WishFamily.make(app)
            let created = try await app.api(
                .POST, "/api/wish-rounds", token: family.owner.token,
                json: [
                    "title": "Mother’s things", "method": "points", "showValues": false,
                    "closesOn": WishRoundAPITests.day(clock, plus: 7),
                    "participants": [["beneficiaryId": family.anna], ["beneficiaryId": family.ben]],
                ])
            let round = try created.decoded(Components.Schemas.WishRound.self)
            _ = try await app.api(.POST, "/api/wish-rounds/\(round.id)/open", token: family.owner.token)
            let link = try await app.wishLinkToken(for: "anna@example.com", owner: family.owner)
            // when Anna reads her sheet and her page
            let session = try await app.api(.POST, "/api/wish-session", json: ["token": link])
            let sheet = try await app.wishes(try session.decoded(Components.Schemas.TokenExchange.self).token)
            let browser = WebSession(app: app)
            _ = try await browser.get("/w/\(link)")
            let page = try await browser.get("/w")
            // then no value is there, while the organiser sees the piano's
            #expect(sheet.things.allSatisfy { $0.value == nil })
            #expect(page.status == .ok)
            #expect(!page.body.string.contains("Estimated value"))
            #expect(!page.body.string.contains("2,500"))
            #expect(round.things.first { $0.title == "Piano" }?.value == "2500.00")
        }
    }
}
