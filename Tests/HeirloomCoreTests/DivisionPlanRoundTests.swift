import Foundation
import HeirloomCore

/// A round's division input made from a seed: 2 to `maxPeople` participants with names, up to `maxThings` things
/// (some not appraised), rankings of a few things each, points with many zeros within the budget, some participants
/// with no wishes at all, equal or unequal entitlements, and a drawn or a set order.
struct GeneratedPlan {
    var input: DivisionInput

    static let names = ["Anna", "Tom", "Lily", "Ben", "Ruth", "Sam"]

    init(seed: Int, method: DivisionMethod? = nil, maxThings: Int = 14, maxPeople: Int = 4, equal: Bool? = nil) {
        var random = SplitMix64(seed: UInt64(seed))
        let people = 2 + Int(random.next() % UInt64(maxPeople - 1))
        let count = 1 + Int(random.next() % UInt64(maxThings))
        let things = (0..<count).map { index in
            DivisionInput.Thing(
                id: Self.uuid(&random), title: "Thing \(index + 1)",
                value: random.next() % 4 == 0 ? nil : Int64(random.next() % 50_000))
        }
        let unequal = equal.map { !$0 } ?? (random.next() % 2 == 0)
        let participants = (0..<people).map { person in
            let silent = random.next() % 6 == 0
            var points: [UUID: Int] = [:]
            var left = WishRules.budget
            for thing in things.shuffled(using: &random) where !silent && left > 0 && random.next() % 3 != 0 {
                let given = min(left, 1 + Int(random.next() % 400))
                points[thing.id] = given
                left -= given
            }
            let ranked = silent ? 0 : Int(random.next() % UInt64(count + 1))
            return DivisionInput.Participant(
                id: Self.uuid(&random), name: Self.names[person], share: unequal ? Double(1 + random.next() % 4) : 1,
                ranking: Array(things.shuffled(using: &random).prefix(ranked).map(\.id)), points: points)
        }
        let chosen = method ?? (random.next() % 2 == 0 ? .draft : .points)
        let order = random.next() % 3 == 0 ? participants.shuffled(using: &random).map(\.id) : nil
        input = DivisionInput(
            method: chosen, participants: participants, things: things, seed: random.next(), order: order)
    }

    static func uuid(_ random: inout SplitMix64) -> UUID {
        let high = random.next()
        let low = random.next()
        let byte = { (word: UInt64, index: Int) in UInt8(truncatingIfNeeded: word >> (8 * index)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4),
                byte(low, 5), byte(low, 6), byte(low, 7)
            ))
    }

    /// Each thing's owner in `result`, as participant indices in the round's order.
    func owners(_ result: DivisionResult) -> [Int] {
        let people = input.participants.map(\.id)
        return result.placements.map { placement in people.firstIndex(of: placement.participantID)! }
    }

    /// The values the fairness flags are judged by (see `DivisionResult.envyFreeUpToOne`).
    var values: [[Double]] {
        switch input.method {
        case .points:
            return NashDivision.values(
                input.participants.map { person in input.things.map { Double(person.points[$0.id] ?? 0) } })
        case .draft:
            return input.participants.map { person in
                input.things.map { thing in
                    person.ranking.firstIndex(of: thing.id).map { Double(input.things.count - $0) } ?? 0
                }
            }
        }
    }

    var weights: [Double] { NashDivision.weights(input.participants.map(\.share), count: input.participants.count) }

    var equalShares: Bool { Set(weights).count == 1 }
}
