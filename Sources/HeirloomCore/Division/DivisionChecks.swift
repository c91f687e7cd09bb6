/// The fairness properties a division is checked for, as pure functions the page, the API and the tests share.
public enum DivisionChecks {
    /// Each participant's value of their own share.
    public static func totals(_ owners: [Int], values: [[Double]]) -> [Double] {
        // Plain index loops: an exhaustive search calls this for every division it tries, and `enumerated()` looks
        // up a tuple's type at each step of an unoptimised build (three quarters of the test suite's core time).
        let people = values.count
        var totals = Array(repeating: 0.0, count: people)
        for thing in 0..<owners.count {
            let owner = owners[thing]
            if owner >= 0, owner < people { totals[owner] += values[owner][thing] }
        }
        return totals
    }

    /// Weighted envy-freeness up to one thing: for every two participants, `i` values their own share per unit of
    /// entitlement at least as much as `j`'s share without its best thing (for `i`), per unit of `j`'s.
    public static func isWeightedEF1(_ owners: [Int], values: [[Double]], weights: [Double]) -> Bool {
        weightedEnvy(owners, values: values, weights: weights) == nil
    }

    /// The first two participants (in order) where `person` would rather have `other`'s share, per unit of
    /// entitlement, even without its best thing (for `person`); nil when the division is weighted EF1.
    public static func weightedEnvy(_ owners: [Int], values: [[Double]], weights: [Double])
        -> (person: Int, other: Int)?
    {
        for person in values.indices {
            var sums = Array(repeating: 0.0, count: values.count)
            var best = Array(repeating: 0.0, count: values.count)
            for (thing, owner) in owners.enumerated() where values.indices.contains(owner) {
                let value = values[person][thing]
                sums[owner] += value
                best[owner] = max(best[owner], value)
            }
            for other in values.indices where other != person {
                if sums[person] / weights[person] < (sums[other] - best[other]) / weights[other] - 1e-9 {
                    return (person, other)
                }
            }
        }
        return nil
    }

    /// Weak weighted envy-freeness up to one thing (Chakraborty et al. 2020), which the weighted Nash welfare keeps
    /// when entitlements differ: for every two participants, one thing of `j`'s either, taken from `j`, or, given
    /// to `i` as well, ends `i`'s envy per unit of entitlement. With equal entitlements it is plain EF1's weaker
    /// cousin; `isWeightedEF1` is the stronger property, which the division keeps when entitlements are equal.
    public static func isWeakWeightedEF1(_ owners: [Int], values: [[Double]], weights: [Double]) -> Bool {
        for person in values.indices {
            let own = owners.indices.filter { owners[$0] == person }.reduce(0.0) { $0 + values[person][$1] }
            for other in values.indices where other != person {
                let theirs = owners.indices.filter { owners[$0] == other }.map { values[person][$0] }
                let total = theirs.reduce(0, +)
                guard !theirs.isEmpty, own / weights[person] < total / weights[other] - 1e-9 else { continue }
                let ended = theirs.contains { value in
                    own / weights[person] >= (total - value) / weights[other] - 1e-9
                        || (own + value) / weights[person] >= total / weights[other] - 1e-9
                }
                if !ended { return false }
            }
        }
        return true
    }

    /// A change that makes someone better off and nobody worse off: one thing moved to another participant, or
    /// two things of two participants swapped.
    public enum ParetoImprovement: Sendable, Equatable {
        case move(thing: Int, to: Int)
        case swap(Int, Int)
    }

    /// Whether moving one thing, or swapping two, would make someone better off and nobody worse off.
    public static func hasParetoImprovingMove(_ owners: [Int], values: [[Double]]) -> Bool {
        paretoImprovement(owners, values: values) != nil
    }

    /// The first single move or swap (in the order of the things) that makes someone better off and nobody worse
    /// off; nil when there is none.
    public static func paretoImprovement(_ owners: [Int], values: [[Double]]) -> ParetoImprovement? {
        // Two participants' changes: one gains, and the other loses nothing.
        let better = { (a: Double, b: Double) in (a > 1e-9 && b >= -1e-9) || (a >= -1e-9 && b > 1e-9) }
        for thing in owners.indices {
            let from = owners[thing]
            for person in values.indices where person != from {
                if better(values[person][thing], -values[from][thing]) { return .move(thing: thing, to: person) }
            }
            for other in owners.indices where other > thing && owners[other] != from {
                let to = owners[other]
                let fromChange = values[from][other] - values[from][thing]
                let toChange = values[to][thing] - values[to][other]
                if better(fromChange, toChange) { return .swap(thing, other) }
            }
        }
        return nil
    }
}
