import Foundation

/// Improves a division by single moves and swaps while one raises the Nash welfare (`NashDivision.Welfare`): a move
/// never leaves a participant who valued their share with nothing they value.
struct LocalSearch {
    let values: [[Double]]
    let weights: [Double]
    var owners: [Int]
    private var totals: [Double]
    /// Whether a participant may be given a thing (anyone anything, unless the search is kept to some).
    var mayReceive: (_ person: Int, _ thing: Int) -> Bool = { _, _ in true }
    /// What every division the search goes to must keep (nothing, unless given); a change that breaks it is undone.
    var keeps: (_ owners: [Int]) -> Bool = { _ in true }

    init(values: [[Double]], weights: [Double], owners: [Int]) {
        self.values = values
        self.weights = weights
        self.owners = owners
        totals = DivisionChecks.totals(owners, values: values)
    }

    /// How much the welfare changes when `person`'s total goes from `old` to `new`: infinite when they come to value
    /// their share, nil when they would stop valuing it.
    private func gain(_ person: Int, from old: Double, to new: Double) -> Double? {
        if old > 0 { return new > 1e-12 ? weights[person] * (log(new) - log(old)) : nil }
        return new > 0 ? .infinity : 0
    }

    mutating func improve() {
        var improved = true
        var rounds = 0
        while improved, rounds < 10_000 {
            improved = false
            rounds += 1
            for thing in owners.indices where moveBest(thing) { improved = true }
            if !improved { improved = swapAny() }
        }
    }

    /// Moves `thing` to whoever it raises the welfare most for (the next best, where that breaks what the search
    /// keeps); whether it moved.
    private mutating func moveBest(_ thing: Int) -> Bool {
        let from = owners[thing]
        guard let loss = gain(from, from: totals[from], to: totals[from] - values[from][thing]) else { return false }
        var candidates: [(person: Int, gain: Double)] = []
        for person in values.indices where person != from && mayReceive(person, thing) {
            guard let won = gain(person, from: totals[person], to: totals[person] + values[person][thing]) else {
                continue
            }
            if won + loss > 1e-9 { candidates.append((person, won + loss)) }
        }
        // The largest gain first, the earlier participant of equals.
        candidates.sort { $0.gain != $1.gain ? $0.gain > $1.gain : $0.person < $1.person }
        for candidate in candidates {
            move(thing, to: candidate.person)
            if keeps(owners) { return true }
            move(thing, to: from)
        }
        return false
    }

    private mutating func move(_ thing: Int, to person: Int) {
        totals[owners[thing]] -= values[owners[thing]][thing]
        totals[person] += values[person][thing]
        owners[thing] = person
    }

    /// Swaps the first pair of things (of two participants) that raises the welfare; whether one was swapped.
    private mutating func swapAny() -> Bool {
        for first in owners.indices {
            for second in (first + 1)..<owners.count {
                let a = owners[first]
                let b = owners[second]
                guard a != b else { continue }
                let newA = totals[a] - values[a][first] + values[a][second]
                let newB = totals[b] - values[b][second] + values[b][first]
                guard let gainA = gain(a, from: totals[a], to: newA), let gainB = gain(b, from: totals[b], to: newB),
                    gainA + gainB > 1e-9, mayReceive(a, second), mayReceive(b, first)
                else { continue }
                move(first, to: b)
                move(second, to: a)
                if keeps(owners) { return true }
                move(first, to: a)
                move(second, to: b)
            }
        }
        return false
    }
}

/// A maximum matching of participants to things they value (Kuhn's augmenting paths): the most participants who
/// can each be given one thing they value at the same time.
enum DivisionMatching {
    /// Participants are tried in the order of `people`, and each one's things in the order of `things`.
    static func maximum(values: [[Double]], people: [Int], things: [Int]) -> [(person: Int, thing: Int)] {
        var holder = Array(repeating: -1, count: values.first?.count ?? 0)
        for person in people {
            var seen = Array(repeating: false, count: holder.count)
            _ = augment(person, values: values, order: things, holder: &holder, seen: &seen)
        }
        return holder.enumerated().compactMap { thing, person in person >= 0 ? (person, thing) : nil }
    }

    private static func augment(
        _ person: Int, values: [[Double]], order: [Int], holder: inout [Int], seen: inout [Bool]
    ) -> Bool {
        for thing in order where values[person][thing] > 0 && !seen[thing] {
            seen[thing] = true
            if holder[thing] < 0
                || augment(holder[thing], values: values, order: order, holder: &holder, seen: &seen)
            {
                holder[thing] = person
                return true
            }
        }
        return false
    }
}
