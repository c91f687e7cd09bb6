import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Wish rounds: the draft taken live, one turn at a time")
struct LiveDraftAPITests {
    @Test("each picks in turn when emailed; the hub picks for whoever runs out of time; the last pick divides")
    func liveDraft() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a live draft (a day a turn) over the five things, with Anna's and Ben's first wishes
            let family = try await WishFamily.make(app)
            let created = try await app.api(
                .POST, "/api/wish-rounds", token: family.owner.token,
                json: [
                    "title": "Mother’s things", "method": "draft", "live": true, "turnHours": 24,
                    "closesOn": WishRoundAPITests.day(clock, plus: 7),
                    "participants": [family.anna, family.ben, family.cora].map { ["beneficiaryId": $0] },
                ])
            #expect(created.status == .created, "\(created.body.string)")
            let round = try created.decoded(Components.Schemas.WishRound.self)
            #expect(round.live == true)
            let sessions = try await family.open(app, round)
            let clockID = family.things["Clock"]!
            let piano = family.things["Piano"]!
            _ = try await app.putWishes(sessions["Anna Hart"]!, [["thingId": clockID, "rank": 1]])
            _ = try await app.putWishes(sessions["Ben Hart"]!, [["thingId": piano, "rank": 1]])
            _ = try await app.api(.POST, "/api/wish-rounds/\(round.id)/close", token: family.owner.token)
            let id = { (name: String) in round.participants.first { $0.name == name }!.participantId }
            // when the turns begin, Ben first
            let begun = try await app.api(
                .POST, "/api/wish-rounds/\(round.id)/divide", token: family.owner.token,
                json: ["order": [id("Ben Hart"), id("Anna Hart"), id("Cora Hart")]])
            // then Ben is told it is his turn, and only he may pick
            #expect(begun.status == .accepted, "\(begun.body.string)")
            #expect(try begun.decoded(Components.Schemas.WishRound.self).liveDraft?.turnName == "Ben Hart")
            let turns = try await app.outbox(family.owner).messages.filter { $0.purpose == "wishTurn" }
            #expect(turns.map(\.toEmail) == ["ben@example.com"])
            let early = try await app.api(
                .POST, "/api/wishes/pick", token: sessions["Anna Hart"]!, json: ["thingId": clockID])
            #expect(early.status == .conflict)
            #expect(try early.apiError.code == "not_your_turn")
            let ben = try await app.api(
                .POST, "/api/wishes/pick", token: sessions["Ben Hart"]!, json: ["thingId": piano])
            #expect(ben.status == .ok, "\(ben.body.string)")
            // and Anna, next, cannot take what is gone
            let annaSheet = try await app.wishes(sessions["Anna Hart"]!)
            #expect(annaSheet.live?.yourTurn == true)
            #expect(annaSheet.live?.taken == [piano])
            let gone = try await app.api(
                .POST, "/api/wishes/pick", token: sessions["Anna Hart"]!, json: ["thingId": piano])
            #expect(gone.status == .unprocessableEntity)
            let anna = try await app.api(
                .POST, "/api/wishes/pick", token: sessions["Anna Hart"]!, json: ["thingId": clockID])
            #expect(anna.status == .ok, "\(anna.body.string)")
            // when Cora lets both her turns run out
            for _ in 0..<2 {
                clock.advance(by: 25 * 3_600)
                try await app.runScheduler()
            }
            // then the hub chose the most valuable things left for her, and it is Anna's turn again
            let now = try await app.wishRound(round.id, token: family.owner.token)
            #expect(now.liveDraft?.picks.filter(\.byHub).count == 2)
            #expect(now.liveDraft?.turnName == "Anna Hart")
            #expect(
                Set(now.liveDraft?.picks.filter(\.byHub).map(\.thingId) ?? []) == [
                    family.things["Rocking chair"]!, family.things["Quilt"]!,
                ])
            // when Anna takes the last thing
            let last = try await app.api(
                .POST, "/api/wishes/pick", token: sessions["Anna Hart"]!, json: ["thingId": family.plates])
            #expect(last.status == .ok, "\(last.body.string)")
            // then the round is divided, with each reason in words
            #expect(try await app.wishRound(round.id, token: family.owner.token).state == .divided)
            let division = try await app.api(.GET, "/api/wish-rounds/\(round.id)/division", token: family.owner.token)
            let shares = try division.decoded(Components.Schemas.WishDivision.self).shares
            let reasons = Dictionary(uniqueKeysWithValues: shares.flatMap(\.things).map { ($0.thingId, $0.reason) })
            #expect(reasons[piano] == "Shared out by turns: Ben Hart chose it in turn 1.")
            #expect(reasons[family.things["Quilt"]!]?.contains("when their time ran out") == true)
            let confirmed = try await app.api(.POST, "/api/wish-rounds/\(round.id)/confirm", token: family.owner.token)
            #expect(confirmed.status == .ok, "\(confirmed.body.string)")
        }
    }

    @Test("only a draft can be taken live, with turns of an hour to two weeks")
    func onlyDrafts() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await WishFamily.make(app)
            for (method, hours, field) in [("points", 24, "live"), ("draft", 0, "turnHours")] {
                let response = try await app.api(
                    .POST, "/api/wish-rounds", token: family.owner.token,
                    json: [
                        "title": "Mother’s things", "method": method, "live": true, "turnHours": hours,
                        "closesOn": WishRoundAPITests.day(clock, plus: 7),
                        "participants": [["beneficiaryId": family.anna], ["beneficiaryId": family.ben]],
                    ])
                #expect(
                    response.status == .unprocessableEntity || response.status == .badRequest, "\(response.body.string)"
                )
                if response.status == .unprocessableEntity { #expect(try response.apiError.field == field) }
            }
        }
    }
}
