import Foundation

/// A division that is weighted EF1 and Pareto-optimal for any entitlements, found by a market (Barman, Krishnamurthy
/// and Vaish 2018, "Finding fair and efficient allocations", with weights as in Chakraborty, Igarashi, Suksompong
/// and Zick 2021): every thing has a price, and everyone holds only things that give them the most value for the
/// price ("maximum bang per buck"). Such a division cannot be improved for anyone without hurting someone, even by
/// sharing things out in parts (the first welfare theorem), so no move or swap improves it; and once those who spend
/// least per unit of entitlement spend at least as much as anyone else does, per unit of theirs, without their
/// dearest thing, nobody envies anyone by more than one thing per unit of entitlement.
///
/// It starts from the division that gives each thing to whoever values it most, at that value as its price. Then,
/// from those who spend least, along things of best value for the price to someone already reached, the first
/// owner reached who would still spend more than they do without that thing hands it to whoever reached it; with
/// no such owner, the prices of everything reached rise together until a thing outside becomes good value, someone
/// outside spends least, or the division is fair. A group whose least spenders hold nothing and whose members value
/// nothing outside it is set aside whole: each of the others in it holds one thing, so nobody envies them by more
/// than one, and nobody in it values anything outside it. Last, moves and swaps raise the Nash welfare while the
/// division stays weighted EF1 and no move or swap could make someone better off with nobody worse off.
public struct MarketDivision {
    let values: [[Double]]
    let weights: [Double]
    private(set) var owners: [Int]
    private var prices: [Double]
    private var spent: [Double]
    private var setAside: [Bool]
    private var thingSetAside: [Bool]

    /// The steps the market may take before giving up (it settled on every generated round so far).
    static func stepLimit(people: Int, things: Int) -> Int { 10_000 + 100 * people * things }

    /// The owner of each thing, or nil when the market did not settle within its step limit. `values` as the
    /// division uses them (`NashDivision.values`: everyone values something), `weights` as `NashDivision.weights`.
    public static func divide(values: [[Double]], weights: [Double]) -> [Int]? {
        var market = MarketDivision(values: values, weights: weights)
        guard market.settle() else { return nil }
        return market.improved()
    }

    private init(values: [[Double]], weights: [Double]) {
        self.values = values
        self.weights = weights
        let people = values.count
        let things = values.first?.count ?? 0
        owners = Array(repeating: 0, count: things)
        prices = Array(repeating: 0, count: things)
        spent = Array(repeating: 0, count: people)
        setAside = Array(repeating: false, count: people)
        thingSetAside = Array(repeating: false, count: things)
        for thing in 0..<things {
            // The first of those who value it most; a thing nobody values goes to whoever spends least per share
            // in the end, and counts for nothing.
            let best = (0..<people).max { values[$0][thing] < values[$1][thing] } ?? 0
            owners[thing] = best
            prices[thing] = values[best][thing]
            spent[best] += prices[thing]
            if prices[thing] <= 0 { thingSetAside[thing] = true }
        }
    }

    private var people: Int { values.count }
    private var things: Int { owners.count }

    /// Each participant's best value for the price among the things still in the market (0 if they value none).
    private func bangPerBuck() -> [Double] {
        (0..<people).map { person in
            var best = 0.0
            for thing in 0..<things where !thingSetAside[thing] {
                best = max(best, values[person][thing] / prices[thing])
            }
            return best
        }
    }

    private func isBest(_ person: Int, _ thing: Int, _ rate: [Double]) -> Bool {
        values[person][thing] > 0 && values[person][thing] / prices[thing] >= rate[person] * (1 - 1e-9)
    }

    private func perShare(_ person: Int) -> Double { spent[person] / weights[person] }

    /// What `person` spends per unit of entitlement without their dearest thing.
    private func withoutDearest(_ person: Int) -> Double {
        let dearest = (0..<things).filter { owners[$0] == person && !thingSetAside[$0] }.map { prices[$0] }.max() ?? 0
        return (spent[person] - dearest) / weights[person]
    }

    private mutating func settle() -> Bool {
        for _ in 0..<Self.stepLimit(people: people, things: things) {
            let rate = bangPerBuck()
            for person in 0..<people where !setAside[person] && rate[person] == 0 { setAside[person] = true }
            let active = (0..<people).filter { !setAside[$0] }
            guard let least = active.min(by: { perShare($0) < perShare($1) }) else { return finish() }
            let floor = perShare(least)
            // Those set aside hold one thing each at most, so nobody envies them by more than it.
            if active.allSatisfy({ !exceeds(withoutDearest($0), floor) }) { return finish() }
            // Everyone who spends least starts together, so that a tie never holds the prices still.
            let sources = active.filter { !exceeds(perShare($0), floor) }
            switch step(from: sources, floor: floor, rate: rate) {
            case .moved: continue
            case .raised(let rise): if !rise.isFinite { return false }
            case .stuck(let group):
                for person in group { setAside[person] = true }
                for thing in 0..<things where group.contains(owners[thing]) { thingSetAside[thing] = true }
            }
        }
        return false
    }

    /// Whether a spending per unit of entitlement is above the least one, beyond rounding.
    private func exceeds(_ spending: Double, _ floor: Double) -> Bool { spending > floor * (1 + 1e-10) + 1e-12 }

    private enum Step {
        case moved
        case raised(Double)
        case stuck(Set<Int>)
    }

    /// One step of the least spenders: a thing taken along the best-value paths, or the reachable prices raised.
    private mutating func step(from sources: [Int], floor: Double, rate: [Double]) -> Step {
        var reached = Set(sources)
        var queue = sources
        var index = 0
        while index < queue.count {
            let person = queue[index]
            index += 1
            for thing in 0..<things where !thingSetAside[thing] && isBest(person, thing, rate) {
                let owner = owners[thing]
                guard !reached.contains(owner), !setAside[owner] else { continue }
                if exceeds((spent[owner] - prices[thing]) / weights[owner], floor) {
                    owners[thing] = person
                    spent[owner] -= prices[thing]
                    spent[person] += prices[thing]
                    return .moved
                }
                reached.insert(owner)
                queue.append(owner)
            }
        }
        // The rise at which a thing outside becomes good value, someone outside spends least, or all is fair.
        var rise = Double.infinity
        for person in reached {
            for thing in 0..<things
            where !thingSetAside[thing] && !reached.contains(owners[thing]) && values[person][thing] > 0 {
                rise = min(rise, rate[person] * prices[thing] / values[person][thing])
            }
        }
        if floor > 0 {
            var fair = 0.0
            for other in 0..<people where !reached.contains(other) && !setAside[other] {
                rise = min(rise, perShare(other) / floor)
                fair = max(fair, withoutDearest(other) / floor)
            }
            if fair > 1 { rise = min(rise, fair) }
        }
        guard rise.isFinite else { return floor > 0 ? .raised(rise) : .stuck(reached) }
        for thing in 0..<things where reached.contains(owners[thing]) && !thingSetAside[thing] {
            prices[thing] *= rise
        }
        for person in reached { spent[person] *= rise }
        return .raised(rise)
    }

    /// Things nobody values go to whoever spends least per unit of entitlement, the earlier of equals.
    private mutating func finish() -> Bool {
        for thing in 0..<things where prices[thing] <= 0 {
            owners[thing] = (0..<people).min { perShare($0) < perShare($1) } ?? 0
        }
        return true
    }

    /// The settled division with its Nash welfare raised by moves and swaps that keep it weighted EF1: any such
    /// moves, where what they reach still has no move or swap that makes someone better off and nobody worse off;
    /// else only moves that give each participant things of best value for the price to them, so that the prices
    /// still show it. The groups set aside, and the things nobody values, stay where they are.
    private func improved() -> [Int] {
        let free = raised(bestValueOnly: false)
        return DivisionChecks.hasParetoImprovingMove(free, values: values) ? raised(bestValueOnly: true) : free
    }

    private func raised(bestValueOnly: Bool) -> [Int] {
        let rate = bangPerBuck()
        var search = LocalSearch(values: values, weights: weights, owners: owners)
        search.mayReceive = { [setAside, thingSetAside] person, thing in
            !setAside[person] && !thingSetAside[thing] && (!bestValueOnly || isBest(person, thing, rate))
        }
        search.keeps = { [values, weights] owners in
            DivisionChecks.isWeightedEF1(owners, values: values, weights: weights)
        }
        search.improve()
        return search.owners
    }
}
