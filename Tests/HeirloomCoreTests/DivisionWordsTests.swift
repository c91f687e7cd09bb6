import Foundation
import HeirloomCore
import Testing

@Suite("A division in plain words: each thing's reason, and the statement on the whole")
struct DivisionWordsTests {
    let tom = UUID()
    let anna = UUID()
    let lily = UUID()
    let clock = DivisionInput.Thing(id: UUID(), title: "Clock", value: 120_000)
    let piano = DivisionInput.Thing(id: UUID(), title: "Piano", value: 80_000)
    let vase = DivisionInput.Thing(id: UUID(), title: "Vase")
    let quilt = DivisionInput.Thing(id: UUID(), title: "Quilt", value: 5_000)

    func reasons(_ result: DivisionResult) -> [String] { result.placements.map(\.reason) }

    /// Tom gives the clock more points than Anna does, and the vase most of his.
    func pointsRound(things: [DivisionInput.Thing]) -> DivisionInput {
        DivisionInput(
            method: .points,
            participants: [
                .init(id: anna, name: "Anna", points: [clock.id: 400, vase.id: 300, piano.id: 300]),
                .init(id: tom, name: "Tom", points: [clock.id: 500, vase.id: 500]),
            ], things: things)
    }

    @Test("the draft says who wanted what, whose turn came, and what came by value")
    func draftReasons() throws {
        // given: Tom and Anna both want the clock; Lily gave no order; Tom goes first
        let input = DivisionInput(
            method: .draft,
            participants: [
                .init(id: tom, name: "Tom", ranking: [clock.id, piano.id]),
                .init(id: anna, name: "Anna", ranking: [clock.id, vase.id]),
                .init(id: lily, name: "Lily"),
            ], things: [clock, piano, vase, quilt], order: [tom, anna, lily])
        // when
        let result = DivisionPlan.divide(input)
        // then
        #expect(result.placements.map(\.participantID) == [tom, lily, anna, lily])
        #expect(result.placements.map(\.turn) == [1, 3, 2, 4])
        #expect(
            reasons(result) == [
                "You and Anna both wanted it; you chose it first, in turn 1.",
                "You gave no order of your own, so in turn 3 it came to you as the most valuable thing left; "
                    + "Tom wanted it, but had not chosen it yet.",
                "You and Tom both wanted “Clock”; it went to Tom in turn 1. "
                    + "You chose this, your second choice, in turn 2.",
                "No one asked for it; it came to you in turn 4 as the most valuable thing left.",
            ])
        #expect(result.drawOrder == [tom, anna, lily])
        #expect(
            result.statement
                == "Everyone chose in turn, in the order the organiser set, going back and forth so no one is "
                + "favoured. By the orders everyone gave, nobody would rather have someone else's share once one "
                + "thing is taken from it.")
        #expect(result.envyFreeUpToOne)
        #expect(!result.paretoChecked, "the piano could go to Tom, and Lily, who ranked nothing, would lose nothing")
        // and the values: 205,000 in all, a third each
        #expect(result.shares.map(\.value) == [120_000, 0, 85_000])
        #expect(result.shares.map(\.entitlementValue) == [68_334, 68_333, 68_333])
        #expect(
            result.settlement == [
                .init(from: tom, to: anna, amount: 51_666), .init(from: lily, to: anna, amount: 16_667),
            ])
    }

    @Test("a drawn order names its seed, and the first choice nobody else wanted says so")
    func drawnDraft() {
        let input = DivisionInput(
            method: .draft,
            participants: [.init(id: tom, name: "Tom", ranking: [quilt.id]), .init(id: anna, name: "Anna")],
            things: [quilt], seed: 1234)
        let result = DivisionPlan.divide(input)
        #expect(result.statement.hasPrefix("Everyone chose in turn, in an order drawn by lot (seed 1234), going back"))
        #expect(reasons(result) == ["You ranked it first and no one else asked for it."])
    }

    @Test("points say who gave more, and why a thing went to someone who gave it fewer")
    func pointsReasons() {
        // given: Tom gave the clock more points than Anna, but the clock makes up more of Anna's share
        let input = pointsRound(things: [clock, vase, piano, quilt])
        // when
        let result = DivisionPlan.divide(input)
        // then
        #expect(result.placements.map(\.participantID) == [anna, tom, anna, anna])
        #expect(
            reasons(result) == [
                "Tom gave it more points, but it evens out the shares: it is a bigger part of your share, by your "
                    + "points, than it would be of Tom's, by Tom's points.",
                "You gave it 500 points, more than anyone else.",
                "You gave it 300 points and no one else asked for it.",
                "No one gave it any points, so it could go to anyone; it came to you.",
            ])
        #expect(result.envyFreeUpToOne && result.paretoChecked)
        #expect(result.drawOrder.isEmpty)
    }

    @Test("where the most even division is not fair for the size of each share, the reasons say what decided")
    func fairnessFirst() {
        // given: Anna has a fifth of the estate and asks more than Tom for what he asks for
        let input = DivisionInput(
            method: .points,
            participants: [
                .init(id: anna, name: "Anna", share: 1, points: [clock.id: 47, vase.id: 240, piano.id: 251]),
                .init(id: tom, name: "Tom", share: 4, points: [vase.id: 70, piano.id: 60]),
            ], things: [clock, vase, piano, quilt])
        // when
        let result = DivisionPlan.divide(input)
        // then
        #expect(result.placements.map(\.participantID) == [anna, tom, anna, anna])
        #expect(
            reasons(result) == [
                "You gave it 47 points and no one else asked for it.",
                "Anna gave it more points, but it came to you as part of the most even division that is fair for "
                    + "the size of each share.",
                "You gave it 251 points, more than anyone else.",
                "No one gave it any points, so it could go to anyone; it came to you.",
            ])
        #expect(result.envyFreeUpToOne && result.paretoChecked)
    }

    @Test("moving everything to one person by hand is no longer envy-free, and the statement says why")
    func handMoveBreaksEF1() {
        // given
        let input = pointsRound(things: [clock, vase, piano])
        let base = DivisionPlan.divide(input)
        // when
        let adjusted = DivisionPlan.adjust(
            input, base: base, owners: [clock.id: tom, vase.id: tom, piano.id: tom])
        // then
        #expect(!adjusted.envyFreeUpToOne && !adjusted.paretoChecked)
        #expect(adjusted.placements.map(\.movedByHand) == [true, false, true])
        #expect(adjusted.placements[0].reason == "Moved to you by hand by the organiser.")
        #expect(
            adjusted.statement
                == "After the changes by hand, Anna would rather have Tom's share even without any one thing of it, "
                + "so the division is no longer envy-free up to one thing. Also, someone could be better off with "
                + "nobody worse off: “Piano” could go to Anna.")
    }

    @Test("with unequal shares the statement speaks of the size of each share")
    func unequalShares() {
        let input = DivisionInput(
            method: .points,
            participants: [
                .init(id: anna, name: "Anna", share: 2, points: [clock.id: 600, vase.id: 400]),
                .init(id: tom, name: "Tom", share: 1, points: [piano.id: 1_000]),
            ], things: [clock, vase, piano])
        let result = DivisionPlan.divide(input)
        #expect(
            result.statement
                == "For the size of their share, nobody would rather have someone else's share once one thing is "
                + "taken from it, and no exchange could make anyone better off without making someone worse off.")
        #expect(result.shares.map(\.entitlementValue) == [133_333, 66_667])
    }
}
