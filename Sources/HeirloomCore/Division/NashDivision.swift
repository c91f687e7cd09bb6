import Foundation

/// The points method of a wish round: each participant spreads points over the things, and the division maximises
/// the Nash welfare (the product of the participants' values, each raised to its entitlement), after first giving
/// as many participants as possible something they value.
///
/// Maximising it exactly is hard in general; the hub searches every division when there are few enough (at most
/// `exhaustiveLimit` of them), and otherwise starts from a matching and improves the division by moving one thing, or
/// swapping two, while that raises the welfare. Where no such move is left, no single move or swap makes someone
/// better off without making someone worse off, and with equal entitlements nobody envies another's share by more
/// than one thing (EF1, Caragiannis et al. 2016). With unequal entitlements the Nash welfare keeps the weaker
/// "weak weighted EF1" (Chakraborty et al. 2020), not always weighted EF1: where it is not, `PointsDivision` takes
/// the market's division (`MarketDivision`) instead.
public enum NashDivision {
    /// How many divisions (participants to the power of things) the exact search may look at.
    public static let exhaustiveLimit = 200_000

    /// The owner (a participant's index) of each thing. `values[i][g]` is participant `i`'s points for thing `g`
    /// (at least 0; a participant who gave no points values every thing alike); `shares[i]` is `i`'s entitlement.
    public static func divide(values raw: [[Double]], shares: [Double], exhaustiveLimit: Int = exhaustiveLimit)
        -> [Int]
    {
        let values = Self.values(raw)
        let people = values.count
        guard people > 0, let things = values.first?.count, things > 0 else { return [] }
        let weights = weights(shares, count: people)
        if pow(Double(people), Double(things)) <= Double(exhaustiveLimit) {
            return exhaustive(values: values, weights: weights)
        }
        // A few starts, each improved as far as moves and swaps go; the best kept (the first of equals). The starts
        // are drawn from a fixed seed, so the same round always gives the same division.
        var random = SplitMix64(seed: 0x5EED_D1F1)
        var best: (owners: [Int], welfare: Welfare)?
        for attempt in 0..<starts(people: people, things: things) {
            let order = attempt == 0 ? Array(0..<things) : Array(0..<things).shuffled(using: &random)
            let first = attempt % people
            var search = LocalSearch(
                values: values, weights: weights,
                owners: start(values: values, weights: weights, order: order, firstPerson: first))
            search.improve()
            let found = welfare(search.owners, values: values, weights: weights)
            if best == nil || best!.welfare < found { best = (search.owners, found) }
        }
        return best?.owners ?? []
    }

    /// How many starts the search improves: 60 on small rounds, fewer as the rounds grow (each start's swaps take
    /// time with the square of the things), never fewer than 12.
    ///
    /// Twelve starts reached 95 % of the best Nash welfare on all but 13 of the rounds of seeds 0 to 99,999 of the
    /// tests' generator (3 participants, up to 10 things; the worst 23 %: a three-way exchange no move or swap
    /// makes); 40 starts on all but one of a million (93 %), 60 on all of a million (the worst 98 %). A start of 8
    /// participants and 500 things takes about 4 ms in release, so the 12 there cost about 50 ms.
    static func starts(people: Int, things: Int) -> Int {
        min(60, max(12, 2_000_000 / max(1, things * things * people)))
    }

    /// Values as the division uses them: a participant who gave no points at all values every thing at 1.
    public static func values(_ raw: [[Double]]) -> [[Double]] {
        raw.map { row in
            let clean = row.map { $0.isFinite && $0 > 0 ? $0 : 0 }
            return clean.allSatisfy { $0 == 0 } ? clean.map { _ in 1 } : clean
        }
    }

    /// Entitlements scaled so that they add up to the number of participants (equal ones are all 1).
    public static func weights(_ shares: [Double], count: Int) -> [Double] {
        let clean = (0..<count).map { $0 < shares.count && shares[$0].isFinite && shares[$0] > 0 ? shares[$0] : 1 }
        let total = clean.reduce(0, +)
        return clean.map { $0 / total * Double(count) }
    }

    /// The welfare of a division, compared in order: how many participants value their share at all, then the
    /// weighted sum of the logarithms of those values.
    public struct Welfare: Comparable, Sendable {
        public var positive: Int
        public var logProduct: Double

        public static func < (a: Welfare, b: Welfare) -> Bool {
            a.positive != b.positive ? a.positive < b.positive : a.logProduct < b.logProduct - 1e-9
        }
    }

    public static func welfare(_ owners: [Int], values: [[Double]], weights: [Double]) -> Welfare {
        let totals = DivisionChecks.totals(owners, values: values)
        var result = Welfare(positive: 0, logProduct: 0)
        for person in 0..<totals.count where totals[person] > 0 {
            result.positive += 1
            result.logProduct += weights[person] * log(totals[person])
        }
        return result
    }

    /// Every division, the best kept (the first of equals, so the answer is the same each time).
    static func exhaustive(values: [[Double]], weights: [Double]) -> [Int] {
        exhaustive(values: values, weights: weights, accepts: { _ in true })!
    }

    /// Every division, the best of those `accepts` takes kept (asked only of divisions better than the best so
    /// far); nil when it takes none.
    static func exhaustive(values: [[Double]], weights: [Double], accepts: ([Int]) -> Bool) -> [Int]? {
        let people = values.count
        let things = values[0].count
        var owners = Array(repeating: 0, count: things)
        var best: (owners: [Int], welfare: Welfare)?
        while true {
            let candidate = welfare(owners, values: values, weights: weights)
            if best.map({ $0.welfare < candidate }) ?? true, accepts(owners) { best = (owners, candidate) }
            var index = 0
            while index < things, owners[index] == people - 1 {
                owners[index] = 0
                index += 1
            }
            if index == things { return best?.owners }
            owners[index] += 1
        }
    }

    /// A start for the search: as many participants as possible get one thing they value (a maximum matching),
    /// then each other thing goes where it adds most.
    static func start(values: [[Double]], weights: [Double], order: [Int], firstPerson: Int) -> [Int] {
        let people = values.count
        let things = values[0].count
        var owners = Array(repeating: -1, count: things)
        let rotated = (0..<people).map { ($0 + firstPerson) % people }
        for (person, thing) in DivisionMatching.maximum(values: values, people: rotated, things: order) {
            owners[thing] = person
        }
        var totals = Array(repeating: 0.0, count: people)
        for (thing, owner) in owners.enumerated() where owner >= 0 { totals[owner] += values[owner][thing] }
        let rest = order.filter { owners[$0] < 0 }
        for thing in rest {
            var bestPerson = 0
            var bestGain = -Double.infinity
            for person in 0..<people {
                let value = values[person][thing]
                let gain =
                    totals[person] > 0 && value > 0
                    ? weights[person] * (log(totals[person] + value) - log(totals[person]))
                    : value > 0 ? Double.greatestFiniteMagnitude : -Double(owners.filter { $0 == person }.count)
                if gain > bestGain {
                    bestGain = gain
                    bestPerson = person
                }
            }
            owners[thing] = bestPerson
            totals[bestPerson] += values[bestPerson][thing]
        }
        return owners
    }
}
