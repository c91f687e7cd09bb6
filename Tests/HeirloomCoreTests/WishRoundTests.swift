import Foundation
import HeirloomCore
import PropertyBased
import Testing

@Suite("Wish rounds: the steps of a round, and the wishes it takes")
struct WishRoundTests {
    let zone = TimeZone(identifier: "Pacific/Auckland")!
    let hour: TimeInterval = 3_600

    @Test("a round closes at the end of its closing day in the household's time zone, whenever that is written down")
    func closesAtTheEndOfTheDay() throws {
        // given
        let day = try #require(Day("2031-04-06"))  // the day New Zealand's clocks go back: 25 hours long
        var round = WishRoundStatus(closingOn: day, in: zone)
        let start = day.start(in: zone)
        // then
        let nextDay = try #require(Day("2031-04-07"))
        #expect(round.closesAt == nextDay.start(in: zone))
        #expect(round.closesAt.timeIntervalSince(start) == 25 * hour)
        try round.open(at: start - 48 * hour)
        #expect(round.takesWishes(at: round.closesAt - 1))
        #expect(!round.takesWishes(at: round.closesAt))
        #expect(round.effectiveState(at: round.closesAt) == .closed)
        #expect(round.state == .open)
    }

    @Test("the steps go draft, open, closed, divided (again if need be), confirmed; anything else is refused")
    func steps() throws {
        let now = Date(timeIntervalSince1970: 1_950_000_000)
        var round = WishRoundStatus(closesAt: now + 72 * hour)
        #expect(throws: WishRoundTransitionError.notOpen) { try round.close(at: now) }
        #expect(throws: WishRoundTransitionError.notClosed) { try round.divided(at: now) }
        try round.open(at: now)
        #expect(throws: WishRoundTransitionError.notDraft) { try round.open(at: now) }
        #expect(!round.reminderDue(at: now))
        #expect(round.reminderDue(at: now + 24 * hour))
        #expect(throws: WishRoundTransitionError.notClosed) { try round.divided(at: now) }
        try round.close(at: now + hour)
        #expect(round.closesAt == now + hour)
        #expect(!round.takesWishes(at: now + hour))
        #expect(throws: WishRoundTransitionError.notDivided) { try round.confirm() }
        try round.divided(at: now + 2 * hour)
        try round.divided(at: now + 3 * hour)
        try round.confirm()
        #expect(round.state == .confirmed)
        #expect(throws: WishRoundTransitionError.notClosed) { try round.divided(at: now + 4 * hour) }
        var late = WishRoundStatus(closesAt: now)
        #expect(throws: WishRoundTransitionError.notOpen) { try late.open(at: now) }
    }

    @Test("points: within the budget, never negative; draft: each place once; never a thing outside the round")
    func wishes() throws {
        let things = (0..<3).map { _ in UUID() }
        let round = Set(things)
        let points = [
            WishInput(thingID: things[0], points: 600, reason: "  Grandpa's  "), .init(thingID: things[1], points: 400),
        ]
        let checked = try WishRules.check(points, method: .points, things: round)
        #expect(checked.first?.reason == "Grandpa's")
        #expect(checked.allSatisfy { $0.rank == nil })
        for (bad, field) in [
            ([WishInput(thingID: things[0], points: 1_001)], "points"),
            ([WishInput(thingID: things[0], points: 600), .init(thingID: things[1], points: 401)], "points"),
            ([WishInput(thingID: things[0], points: -1)], "points"),
            ([WishInput(thingID: UUID(), points: 1)], "wishes"),
            ([WishInput(thingID: things[0], points: 1), .init(thingID: things[0], points: 1)], "wishes"),
        ] {
            #expect(throws: FieldError.self) { try WishRules.check(bad, method: .points, things: round) }
            do { _ = try WishRules.check(bad, method: .points, things: round) } catch { #expect(error.field == field) }
        }
        let order = [WishInput(thingID: things[2], rank: 1), .init(thingID: things[0], rank: 2)]
        #expect(WishRules.ranking(try WishRules.check(order, method: .draft, things: round)) == [things[2], things[0]])
        for bad in [
            [WishInput(thingID: things[0], rank: 1), .init(thingID: things[1], rank: 1)],
            [WishInput(thingID: things[0], rank: 0)], [WishInput(thingID: things[0], rank: 4)],
            [WishInput(thingID: things[0])],
        ] {
            #expect(throws: FieldError.self) { try WishRules.check(bad, method: .draft, things: round) }
        }
    }

    @Test("any set of points within the budget is taken, and any over it refused")
    func budgetProperty() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...600).array(of: 0...6)) { spread in
            let wishes = spread.map { WishInput(thingID: UUID(), points: $0) }
            let round = Set(wishes.map(\.thingID))
            let total = spread.reduce(0, +)
            let accepted = (try? WishRules.check(wishes, method: .points, things: round)) != nil
            #expect(accepted == (total <= WishRules.budget))
        }
    }

    @Test("the sheet counts what is left, and a mistake gives her own numbers, as the refusal does")
    func pointsText() throws {
        #expect(WishRules.pointsText(given: 650) == "350 points left of 1,000")
        #expect(WishRules.pointsText(given: 999) == "1 point left of 1,000")
        #expect(WishRules.pointsText(given: 1_000) == "0 points left of 1,000")
        let over =
            "You gave 1,150 points, 150 more than the 1,000 you have. Take some from the things that matter less."
        #expect(WishRules.pointsText(given: 1_150) == over)
        let things = (0..<2).map { _ in UUID() }
        let wishes = [WishInput(thingID: things[0], points: 600), .init(thingID: things[1], points: 550)]
        do {
            _ = try WishRules.check(wishes, method: .points, things: Set(things))
            Issue.record("1,150 points were taken")
        } catch { #expect(error.message == over) }
        #expect(WishRules.given([Int.max, 5, nil, -3]) == Int.max)
    }
}
