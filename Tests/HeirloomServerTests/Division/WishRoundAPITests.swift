import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Wish rounds: from the invitations to confirmed designations, through the API")
struct WishRoundAPITests {
    static func day(_ clock: TestClock, plus days: Int) -> String {
        Day(clock.now.addingTimeInterval(Double(days) * 86_400), in: .current).text
    }

    @Test("the family says what they would like through their links, and the confirmed division leaves each thing")
    func wholeRound() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a round over the default group: four items and the set, never the brooch left to Anna
            let family = try await WishFamily.make(app)
            let round = try await family.draft(app, closesOn: Self.day(clock, plus: 7))
            #expect(round.state == .draft)
            #expect(Set(round.things.map(\.title)) == ["Clock", "Piano", "Rocking chair", "Quilt", "The good plates"])
            #expect(round.things.first { $0.title == "The good plates" }?.kind == .set)
            #expect(round.things.first { $0.title == "The good plates" }?.value == "100.00")
            // when it opens, each child is invited and answers through their own link
            let sessions = try await family.open(app, round)
            let invitations = try await app.outbox(family.owner).messages.filter { $0.purpose == "wishInvitation" }
            #expect(invitations.count == 3)
            let clockID = try #require(family.things["Clock"])
            let piano = try #require(family.things["Piano"])
            let sheet = try await app.wishes(sessions["Anna Hart"]!)
            #expect(sheet.things.count == 5)
            #expect(sheet.budget == 1_000)
            #expect(sheet.wishes.isEmpty)
            let anna = try await app.putWishes(
                sessions["Anna Hart"]!,
                [
                    ["thingId": clockID, "points": 700, "reason": "It ticked through every Sunday lunch."],
                    ["thingId": piano, "points": 300],
                ])
            #expect(anna.status == .ok, "\(anna.body.string)")
            let ben = try await app.putWishes(sessions["Ben Hart"]!, [["thingId": piano, "points": 1_000]])
            #expect(ben.status == .ok, "\(ben.body.string)")
            // then the organiser sees who has answered, never what
            let waiting = try await app.api(.GET, "/api/wish-rounds/\(round.id)", token: family.owner.token)
            #expect(!waiting.body.string.contains("Sunday lunch"))
            let answered = try waiting.decoded(Components.Schemas.WishRound.self).participants
            #expect(answered.filter(\.answered).map(\.name).sorted() == ["Anna Hart", "Ben Hart"])
            // and a participant reads only their own wishes
            #expect(try await app.wishes(sessions["Ben Hart"]!).wishes.map(\.thingId) == [piano])
            // when the round closes and is divided
            let closed = try await app.api(.POST, "/api/wish-rounds/\(round.id)/close", token: family.owner.token)
            #expect(closed.status == .ok, "\(closed.body.string)")
            let divided = try await app.api(
                .POST, "/api/wish-rounds/\(round.id)/divide", token: family.owner.token, json: ["seed": 42])
            #expect(divided.status == .created, "\(divided.body.string)")
            let division = try divided.decoded(Components.Schemas.WishDivision.self)
            // then the clock goes to Anna and the piano to Ben; Cora, who never answered, still gets a share
            func owner(_ thing: String) -> String? {
                division.shares.first { $0.things.contains { $0.thingId == thing } }?.name
            }
            #expect(owner(clockID) == "Anna Hart")
            #expect(owner(piano) == "Ben Hart")
            #expect(division.shares.first { $0.name == "Cora Hart" }?.things.isEmpty == false)
            #expect(division.fairness.envyFreeUpToOne)
            #expect(division.fairness.paretoChecked)
            #expect(!division.fairness.statement.isEmpty)
            #expect(division.shares.allSatisfy { $0.things.allSatisfy { !$0.reason.isEmpty } })
            // and the organiser reads each reason in words, never anyone's points
            #expect(division.shares.allSatisfy { $0.things.allSatisfy { !$0.reason.contains("points") } })
            #expect(division.seed == 42)
            // when the organiser moves the quilt by hand
            let quilt = try #require(family.things["Quilt"])
            let cora = try #require(division.shares.first { $0.name == "Cora Hart" }?.participantId)
            let annaID = try #require(division.shares.first { $0.name == "Anna Hart" }?.participantId)
            let target = owner(quilt) == "Anna Hart" ? cora : annaID
            let adjusted = try await app.api(
                .PATCH, "/api/wish-rounds/\(round.id)/division", token: family.owner.token,
                json: ["moves": [["thingId": quilt, "toParticipantId": target]]])
            #expect(adjusted.status == .ok, "\(adjusted.body.string)")
            let after = try adjusted.decoded(Components.Schemas.WishDivision.self)
            #expect(after.runs.count == 2)
            #expect(after.runs.last?.adjusted == true)
            #expect(
                after.shares.first { $0.participantId == target }?.things.first { $0.thingId == quilt }?.movedByHand
                    == true)
            // and confirms it
            let confirmed = try await app.api(.POST, "/api/wish-rounds/\(round.id)/confirm", token: family.owner.token)
            #expect(confirmed.status == .ok, "\(confirmed.body.string)")
            #expect(try confirmed.decoded(Components.Schemas.WishRound.self).state == .confirmed)
            // then each thing is left to its person, the set's items with it, and the items are legacy now
            let links = try await ItemBeneficiary.query(on: app.db).with(\.$beneficiary).with(\.$item).all()
            let clockLink = try #require(links.first { $0.$item.id.text == clockID })
            #expect(clockLink.beneficiary.name == "Anna Hart")
            #expect(clockLink.permission == .uponPassing)
            #expect(links.filter { ["Blue plate", "White plate"].contains($0.item.name) }.count == 2)
            #expect(links.first { $0.$item.id.text == clockID }?.item.disposition.value == .legacy)
            // and the round's reason has its own field: the holder's message stays hers
            #expect(clockLink.personalMessage == nil)
            #expect(clockLink.divisionReason?.contains("700 points") == true)
            // and everyone is emailed and reads why
            let results = try await app.outbox(family.owner).messages.filter { $0.purpose == "wishResult" }
            #expect(results.count == 3)
            let result = try await app.api(.GET, "/api/wishes/result", token: sessions["Anna Hart"]!)
            #expect(result.status == .ok, "\(result.body.string)")
            let share = try result.decoded(Components.Schemas.WishResult.self)
            #expect(share.things.contains { $0.thingId == clockID && !$0.reason.isEmpty })
            #expect(!share.statement.isEmpty)
            // and nobody can change anything any more
            let late = try await app.putWishes(sessions["Cora Hart"]!, [["thingId": piano, "points": 10]])
            #expect(late.status == .conflict)
            #expect(try late.apiError.code == "round_closed")
        }
    }

    @Test("an executor organises a round once the estate is released, and the things are the heirs' at once")
    func executorAfterRelease() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let family = try await WishFamily.make(app)
            let executor = try await app.executorSession(family.owner)
            // when the estate is not released
            let early = try await app.api(.GET, "/api/wish-rounds", token: executor)
            // then the trusted contact is told why
            #expect(early.status == .conflict)
            #expect(try early.apiError.code == "not_released")
            // when it is
            let report = try await app.api(
                .POST, "/api/executor/report", token: executor, json: ["dateOfPassing": Self.day(clock, plus: 0)])
            #expect(report.status == .ok, "\(report.body.string)")
            clock.advance(by: 14 * 86_400 + 1)
            try await app.runScheduler()
            let round = try await family.draft(
                app, method: "draft", closesOn: Self.day(clock, plus: 5), token: executor)
            #expect(round.organiser == "Mary Jones")
            let sessions = try await family.open(app, round, token: executor)
            let ranked = try await app.putWishes(
                sessions["Ben Hart"]!, [["thingId": family.things["Piano"]!, "rank": 1]])
            #expect(ranked.status == .ok, "\(ranked.body.string)")
            clock.advance(by: 6 * 86_400)
            try await app.runScheduler()
            // Ben takes the first turn, in an order the trusted contact sets
            let order = ["Ben Hart", "Anna Hart", "Cora Hart"].compactMap { name in
                round.participants.first { $0.name == name }?.participantId
            }
            let divided = try await app.api(
                .POST, "/api/wish-rounds/\(round.id)/divide", token: executor, json: ["order": order])
            #expect(divided.status == .created, "\(divided.body.string)")
            let division = try divided.decoded(Components.Schemas.WishDivision.self)
            #expect(division.drawOrder == order)
            // and she reads who receives what, never what it is worth
            #expect(division.shares.allSatisfy { $0.value == nil && $0.entitlementValue == nil })
            #expect(division.shares.allSatisfy { $0.things.allSatisfy { $0.value == nil } })
            let confirmed = try await app.api(.POST, "/api/wish-rounds/\(round.id)/confirm", token: executor)
            #expect(confirmed.status == .ok, "\(confirmed.body.string)")
            // then Ben's piano is his now, to see at once
            let piano = try #require(
                try await ItemBeneficiary.query(on: app.db).with(\.$beneficiary).all()
                    .first { $0.$item.id.text == family.things["Piano"] })
            #expect(piano.beneficiary.name == "Ben Hart")
            #expect(piano.permission == .immediate)
            let audit = try await AuditEntry.query(on: app.db).all().map(\.event)
            #expect(audit.contains("wishRoundConfirmed"))
        }
    }

    @Test("those who have not answered are reminded two days before the close, once")
    func reminders() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let family = try await WishFamily.make(app)
            let round = try await family.draft(app, closesOn: Self.day(clock, plus: 4))
            let sessions = try await family.open(app, round)
            _ = try await app.putWishes(sessions["Anna Hart"]!, [["thingId": family.things["Clock"]!, "points": 5]])
            // when the scheduler runs early, then close to the end
            try await app.runScheduler()
            let early = try await app.outbox(family.owner).messages.filter { $0.purpose == "wishReminder" }
            clock.advance(by: 3 * 86_400)
            try await app.runScheduler()
            try await app.runScheduler()
            // then Ben and Cora are reminded once each, and Anna not at all
            let reminders = try await app.outbox(family.owner).messages.filter { $0.purpose == "wishReminder" }
            #expect(early.isEmpty)
            #expect(reminders.map(\.toEmail).sorted() == ["ben@example.com", "cora@example.com"])
            // and after the close the round reads closed, wishes are refused
            clock.advance(by: 2 * 86_400)
            try await app.runScheduler()
            #expect(try await app.wishRound(round.id, token: family.owner.token).state == .closed)
            let late = try await app.putWishes(sessions["Ben Hart"]!, [])
            #expect(late.status == .conflict)
        }
    }
}
