import Foundation

/// The draft taken live (issue 30): each participant, emailed when it is their turn, picks on their page; when their
/// time runs out, the hub picks for them their highest-ranked thing left, or with none the most valuable left. The
/// turns are those of the computed draft (`DraftDivision.turns`), so both ways treat everyone alike.
public enum LiveDraft {
    /// One pick as kept: whose turn, which thing, and whether the hub chose because time ran out.
    public struct Pick: Sendable, Equatable {
        public var thingID: UUID
        public var participantID: UUID
        public var turn: Int
        public var byHub: Bool

        public init(thingID: UUID, participantID: UUID, turn: Int, byHub: Bool) {
            self.thingID = thingID
            self.participantID = participantID
            self.turn = turn
            self.byHub = byHub
        }
    }

    /// The participant order (drawn with the input's seed, or set) and who picks at each turn, by participant id.
    public static func turns(_ input: DivisionInput) -> (order: [UUID], turns: [UUID]) {
        let order = DivisionPlan.draftOrder(input)
        let turns = DraftDivision.turns(order: order, shares: input.shares, count: input.things.count)
        return (order.map { input.participants[$0].id }, turns.map { input.participants[$0].id })
    }

    /// Whose turn it is after `picks` picks, or nil when every thing is taken.
    public static func next(_ input: DivisionInput, picks: Int) -> UUID? {
        let turns = turns(input).turns
        return picks < turns.count ? turns[picks] : nil
    }

    /// What the hub picks for a participant whose time ran out: their highest-ranked thing left, else the most
    /// valuable thing left (the earlier in the round of equals); nil when nothing is left.
    public static func hubPick(_ input: DivisionInput, for participant: UUID, taken: Set<UUID>) -> UUID? {
        let left = input.things.filter { !taken.contains($0.id) }
        if let person = input.participants.first(where: { $0.id == participant }),
            let ranked = person.ranking.first(where: { id in left.contains { $0.id == id } })
        {
            return ranked
        }
        return left.enumerated().max { a, b in
            (a.element.value ?? 0, -a.offset) < (b.element.value ?? 0, -b.offset)
        }?.element.id
    }
}

extension DivisionPlan {
    /// The division a live draft made: each thing with the participant who picked it (or for whom the hub picked),
    /// its turn and why, judged as the computed draft is.
    public static func live(_ input: DivisionInput, picks: [LiveDraft.Pick]) -> DivisionResult {
        guard !input.participants.isEmpty else { return divide(input) }
        let people = input.participantIndex
        let byThing = Dictionary(picks.map { ($0.thingID, $0) }, uniquingKeysWith: { first, _ in first })
        var owners: [Int] = []
        var placements: [DivisionResult.Placement] = []
        for thing in input.things {
            let pick = byThing[thing.id]
            let owner = pick.flatMap { people[$0.participantID] } ?? 0
            owners.append(owner)
            let reason: String
            let receiver = PlainWords.name(input.participants[owner].name)
            let publicReason: String
            switch pick {
            case .some(let pick) where pick.byHub:
                reason =
                    "Your time ran out in turn \(pick.turn), so the hub chose it for you: "
                    + (input.participants[owner].ranking.contains(thing.id)
                        ? "it was the highest thing on your list still there." : "it was the most valuable thing left.")
                publicReason =
                    "Shared out by turns: the hub chose it for \(receiver) when their time ran out in turn \(pick.turn)."
            case .some(let pick):
                reason = "You chose it yourself, in turn \(pick.turn)."
                publicReason = "Shared out by turns: \(receiver) chose it in turn \(pick.turn)."
            case nil:
                reason = "No turn was left for it; the organiser can move it."
                publicReason = reason
            }
            placements.append(
                .init(
                    thingID: thing.id, participantID: input.participants[owner].id, reason: reason,
                    publicReason: publicReason, turn: pick?.turn,
                    movedByHand: pick == nil))
        }
        let fairness = Fairness(input, owners: owners)
        let order = LiveDraft.turns(input).order
        let statement =
            "Everyone chose in turn, live, in \(input.order == nil ? "an order drawn by lot (draw number \(input.seed))" : "the order the organiser set"), "
            + "going back and forth so that nobody gains by going first; when someone’s time ran out, the hub chose "
            + "for them the highest thing on their list still there."
        return result(
            input, owners: owners, placements: placements, fairness: fairness, drawOrder: order, statement: statement)
    }
}
