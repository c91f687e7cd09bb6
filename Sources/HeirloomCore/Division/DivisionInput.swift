import Foundation

/// What a wish round's division is computed from: who takes part with which entitlement and wishes, the things,
/// the method, and the draw.
public struct DivisionInput: Sendable, Equatable {
    /// One participant and their wishes.
    public struct Participant: Sendable, Equatable {
        public var id: UUID
        /// The first name the reasons use ("Tom").
        public var name: String
        /// The entitlement, as a positive number (shares 50/25/25 or 2/1/1 divide alike); anything else counts as 1.
        public var share: Double
        /// For the draft: thing ids in the participant's order, first the most wanted (may be empty).
        public var ranking: [UUID]
        /// For points: thing id to points (empty: every thing counts alike for them).
        public var points: [UUID: Int]

        public init(id: UUID, name: String, share: Double = 1, ranking: [UUID] = [], points: [UUID: Int] = [:]) {
            self.id = id
            self.name = name
            self.share = share
            self.ranking = ranking
            self.points = points
        }
    }

    /// One thing in the round (an item, or a set as one piece).
    public struct Thing: Sendable, Equatable {
        public var id: UUID
        public var title: String
        /// The appraised value in minor units; nil when not appraised (it then counts as 0 in the sums).
        public var value: Int64?

        public init(id: UUID, title: String, value: Int64? = nil) {
            self.id = id
            self.title = title
            self.value = value
        }
    }

    public var method: DivisionMethod
    public var participants: [Participant]
    public var things: [Thing]
    /// The seed of the draw for the draft order, recorded so that anyone can check the draw.
    public var seed: UInt64
    /// The draft order the organiser set (participant ids); nil when drawn by lot with `seed`.
    public var order: [UUID]?

    public init(
        method: DivisionMethod, participants: [Participant], things: [Thing], seed: UInt64 = 0, order: [UUID]? = nil
    ) {
        self.method = method
        self.participants = participants
        self.things = things
        self.seed = seed
        self.order = order
    }
}

extension DivisionInput {
    /// Each participant's entitlement as the division uses it: positive and finite, else 1.
    var shares: [Double] {
        participants.map { $0.share.isFinite && $0.share > 0 ? $0.share : 1 }
    }

    /// Whether every participant has the same entitlement.
    var equalShares: Bool { Set(NashDivision.weights(shares, count: participants.count)).count <= 1 }

    /// Each thing's index by id (the first of a repeated id).
    var thingIndex: [UUID: Int] { Self.index(things.map(\.id)) }

    /// Each participant's index by id (the first of a repeated id).
    var participantIndex: [UUID: Int] { Self.index(participants.map(\.id)) }

    private static func index(_ ids: [UUID]) -> [UUID: Int] {
        ids.enumerated().reduce(into: [:]) { index, pair in
            if index[pair.element] == nil { index[pair.element] = pair.offset }
        }
    }

    /// The points as given: `points[i][g]`, 0 where a participant gave none (negative points count as 0).
    var pointsMatrix: [[Double]] {
        participants.map { participant in
            things.map { thing in Double(max(0, participant.points[thing.id] ?? 0)) }
        }
    }

    /// Each participant's ranking as thing indices, things outside the round and repeats left out.
    var rankings: [[Int]] {
        let index = thingIndex
        return participants.map { participant in
            var seen = Set<Int>()
            return participant.ranking.compactMap { index[$0] }.filter { seen.insert($0).inserted }
        }
    }

    /// Values the draft is judged by: a thing in place `r` of a participant's ranking is worth `n - r + 1` to them
    /// (n the number of things in the round, so their first choice is worth n), a thing they did not rank 0.
    var rankValues: [[Double]] {
        rankings.map { ranking in
            var row = Array(repeating: 0.0, count: things.count)
            for (place, thing) in ranking.enumerated() { row[thing] = Double(things.count - place) }
            return row
        }
    }

    /// Each thing's appraised value, 0 when not appraised.
    var appraised: [Int64] { things.map { $0.value ?? 0 } }
}
