import Foundation

extension DivisionPlan {
    /// The points method: the division of the points (`PointsDivision`), each thing with its reason.
    static func points(_ input: DivisionInput) -> Proposal {
        let points = input.pointsMatrix
        let outcome = PointsDivision.divide(values: points, shares: input.shares)
        let owners = outcome.owners
        let reasons = PointsReasons(input: input, points: points, owners: owners, source: outcome.source)
        let placements = input.things.indices.map { thing in
            DivisionResult.Placement(
                thingID: input.things[thing].id, participantID: input.participants[owners[thing]].id,
                reason: reasons.reason(thing), publicReason: reasons.reasonForOthers(thing))
        }
        return Proposal(owners: owners, placements: placements, order: [])
    }
}

/// Why each thing of a points division went where it went, in plain words to the participant who received it.
///
/// Every claim is checked on the numbers before it is made: "it is a bigger part of your share than it would be of
/// Anna's" is said only when the thing's points are a larger fraction of the receiver's share (by their points) than
/// they would be of Anna's share with it added (by Anna's). A division no single move improves always keeps that with
/// equal entitlements, since (Anna's + a)(yours - p) ≤ Anna's × yours gives a / (Anna's + a) ≤ p / yours.
struct PointsReasons {
    let input: DivisionInput
    /// The points as given (0 where none).
    let points: [[Double]]
    let owners: [Int]
    /// Where the division comes from: the most even found, or one fair for the size of each share first.
    let source: PointsDivision.Source
    /// Each participant's share, by their own values as the division uses them.
    private let totals: [Double]
    private let values: [[Double]]

    init(input: DivisionInput, points: [[Double]], owners: [Int], source: PointsDivision.Source) {
        self.input = input
        self.points = points
        self.owners = owners
        self.source = source
        values = NashDivision.values(points)
        totals = DivisionChecks.totals(owners, values: values)
    }

    /// Why a thing came to someone when no plainer reason holds.
    private var found: String {
        switch source {
        case .nash: "it came to you as part of the most even division the hub found"
        case .fairestSearched:
            "it came to you as part of the most even division that is fair for the size of each share"
        case .market: "it came to you as part of a division that is fair for the size of each share"
        }
    }

    func reason(_ thing: Int) -> String {
        let person = owners[thing]
        let mine = points[person][thing]
        let others = input.participants.indices.filter { $0 != person && points[$0][thing] > 0 }
        let askers = ListText.and(others.map(name))
        if points[person].allSatisfy({ $0 == 0 }) {
            let alike = "You gave no points, so every thing counts the same for you"
            return others.isEmpty
                ? "\(alike), and no one else asked for it." : "\(alike); \(askers) gave it points, but \(found)."
        }
        guard mine > 0 else {
            return others.isEmpty
                ? "No one gave it any points, so it could go to anyone; it came to you."
                : "You gave it no points; \(askers) did, but \(found)."
        }
        let given = "You gave it \(Int(mine)) points"
        let higher = others.filter { points[$0][thing] > mine }.sorted { a, b in
            points[a][thing] != points[b][thing] ? points[a][thing] > points[b][thing] : a < b
        }
        let equal = others.filter { points[$0][thing] == mine }
        if others.isEmpty { return "\(given) and no one else asked for it." }
        if higher.isEmpty, equal.isEmpty { return "\(given), more than anyone else." }
        if higher.isEmpty {
            let both = equal.count > 1 ? "all" : "both"
            return "\(ListText.and(["You"] + equal.map(name))) \(both) gave it \(Int(mine)) points, the most anyone "
                + "gave; \(found)."
        }
        let more = "\(ListText.and(higher.map(name))) gave it more points"
        // Its part of this share, by the receiver's values, against its part of each other share it would join.
        let part = values[person][thing] / totals[person]
        let evens = higher.allSatisfy { other in
            let added = values[other][thing]
            return part > added / (totals[other] + added) + 1e-9
        }
        guard evens, source == .nash else { return "\(more), but \(found)." }
        let theirs =
            higher.count == 1
            ? "than it would be of \(name(higher[0]))'s, by \(name(higher[0]))'s points"
            : "than it would be of theirs, by their points"
        return "\(more), but it evens out the shares: it is a bigger part of your share, by your points, \(theirs)."
    }

    /// The reason as everyone but the receiver reads it: who wanted it most, never how many points anyone gave.
    func reasonForOthers(_ thing: Int) -> String {
        let person = owners[thing]
        let mine = points[person][thing]
        let most = input.participants.indices.map { points[$0][thing] }.max() ?? 0
        let receiver = name(person)
        guard most > 0 else { return "No one asked for it; it went to \(receiver) to even out the shares." }
        guard mine == most else { return "Others wanted it too; it went to \(receiver) to even out the shares." }
        let alike = input.participants.indices.filter { $0 != person && points[$0][thing] == most }
        return alike.isEmpty
            ? "\(receiver) wanted it most."
            : "\(ListText.and([receiver] + alike.map(name))) wanted it most; it went to \(receiver) to even out the shares."
    }

    private func name(_ person: Int) -> String { PlainWords.name(input.participants[person].name) }
}
