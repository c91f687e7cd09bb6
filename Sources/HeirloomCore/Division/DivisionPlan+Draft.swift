import Foundation

extension DivisionPlan {
    /// The draft: turns in the drawn (or set) order, each participant taking their highest-ranked thing left.
    static func draft(_ input: DivisionInput) -> Proposal {
        let order = draftOrder(input)
        let turns = DraftDivision.turns(order: order, shares: input.shares, count: input.things.count)
        let appraised = input.appraised
        // With nothing ranked left: the most valuable thing left, the earlier in the round of equals.
        let fallback = input.things.indices.sorted { a, b in
            appraised[a] != appraised[b] ? appraised[a] > appraised[b] : a < b
        }
        let rankings = input.rankings
        let picks = DraftDivision.divide(
            rankings: rankings, turns: turns, things: input.things.count, fallback: fallback)
        var owners = Array(repeating: 0, count: input.things.count)
        var pickOf = [DraftDivision.Pick?](repeating: nil, count: input.things.count)
        for pick in picks {
            owners[pick.thing] = pick.participant
            pickOf[pick.thing] = pick
        }
        let reasons = DraftReasons(input: input, rankings: rankings, picks: pickOf.map { $0! })
        let placements = input.things.indices.map { thing in
            DivisionResult.Placement(
                thingID: input.things[thing].id, participantID: input.participants[owners[thing]].id,
                reason: reasons.reason(thing),
                publicReason:
                    "Shared out by turns: \(PlainWords.name(input.participants[owners[thing]].name)) chose it in "
                    + "turn \(pickOf[thing]!.turn).",
                turn: pickOf[thing]!.turn)
        }
        return Proposal(owners: owners, placements: placements, order: order)
    }

    /// The organiser's order (participants it leaves out follow in the round's order), or the one drawn by lot.
    static func draftOrder(_ input: DivisionInput) -> [Int] {
        guard let set = input.order else {
            return DraftDivision.drawOrder(participants: input.participants.count, seed: input.seed)
        }
        let index = input.participantIndex
        var seen = Set<Int>()
        let named = set.compactMap { index[$0] }.filter { seen.insert($0).inserted }
        return named + input.participants.indices.filter { !seen.contains($0) }
    }
}

/// Why each thing of a draft went where it went, in plain words to the participant who received it.
struct DraftReasons {
    let input: DivisionInput
    let rankings: [[Int]]
    let picks: [DraftDivision.Pick]
    /// `place[person][thing]`: where the thing stands in the person's ranking (from 0), if at all.
    private let place: [[Int?]]

    init(input: DivisionInput, rankings: [[Int]], picks: [DraftDivision.Pick]) {
        self.input = input
        self.rankings = rankings
        self.picks = picks
        place = rankings.map { ranking in
            var row = [Int?](repeating: nil, count: input.things.count)
            for (index, thing) in ranking.enumerated() { row[thing] = index }
            return row
        }
    }

    func reason(_ thing: Int) -> String {
        let pick = picks[thing]
        let person = pick.participant
        let others = input.participants.indices.filter { $0 != person && place[$0][thing] != nil }
        let wanted = ListText.and(others.map(name))
        guard let mine = place[person][thing] else {
            let how = "as \(describeFallback(thing))"
            if others.isEmpty { return "No one asked for it; it came to you in turn \(pick.turn) \(how)." }
            let lead =
                rankings[person].isEmpty
                ? "You gave no order of your own, so in turn \(pick.turn) it came to you \(how)"
                : "Nothing on your list was left in turn \(pick.turn), so it came to you \(how)"
            return "\(lead); \(wanted) wanted it, but had not chosen it yet."
        }
        // Things this participant ranked higher that others chose first.
        let lost = rankings[person].prefix(mine).filter { picks[$0].participant != person }
        guard let first = lost.first else {
            if mine == 0 {
                return others.isEmpty
                    ? "You ranked it first and no one else asked for it."
                    : "\(ListText.and(["You"] + others.map(name))) \(others.count > 1 ? "all" : "both") wanted it; "
                        + "you chose it first, in turn \(pick.turn)."
            }
            let ranked = "You ranked it \(PlainWords.ordinal(mine + 1))"
            return others.isEmpty
                ? "\(ranked) and no one else asked for it; you chose it in turn \(pick.turn)."
                : "\(ranked); \(wanted) wanted it too, and you chose it first, in turn \(pick.turn)."
        }
        let taker = picks[first]
        let title = PlainWords.quoted(input.things[first].title)
        var words =
            taker.ranked
            ? "You and \(name(taker.participant)) both wanted \(title); it went to \(name(taker.participant)) in "
                + "turn \(taker.turn)."
            : "\(title), which you ranked higher, went to \(name(taker.participant)) in turn \(taker.turn) as "
                + "\(describeFallback(first))."
        switch lost.count {
        case 1: break
        case 2: words += " One other thing you ranked higher had gone to someone else too."
        default: words += " \(lost.count - 1) other things you ranked higher had gone to others too."
        }
        words += " You chose this, your \(PlainWords.ordinal(mine + 1)) choice, in turn \(pick.turn)"
        return words + (others.isEmpty ? "." : "; \(wanted) wanted it too.")
    }

    /// How a thing nobody picked from their list was chosen: the most valuable left, or, unappraised, the first.
    private func describeFallback(_ thing: Int) -> String {
        (input.things[thing].value ?? 0) > 0
            ? "the most valuable thing left" : "the first thing left on the round's list"
    }

    private func name(_ person: Int) -> String { PlainWords.name(input.participants[person].name) }
}
