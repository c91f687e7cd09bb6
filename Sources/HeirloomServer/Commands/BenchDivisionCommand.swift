import Foundation
import HeirloomCore
import Vapor

/// `heirloom bench-division`: how long a wish round's division takes on large rounds, and, in the same run, how
/// the points search compares with the exhaustive search on rounds small enough for both (`make bench-division`).
struct BenchDivisionCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(
            name: "runs", help: "How many times each large division is timed (the median is printed); 5 unless given.")
        var runs: Int?
        @Option(name: "rounds", help: "How many small rounds are searched both ways; 20 unless given.")
        var rounds: Int?
    }

    var help: String { "Times the points division and the draft on large generated rounds, next to the exact search." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let runs = max(1, signature.runs ?? 5)
        let rounds = max(1, signature.rounds ?? 20)
        let console = context.console
        console.info("| division | participants × things | shares | time (median of \(runs)) | EF1 | no Pareto move |")
        console.info("|---|---|---|---|---|---|")
        let large: [(DivisionMethod, Int, Int, Bool)] = [
            (.points, 8, 500, false), (.points, 8, 500, true), (.draft, 20, 2_000, false),
        ]
        for (method, people, things, unequal) in large {
            let input = BenchRound.make(method: method, people: people, things: things, seed: 1, unequal: unequal)
            var result: DivisionResult?
            let time = BenchRound.median(runs) { result = DivisionPlan.divide(input) }
            console.info(
                "| \(method.rawValue) | \(people) × \(things) | \(unequal ? "1 to 3" : "equal") | "
                    + "\(BenchRound.seconds(time)) | \(result!.envyFreeUpToOne ? "yes" : "no") | "
                    + "\(result!.paretoChecked ? "yes" : "no") |")
        }
        // The points division's way out where the Nash division is not weighted EF1, timed on its own.
        let input = BenchRound.make(method: .points, people: 8, things: 500, seed: 1, unequal: true)
        let values = NashDivision.values(BenchRound.values(input))
        let weights = NashDivision.weights(input.participants.map(\.share), count: 8)
        var market: [Int] = []
        let time = BenchRound.median(runs) { market = MarketDivision.divide(values: values, weights: weights) ?? [] }
        let fair = !market.isEmpty && DivisionChecks.isWeightedEF1(market, values: values, weights: weights)
        let efficient = !market.isEmpty && !DivisionChecks.hasParetoImprovingMove(market, values: values)
        console.info(
            "| points, the market alone | 8 × 500 | 1 to 3 | \(BenchRound.seconds(time)) | \(fair ? "yes" : "no") | "
                + "\(efficient ? "yes" : "no") |")
        console.info("")
        console.info(
            "| points, \(rounds) rounds | exhaustive (median) | search (median) | search / exhaustive, time "
                + "| Nash welfare, search / exhaustive (lowest) |")
        console.info("|---|---|---|---|---|")
        for (people, things) in [(3, 10), (4, 8)] {
            var exact: [Double] = []
            var found: [Double] = []
            var lowest = 1.0
            for seed in 1...rounds {
                let input = BenchRound.make(
                    method: .points, people: people, things: things, seed: UInt64(seed), unequal: seed % 2 == 0)
                let values = BenchRound.values(input)
                let shares = input.participants.map(\.share)
                var best: [Int] = []
                var searched: [Int] = []
                exact.append(BenchRound.median(1) { best = NashDivision.divide(values: values, shares: shares) })
                found.append(
                    BenchRound.median(1) {
                        searched = NashDivision.divide(values: values, shares: shares, exhaustiveLimit: 0)
                    })
                let used = NashDivision.values(values)
                let weights = NashDivision.weights(shares, count: people)
                let optimum = NashDivision.welfare(best, values: used, weights: weights)
                let reached = NashDivision.welfare(searched, values: used, weights: weights)
                let ratio = reached.positive < optimum.positive ? 0 : exp(reached.logProduct - optimum.logProduct)
                lowest = min(lowest, ratio)
            }
            let exactMedian = BenchRound.middle(exact)
            let foundMedian = BenchRound.middle(found)
            console.info(
                "| \(people) × \(things) | \(BenchRound.seconds(exactMedian)) | \(BenchRound.seconds(foundMedian)) | "
                    + String(format: "%.3f", foundMedian / exactMedian) + " | " + String(format: "%.3f", lowest) + " |")
        }
    }
}

/// The generated rounds the benchmark divides: people ask for a part of the things (one in eight asks for nothing),
/// points spread over what they ask for, most things appraised.
enum BenchRound {
    static func make(method: DivisionMethod, people: Int, things: Int, seed: UInt64, unequal: Bool) -> DivisionInput {
        var random = SplitMix64(seed: seed)
        let items = (0..<things).map { index in
            DivisionInput.Thing(
                id: UUID(), title: "Thing \(index + 1)",
                value: random.next() % 4 == 0 ? nil : Int64(1_000 + random.next() % 500_000))
        }
        let most = things <= 20 ? things : things / 8
        let participants = (0..<people).map { person in
            let asked = random.next() % 8 == 0 ? 0 : 1 + Int(random.next() % UInt64(most))
            let wanted = Array(items.shuffled(using: &random).prefix(asked).map(\.id))
            let raw = wanted.map { _ in 1 + Int(random.next() % 100) }
            let sum = max(1, raw.reduce(0, +))
            let points = Dictionary(
                zip(wanted, raw.map { $0 * WishRules.budget / sum }), uniquingKeysWith: { first, _ in first })
            return DivisionInput.Participant(
                id: UUID(), name: "Person \(person + 1)", share: unequal ? Double(1 + person % 3) : 1,
                ranking: method == .draft ? wanted : [], points: method == .points ? points : [:])
        }
        return DivisionInput(method: method, participants: participants, things: items, seed: seed)
    }

    /// The points of a round as `NashDivision` takes them.
    static func values(_ input: DivisionInput) -> [[Double]] {
        input.participants.map { person in input.things.map { Double(person.points[$0.id] ?? 0) } }
    }

    /// The median time of `runs` runs of `body`, in seconds.
    static func median(_ runs: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        return middle(
            (0..<runs).map { _ in
                let time = clock.measure(body)
                return Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
            })
    }

    static func middle(_ times: [Double]) -> Double { times.sorted()[times.count / 2] }

    static func seconds(_ time: Double) -> String {
        time < 1 ? String(format: "%.1f ms", time * 1_000) : String(format: "%.2f s", time)
    }
}
