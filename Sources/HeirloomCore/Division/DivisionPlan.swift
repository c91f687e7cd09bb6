import Foundation

/// A wish round's division as the hub proposes it and the organiser adjusts it: who receives what and why, each
/// share next to its entitlement, the settlement in appraised values, and whether the whole is fair.
///
/// Fairness is judged by the participants' own values: for points, the points they gave (no points: every thing
/// alike); for the draft, their orders, a k-th choice out of n things being worth n - k + 1 and a thing they did not
/// rank 0. The draft is envy-free up to one thing by those values by construction: going back and forth with equal
/// entitlements (each participant's i-th pick came before the other's (i+1)-th, and each pick was the best thing
/// left), and weighted by entitlement in `DraftDivision.turns`' order with unequal ones (Chakraborty et al. 2021).
/// Pareto optimality the draft does not promise: it is checked.
public enum DivisionPlan {
    /// Proposes a division. Draft: the order drawn with `seed` unless `order` is set, turns by `DraftDivision.turns`,
    /// each turn the participant's highest-ranked thing left, or with none left the most valuable thing left (the
    /// earlier in the round of equals). Points: `NashDivision` on the points; participants who gave no points value
    /// every thing alike. With no participants there is nothing to place, and the result is empty.
    public static func divide(_ input: DivisionInput) -> DivisionResult {
        guard !input.participants.isEmpty else { return empty(input) }
        let proposal: Proposal
        switch input.method {
        case .draft: proposal = draft(input)
        case .points: proposal = points(input)
        }
        let fairness = Fairness(input, owners: proposal.owners)
        let statement = DivisionStatement(input: input, fairness: fairness).proposal()
        return result(
            input, owners: proposal.owners, placements: proposal.placements, fairness: fairness,
            drawOrder: proposal.order.map { input.participants[$0].id }, statement: statement)
    }

    /// The division after the organiser moved things by hand. `owners` maps each thing id to a participant id; a
    /// thing it leaves out, or gives to someone outside the round, stays where `base` (the division it came from)
    /// has it. Things where `base` has them keep its reason and turn; moved things say so. Fairness is judged again,
    /// and the statement names what no longer holds.
    public static func adjust(_ input: DivisionInput, base: DivisionResult, owners: [UUID: UUID]) -> DivisionResult {
        guard !input.participants.isEmpty else { return empty(input) }
        let people = input.participantIndex
        var kept: [UUID: DivisionResult.Placement] = [:]
        for placement in base.placements where kept[placement.thingID] == nil { kept[placement.thingID] = placement }
        var placements: [DivisionResult.Placement] = []
        var indices: [Int] = []
        for thing in input.things {
            let was = kept[thing.id].flatMap { people[$0.participantID] }
            let chosen = owners[thing.id].flatMap { people[$0] }
            switch (was, chosen) {
            case (let was?, let chosen) where chosen == nil || chosen == was:
                placements.append(kept[thing.id]!)
                indices.append(was)
            case (_, let chosen?):
                placements.append(
                    .init(
                        thingID: thing.id, participantID: input.participants[chosen].id,
                        reason: "Moved to you by hand by the organiser.",
                        publicReason:
                            "Moved to \(PlainWords.name(input.participants[chosen].name)) by hand by the organiser.",
                        movedByHand: true))
                indices.append(chosen)
            default:
                // Neither the proposal nor the organiser placed it: it waits with the first participant.
                placements.append(
                    .init(
                        thingID: thing.id, participantID: input.participants[0].id,
                        reason: "It was not part of the proposal; the organiser can still move it.",
                        publicReason: "It was not part of the proposal; the organiser can still move it.",
                        movedByHand: true))
                indices.append(0)
            }
        }
        let fairness = Fairness(input, owners: indices)
        let byHand = placements.contains(where: \.movedByHand)
        let words = DivisionStatement(input: input, fairness: fairness)
        let statement =
            byHand
            ? words.adjusted(base: base, baseAdjusted: base.placements.contains(where: \.movedByHand))
            : words.proposal()
        return result(
            input, owners: indices, placements: placements, fairness: fairness,
            drawOrder: base.drawOrder, statement: statement)
    }

    /// A division before its fairness and shares are worked out.
    struct Proposal {
        var owners: [Int]
        var placements: [DivisionResult.Placement]
        /// Draft: the participant order used; points: empty.
        var order: [Int]
    }

    static func result(
        _ input: DivisionInput, owners: [Int], placements: [DivisionResult.Placement], fairness: Fairness,
        drawOrder: [UUID], statement: String
    ) -> DivisionResult {
        let shares = DivisionSettlement.shares(owners, input: input)
        return DivisionResult(
            placements: placements, shares: shares, drawOrder: drawOrder, envyFreeUpToOne: fairness.envy == nil,
            paretoChecked: fairness.improvement == nil, statement: statement,
            settlement: DivisionSettlement.transfers(shares.map(\.difference), ids: shares.map(\.participantID)))
    }

    private static func empty(_ input: DivisionInput) -> DivisionResult {
        DivisionResult(
            placements: [], shares: [], drawOrder: [], envyFreeUpToOne: true, paretoChecked: true,
            statement: "There is no one to divide the things among.", settlement: [])
    }
}

/// How a division fares by the participants' values: the first envy that one thing does not end, and the first
/// move or swap that would make someone better off with nobody worse off.
struct Fairness {
    var values: [[Double]]
    var owners: [Int]
    var envy: (person: Int, other: Int)?
    var improvement: DivisionChecks.ParetoImprovement?

    init(_ input: DivisionInput, owners: [Int]) {
        values = input.method == .points ? NashDivision.values(input.pointsMatrix) : input.rankValues
        self.owners = owners
        let weights = NashDivision.weights(input.shares, count: input.participants.count)
        envy = DivisionChecks.weightedEnvy(owners, values: values, weights: weights)
        improvement = DivisionChecks.paretoImprovement(owners, values: values)
    }
}
