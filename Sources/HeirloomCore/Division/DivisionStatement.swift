import Foundation

/// The sentence or two under a division that say why the whole is fair, or, after changes by hand, what no longer
/// holds. Amounts of money are the page's to show, never the statement's.
struct DivisionStatement {
    let input: DivisionInput
    let fairness: Fairness

    private var weighted: Bool { !input.equalShares }

    /// Under the hub's own proposal.
    func proposal() -> String {
        if input.participants.count == 1 { return "There is one participant, so everything goes to them." }
        switch input.method {
        case .points:
            if fairness.envy == nil, fairness.improvement == nil { return PlainWords.sentence(holds(pareto: true)) }
            var words = "The hub divided the things as evenly as it could by the points everyone gave"
            if fairness.improvement == nil { words += ", and " + paretoClause }
            return words + "." + failures(pareto: true)
        case .draft:
            let order =
                input.order == nil ? "in an order drawn by lot (seed \(input.seed))" : "in the order the organiser set"
            let turns =
                weighted ? "with turns in proportion to each share" : "going back and forth so no one is favoured"
            let chosen = "Everyone chose in turn, \(order), \(turns)."
            guard fairness.envy == nil else { return chosen + failures(pareto: false) }
            return chosen + " " + PlainWords.sentence(holds(pareto: fairness.improvement == nil))
        }
    }

    /// After changes by hand to `base`; `baseAdjusted` when `base` itself had changes by hand, whose lost properties
    /// are still said to be lost ("no longer").
    func adjusted(base: DivisionResult, baseAdjusted: Bool) -> String {
        let lead = "After the changes by hand, "
        // The draft promises no Pareto optimality: its absence is news only where the division before had it.
        let pareto = input.method == .points || base.paretoChecked
        let envyWord = base.envyFreeUpToOne || baseAdjusted ? "no longer" : "not"
        if fairness.envy == nil, fairness.improvement == nil || !pareto {
            return lead + holds(pareto: fairness.improvement == nil)
        }
        var words: [String] = []
        if let envy = fairness.envy {
            words.append(
                "\(envyClause(envy)), so the division is \(envyWord) envy-free up to one thing.")
        }
        if pareto, let improvement = fairness.improvement {
            words.append(
                (words.isEmpty ? "" : "Also, ") + "someone could be better off with nobody worse off: "
                    + witness(improvement) + ".")
        }
        return lead + words.joined(separator: " ")
    }

    private var byValues: String {
        input.method == .points ? "by the points everyone gave" : "by the orders everyone gave"
    }

    private let paretoClause = "no exchange could make anyone better off without making someone worse off"

    /// What holds, as one clause from a small letter.
    private func holds(pareto: Bool) -> String {
        let size = weighted ? "for the size of their share, " : ""
        let envyFree = "nobody would rather have someone else's share once one thing is taken from it"
        let values = input.method == .draft ? byValues + ", " : ""
        return values + size + envyFree + (pareto ? ", and " + paretoClause : "") + "."
    }

    /// What fails, as sentences after a first one (with a leading space), or nothing.
    private func failures(pareto: Bool) -> String {
        var words = ""
        if let envy = fairness.envy { words += " However, \(byValues), \(envyClause(envy))." }
        if pareto, let improvement = fairness.improvement {
            words += " Someone could still be better off with nobody worse off: \(witness(improvement))."
        }
        return words
    }

    private func envyClause(_ envy: (person: Int, other: Int)) -> String {
        "\(name(envy.person)) would rather have \(name(envy.other))'s share even without any one thing of it"
            + (weighted ? ", for the size of their shares" : "")
    }

    private func witness(_ improvement: DivisionChecks.ParetoImprovement) -> String {
        switch improvement {
        case .move(let thing, let person):
            return "\(title(thing)) could go to \(name(person))"
        case .swap(let first, let second):
            let a = fairness.owners[first]
            let b = fairness.owners[second]
            return "\(name(a)) and \(name(b)) could swap \(title(first)) and \(title(second))"
        }
    }

    private func title(_ thing: Int) -> String { PlainWords.quoted(input.things[thing].title) }

    private func name(_ person: Int) -> String { PlainWords.name(input.participants[person].name) }
}
