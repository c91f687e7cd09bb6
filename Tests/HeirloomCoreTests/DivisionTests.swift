import Foundation
import HeirloomCore
import PropertyBased
import Testing

/// A wish round made from a seed: 2 to 4 participants, up to `maxThings` things, points with many zeros (people
/// ask for a few things), some participants with no points at all, and equal or unequal entitlements.
struct GeneratedRound {
    var values: [[Double]]
    var shares: [Double]

    init(seed: Int, maxThings: Int, maxPeople: Int = 4) {
        var random = SplitMix64(seed: UInt64(seed))
        let people = 2 + Int(random.next() % UInt64(maxPeople - 1))
        let things = 1 + Int(random.next() % UInt64(maxThings))
        values = (0..<people).map { _ in
            let silent = random.next() % 6 == 0
            return (0..<things).map { _ in silent || random.next() % 3 == 0 ? 0 : Double(1 + random.next() % 400) }
        }
        let unequal = random.next() % 2 == 0
        shares = (0..<people).map { _ in unequal ? Double(1 + random.next() % 4) : 1 }
    }

    var weights: [Double] { NashDivision.weights(shares, count: values.count) }
    var used: [[Double]] { NashDivision.values(values) }

    /// Expects `owners` to give every thing to a participant, to be weighted EF1 (only weakly, where `weakly`), and to
    /// have no move or swap that makes someone better off and nobody worse off.
    func expectFair(
        _ owners: [Int], seed: Int, weakly: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(owners.count == values[0].count, sourceLocation: sourceLocation)
        #expect(owners.allSatisfy { values.indices.contains($0) }, sourceLocation: sourceLocation)
        let fair =
            weakly
            ? DivisionChecks.isWeakWeightedEF1(owners, values: used, weights: weights)
            : DivisionChecks.isWeightedEF1(owners, values: used, weights: weights)
        #expect(fair, "\(seed)", sourceLocation: sourceLocation)
        #expect(!DivisionChecks.hasParetoImprovingMove(owners, values: used), "\(seed)", sourceLocation: sourceLocation)
    }
}

@Suite("Dividing fairly: the points method and the draft")
struct DivisionTests {
    @Test("every Nash division is EF1 (weak weighted EF1 with unequal shares), with no Pareto-improving move or swap")
    func pointsAreFair() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000_000)) { seed in
            let round = GeneratedRound(seed: seed, maxThings: 14)
            for limit in [0, NashDivision.exhaustiveLimit] {
                let owners = NashDivision.divide(values: round.values, shares: round.shares, exhaustiveLimit: limit)
                round.expectFair(owners, seed: seed, weakly: Set(round.weights).count > 1)
            }
        }
    }

    @Test("on rounds small enough to search whole, the search reaches 95 % of the best Nash welfare")
    func nearlyOptimal() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000_000)) { seed in
            let round = GeneratedRound(seed: seed, maxThings: 10, maxPeople: 3)
            let best = NashDivision.divide(values: round.values, shares: round.shares)
            let found = NashDivision.divide(values: round.values, shares: round.shares, exhaustiveLimit: 0)
            let optimum = NashDivision.welfare(best, values: round.used, weights: round.weights)
            let reached = NashDivision.welfare(found, values: round.used, weights: round.weights)
            #expect(reached.positive == optimum.positive, "\(seed)")
            // The exponents add up to the number of participants: compare the products themselves.
            #expect(exp(reached.logProduct - optimum.logProduct) >= 0.95, "\(seed)")
        }
    }

    @Test("the same round gives the same division, and the same seed the same draw")
    func deterministic() async {
        await propertyCheck(count: 25, input: Gen.int(in: 0...1_000_000_000)) { seed in
            let round = GeneratedRound(seed: seed, maxThings: 20)
            let first = NashDivision.divide(values: round.values, shares: round.shares)
            #expect(NashDivision.divide(values: round.values, shares: round.shares) == first)
            let order = DraftDivision.drawOrder(participants: 5, seed: UInt64(seed))
            #expect(order.sorted() == [0, 1, 2, 3, 4])
            #expect(DraftDivision.drawOrder(participants: 5, seed: UInt64(seed)) == order)
        }
    }

    @Test("with shares of 1 and 4 and twelve like things, the Nash division gives 2 and 10: weakly but not fully WEF1")
    func unequalShares() {
        let values = Array(repeating: Array(repeating: 1.0, count: 12), count: 2)
        let weights = NashDivision.weights([1, 4], count: 2)
        let owners = NashDivision.divide(values: values, shares: [1, 4])
        #expect(owners.filter { $0 == 0 }.count == 2)
        #expect(DivisionChecks.isWeakWeightedEF1(owners, values: values, weights: weights))
        #expect(!DivisionChecks.isWeightedEF1(owners, values: values, weights: weights))
    }

    @Test("a participant who gave no points still gets a fair share")
    func silentParticipant() {
        let values: [[Double]] = [[500, 300, 200, 0], [0, 0, 0, 0], [100, 100, 400, 400]]
        let owners = NashDivision.divide(values: values, shares: [1, 1, 1])
        #expect(owners.contains(1))
        #expect(DivisionChecks.isWeightedEF1(owners, values: NashDivision.values(values), weights: [1, 1, 1]))
    }

    @Test("the draft goes back and forth with equal shares, and in proportion with unequal ones")
    func draftTurns() {
        #expect(DraftDivision.turns(order: [2, 0, 1], shares: [1, 1, 1], count: 7) == [2, 0, 1, 1, 0, 2, 2])
        let weighted = DraftDivision.turns(order: [0, 1, 2], shares: [50, 25, 25], count: 8)
        #expect(weighted.filter { $0 == 0 }.count == 4)
        #expect(weighted.filter { $0 == 1 }.count == 2)
        #expect(weighted.first == 0)
    }

    @Test("each pick is the picker's highest-ranked thing still left")
    func draftPicks() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000_000)) { seed in
            var random = SplitMix64(seed: UInt64(seed))
            let people = 2 + Int(random.next() % 4)
            let things = Int(random.next() % 20)
            let rankings = (0..<people).map { _ in
                Array((0..<things).shuffled(using: &random).prefix(Int(random.next() % UInt64(things + 1))))
            }
            let order = DraftDivision.drawOrder(participants: people, seed: random.next())
            let turns = DraftDivision.turns(order: order, shares: Array(repeating: 1, count: people), count: things)
            let picks = DraftDivision.divide(rankings: rankings, turns: turns, things: things, fallback: [])
            #expect(picks.count == things)
            #expect(Set(picks.map(\.thing)).count == things)
            var left = Set(0..<things)
            for pick in picks {
                let wanted = rankings[pick.participant].first { left.contains($0) }
                #expect(pick.ranked == (wanted != nil))
                if let wanted { #expect(pick.thing == wanted) }
                left.remove(pick.thing)
            }
        }
    }
}
