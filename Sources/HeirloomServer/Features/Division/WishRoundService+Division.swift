import Fluent
import Foundation
import HeirloomCore

/// A division as kept: the run, its result, and the round's runs, oldest first.
struct WishDivisionView: Sendable {
    var round: WishRoundView
    var run: WishRun
    var result: DivisionResult
    var runs: [WishRun]
}

/// What dividing did: a division proposed, or, for a draft taken live, the turns begun.
enum WishDivideOutcome: Sendable {
    case divided(WishDivisionView)
    case liveDraftBegun(WishRoundView)
}

extension WishRoundService {
    /// Proposes a division of a closed round (or again, of a divided one); the run is kept.
    func divide(_ id: UUID, seed: Int64?, order: [UUID]?, by organiser: WishOrganiser) async throws
        -> WishDivideOutcome
    {
        let round = try await find(id, householdID: organiser.householdID)
        let now = clock()
        var status = round.status
        do {
            try status.divided(at: now)
        } catch {
            throw Self.notClosed
        }
        let current = try await view(round)
        let seed = seed ?? Int64.random(in: 1...999_999)
        if round.isLive {
            guard current.state == .closed else {
                throw AppError.conflict(
                    code: "live_draft_done", message: "The turns were taken live; change the division by hand.")
            }
            if let order { try checkOrder(order, current) }
            guard try await !divisionInput(current, seed: seed).things.isEmpty else { throw Self.nothingToDivide }
            return .liveDraftBegun(try await startLive(round, seed: seed, order: order, by: organiser))
        }
        var input = try await divisionInput(current, seed: seed)
        guard !input.things.isEmpty else { throw Self.nothingToDivide }
        if let order {
            try checkOrder(order, current)
            input.order = order
        }
        let result = DivisionPlan.divide(input)
        let divided = status
        try await db.transaction { db in
            guard try await Self.claim(round, from: [.open, .closed, .divided], to: divided, on: db) else {
                throw Self.notClosed
            }
            try await saveRun(result, of: round, seed: seed, adjusted: false, changes: nil, by: organiser, on: db)
            try await AuditLog.append(
                .wishRoundDivided,
                "\(organiser.name) divided the wish round “\(round.title)” (\(round.divisionMethod.rawValue), seed \(seed)).",
                householdID: organiser.householdID, at: now, on: db)
        }
        return .divided(try await division(id, by: organiser))
    }

    private func checkOrder(_ order: [UUID], _ round: WishRoundView) throws {
        guard Set(order) == Set(round.participants.compactMap(\.id)), order.count == round.participants.count else {
            throw AppError.invalid(
                FieldError(field: "order", message: "The order must name every participant of the round once."))
        }
    }

    /// The latest division with the earlier runs; 409 before the first.
    func division(_ id: UUID, by organiser: WishOrganiser) async throws -> WishDivisionView {
        let round = try await view(try await find(id, householdID: organiser.householdID))
        let runs = try await WishRun.query(on: db).filter(\.$round.$id == id).sort(\.$number).all()
        guard let run = runs.last else { throw Self.notDivided }
        return WishDivisionView(round: round, run: run, result: try Self.result(of: run), runs: runs)
    }

    /// Moves things by hand; a new run is kept with the changes, and the fairness says what no longer holds.
    func adjust(_ id: UUID, moves: [(thingID: UUID, to: UUID)], by organiser: WishOrganiser) async throws
        -> WishDivisionView
    {
        let latest = try await division(id, by: organiser)
        guard latest.round.state == .divided else { throw Self.notDividedNow(latest.round.state) }
        let participants = Dictionary(
            uniqueKeysWithValues: latest.round.participants.map { ($0.id!, $0.beneficiary.name) })
        let titles = Dictionary(uniqueKeysWithValues: latest.round.things.map { ($0.id, $0.title) })
        var owners = Dictionary(uniqueKeysWithValues: latest.result.placements.map { ($0.thingID, $0.participantID) })
        var changes: [String] = []
        for move in moves {
            guard let from = owners[move.thingID], let title = titles[move.thingID] else {
                throw AppError.invalid(FieldError(field: "thingId", message: "One of the things is not in this round."))
            }
            guard let to = participants[move.to] else {
                throw AppError.invalid(
                    FieldError(field: "toParticipantId", message: "One of the people does not take part in this round.")
                )
            }
            guard from != move.to else { continue }
            owners[move.thingID] = move.to
            changes.append("\(title): \(participants[from] ?? "") → \(to)")
        }
        guard !changes.isEmpty else {
            throw AppError.invalid(FieldError(field: "moves", message: "Each thing named is already with that person."))
        }
        let lines = changes
        let input = try await divisionInput(latest.round, seed: latest.run.seed)
        let result = DivisionPlan.adjust(input, base: latest.result, owners: owners)
        let now = clock()
        let round = latest.round.round
        try await db.transaction { db in
            guard try await Self.claim(round, from: [.divided], to: round.status, on: db) else {
                throw Self.notDividedNow(.confirmed)
            }
            try await saveRun(
                result, of: round, seed: latest.run.seed, adjusted: true, changes: lines.joined(separator: "\n"),
                by: organiser, on: db)
            try await AuditLog.append(
                .wishDivisionAdjusted,
                "\(organiser.name) changed the division of “\(round.title)” by hand: \(lines.joined(separator: "; ")).",
                householdID: organiser.householdID, at: now, on: db)
        }
        return try await division(id, by: organiser)
    }

    /// What the division rules read of a round: each participant's wishes, and each thing's value.
    func divisionInput(_ round: WishRoundView, seed: Int64) async throws -> DivisionInput {
        let ids = round.participants.compactMap(\.id)
        let wishes = Dictionary(grouping: try await Wish.query(on: db).filter(\.$participant.$id ~~ ids).all()) {
            $0.$participant.id
        }
        let participants = round.participants.map { participant in
            let own = wishes[participant.id!] ?? []
            return DivisionInput.Participant(
                id: participant.id!, name: participant.beneficiary.name, share: participant.share,
                ranking: own.compactMap { wish in wish.rank.map { (wish.thingID, $0) } }.sorted { $0.1 < $1.1 }
                    .map(\.0),
                points: Dictionary(own.compactMap { wish in wish.points.map { (wish.thingID, $0) } }) { a, _ in a })
        }
        // Things left to someone by hand, or gone, since the round began are left out of any division made now.
        let refused = try await WishThings(db: db).refusals(
            of: Set(round.things.map(\.id)), householdID: round.round.$household.id)
        return DivisionInput(
            method: round.round.divisionMethod, participants: participants,
            things: round.things.filter { refused[$0.id] == nil }.map {
                .init(id: $0.id, title: $0.title, value: $0.value)
            },
            seed: UInt64(max(seed, 0)), order: nil)
    }

    func saveRun(
        _ result: DivisionResult, of round: WishRound, seed: Int64, adjusted: Bool, changes: String?,
        by organiser: WishOrganiser, on db: any Database
    ) async throws {
        let last = try await WishRun.query(on: db).filter(\.$round.$id == round.requireID()).max(\.$number) ?? 0
        let run = WishRun()
        run.$round.id = try round.requireID()
        run.number = last + 1
        run.seed = seed
        run.adjusted = adjusted
        run.byName = organiser.name
        run.result = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        run.changes = changes
        try await run.create(on: db)
    }

    static func result(of run: WishRun) throws -> DivisionResult {
        try JSONDecoder().decode(DivisionResult.self, from: Data(run.result.utf8))
    }

    static let notClosed = AppError.conflict(
        code: "round_not_closed", message: "A round is divided once it has closed, and before it is confirmed.")
    static let nothingToDivide = AppError.conflict(
        code: "nothing_to_divide",
        message: "Every thing of this round has been left to someone or has gone, so there is nothing to divide.")
    static let notDivided = AppError.conflict(code: "not_divided", message: "This round has not been divided yet.")
    static func notDividedNow(_ state: WishRoundState) -> AppError {
        state == .confirmed
            ? AppError.conflict(code: "round_confirmed", message: "This division has been confirmed already.")
            : notDivided
    }
}
