import Foundation
import HeirloomCore
import PropertyBased
import Testing

@Suite("A division as proposed and adjusted: placements, shares, settlement, fairness in flags and words")
struct DivisionPlanTests {
    @Test("every thing is placed once, and the values, entitlements, differences and settlement add up")
    func everythingAddsUp() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000_000)) { seed in
            // given
            let plan = GeneratedPlan(seed: seed)
            let input = plan.input
            // when
            let result = DivisionPlan.divide(input)
            // then
            #expect(result.placements.map(\.thingID) == input.things.map(\.id), "\(seed)")
            #expect(result.shares.map(\.participantID) == input.participants.map(\.id), "\(seed)")
            let shared = result.shares.flatMap(\.thingIDs)
            #expect(shared.count == input.things.count && Set(shared) == Set(input.things.map(\.id)), "\(seed)")
            let total = input.things.reduce(Int64(0)) { $0 + ($1.value ?? 0) }
            #expect(result.shares.reduce(0) { $0 + $1.value } == total, "\(seed)")
            #expect(result.shares.reduce(0) { $0 + $1.entitlementValue } == total, "\(seed)")
            #expect(result.shares.reduce(0) { $0 + $1.difference } == 0, "\(seed)")
            #expect(result.shares.allSatisfy { $0.difference == $0.value - $0.entitlementValue })
            #expect(result.settlement.count < input.participants.count, "\(seed)")
            #expect(result.settlement.allSatisfy { $0.amount > 0 && $0.from != $0.to }, "\(seed)")
            for share in result.shares {
                let paid = result.settlement.filter { $0.from == share.participantID }.reduce(0) { $0 + $1.amount }
                let received = result.settlement.filter { $0.to == share.participantID }.reduce(0) { $0 + $1.amount }
                #expect(paid - received == share.difference, "\(seed)")
            }
            for placement in result.placements {
                #expect(!placement.reason.isEmpty && !placement.movedByHand)
                #expect((placement.turn != nil) == (input.method == .draft), "\(seed)")
            }
            #expect(DivisionPlan.divide(input) == result, "the same input gives the same division (\(seed))")
        }
    }

    @Test("every points division is weighted EF1 with no Pareto-improving move or swap, and says so")
    func pointsAreFair() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000_000)) { seed in
            let plan = GeneratedPlan(seed: seed, method: .points, maxThings: 20, maxPeople: 5)
            let result = DivisionPlan.divide(plan.input)
            #expect(result.envyFreeUpToOne, "\(seed)")
            #expect(result.paretoChecked, "\(seed)")
            #expect(result.drawOrder.isEmpty)
            let fair =
                "obody would rather have someone else's share once one thing is taken from it, and no exchange "
                + "could make anyone better off without making someone worse off."
            #expect(result.statement == (plan.equalShares ? "N" + fair : "For the size of their share, n" + fair))
        }
    }

    @Test("the flags are the checks' answers on the values, and weighted EF1 holds for either method and any shares")
    func flagsAreTheChecks() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000_000)) { seed in
            let plan = GeneratedPlan(seed: seed)
            let result = DivisionPlan.divide(plan.input)
            let owners = plan.owners(result)
            let ef1 = DivisionChecks.isWeightedEF1(owners, values: plan.values, weights: plan.weights)
            #expect(result.envyFreeUpToOne == ef1, "\(seed)")
            #expect(result.paretoChecked == !DivisionChecks.hasParetoImprovingMove(owners, values: plan.values))
            // Both methods are weighted EF1 by construction; the draft does not promise Pareto optimality.
            #expect(ef1, "\(seed)")
            if plan.input.method == .points { #expect(result.paretoChecked, "\(seed)") }
        }
    }

    @Test("the draft takes turns in the drawn order, each pick the picker's highest-ranked thing left")
    func draftKeepsTheTurns() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000_000)) { seed in
            let plan = GeneratedPlan(seed: seed, method: .draft, maxThings: 20, maxPeople: 5)
            let input = plan.input
            let result = DivisionPlan.divide(input)
            let ids = input.participants.map(\.id)
            if input.order == nil {
                let drawn = DraftDivision.drawOrder(participants: ids.count, seed: input.seed)
                #expect(result.drawOrder == drawn.map { ids[$0] }, "\(seed)")
            } else {
                #expect(result.drawOrder == input.order, "\(seed)")
            }
            let turns = DraftDivision.turns(
                order: result.drawOrder.map { ids.firstIndex(of: $0)! }, shares: input.participants.map(\.share),
                count: input.things.count)
            let byTurn = result.placements.sorted { $0.turn! < $1.turn! }
            #expect(byTurn.map(\.turn) == Array(1...input.things.count), "\(seed)")
            var left = Set(input.things.map(\.id))
            for placement in byTurn {
                let picker = ids.firstIndex(of: placement.participantID)!
                #expect(turns[placement.turn! - 1] == picker, "\(seed)")
                let wanted = input.participants[picker].ranking.first { left.contains($0) }
                // With nothing ranked left: the most valuable thing left, the earlier in the round of equals.
                let remaining = input.things.filter { left.contains($0.id) }
                let fallback = remaining.reduce(remaining[0]) { ($1.value ?? 0) > ($0.value ?? 0) ? $1 : $0 }
                #expect(placement.thingID == wanted ?? fallback.id, "\(seed)")
                left.remove(placement.thingID)
            }
        }
    }

    @Test("adjusting to the proposal's own owners changes nothing")
    func adjustingToTheProposal() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...1_000_000_000)) { seed in
            let plan = GeneratedPlan(seed: seed)
            let result = DivisionPlan.divide(plan.input)
            let owners = Dictionary(uniqueKeysWithValues: result.placements.map { ($0.thingID, $0.participantID) })
            #expect(DivisionPlan.adjust(plan.input, base: result, owners: owners) == result, "\(seed)")
        }
    }

    @Test("a move by hand is judged again, and what it breaks is said")
    func movesByHandAreJudged() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000_000)) { seed in
            // given: a proposal, and a few things moved to someone else
            let plan = GeneratedPlan(seed: seed)
            let base = DivisionPlan.divide(plan.input)
            var random = SplitMix64(seed: UInt64(seed))
            var owners = Dictionary(uniqueKeysWithValues: base.placements.map { ($0.thingID, $0.participantID) })
            let ids = plan.input.participants.map(\.id)
            for _ in 0..<(1 + random.next() % 3) {
                let thing = plan.input.things[Int(random.next() % UInt64(plan.input.things.count))].id
                owners[thing] = ids[Int(random.next() % UInt64(ids.count))]
            }
            let moved = Set(base.placements.filter { owners[$0.thingID] != $0.participantID }.map(\.thingID))
            // when
            let adjusted = DivisionPlan.adjust(plan.input, base: base, owners: owners)
            // then
            #expect(adjusted.placements.map(\.participantID) == plan.input.things.map { owners[$0.id]! })
            for (placement, before) in zip(adjusted.placements, base.placements) {
                if moved.contains(placement.thingID) {
                    #expect(placement.movedByHand && placement.turn == nil)
                    #expect(placement.reason == "Moved to you by hand by the organiser.")
                } else {
                    #expect(placement == before, "\(seed)")
                }
            }
            let values = plan.values
            let ef1 = DivisionChecks.isWeightedEF1(plan.owners(adjusted), values: values, weights: plan.weights)
            #expect(adjusted.envyFreeUpToOne == ef1, "\(seed)")
            #expect(
                adjusted.paretoChecked == !DivisionChecks.hasParetoImprovingMove(plan.owners(adjusted), values: values))
            if moved.isEmpty { return }
            #expect(adjusted.statement.hasPrefix("After the changes by hand, "), "\(seed)")
            #expect(adjusted.statement.contains("envy-free up to one thing") == !ef1, "\(seed)")
            if plan.input.method == .points {
                #expect(
                    adjusted.statement.contains("someone could be better off with nobody worse off")
                        == !adjusted.paretoChecked, "\(seed)")
            }
        }
    }
}
