import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Where a live draft stands: whose turn it is and until when, and the picks so far.
struct LiveDraftView: Sendable {
    var turn: WishParticipant?
    var deadline: Date?
    var picks: [WishPick]
}

extension WishRoundService {
    /// Starts a live draft of a closed round: the order is drawn (or set), and the first participant is emailed.
    func startLive(_ round: WishRound, seed: Int64, order: [UUID]?, by organiser: WishOrganiser) async throws
        -> WishRoundView
    {
        guard round.liveStartedAt == nil else {
            throw AppError.conflict(
                code: "live_draft_under_way", message: "The turns have begun; each pick is made on its page.")
        }
        let now = clock()
        round.draftSeed = seed
        round.draftOrder = order.map { $0.map(\.text).joined(separator: ",") }
        round.liveStartedAt = now
        round.turnDeadline = now.addingTimeInterval(Double(round.turnHours ?? 48) * 3_600)
        let current = try await view(round)
        let input = try await liveInput(current)
        let base = publicBaseURL
        try await db.transaction { db in
            let claimed = try await db.sql().update(WishRound.schema).set("live_started_at", to: now)
                .set("turn_deadline", to: round.turnDeadline).set("draft_seed", to: seed)
                .set("draft_order", to: round.draftOrder).set("state", to: WishRoundState.closed.rawValue)
                .set("closes_at", to: round.status.closesAt)
                .where("id", .equal, try round.requireID()).where("live_started_at", .is, SQLLiteral.null)
                .where("state", .in, [WishRoundState.open.rawValue, WishRoundState.closed.rawValue])
                .returning("id").all()
            guard claimed.count == 1 else { throw Self.notClosed }
            try await tellTurn(
                of: LiveDraft.next(input, picks: 0), in: current, deadline: round.turnDeadline, base: base, now: now,
                on: db)
            try await AuditLog.append(
                .wishRoundDivided,
                "\(organiser.name) began the turns of “\(round.title)” live (draw number \(seed)).",
                householdID: organiser.householdID, at: now, on: db)
        }
        return try await view(try await find(try round.requireID(), householdID: organiser.householdID))
    }

    /// Records a pick: the participant's own, or the hub's when their time ran out. The last pick makes the division.
    func pick(_ thingID: UUID, for participantID: UUID, in roundID: UUID, byHub: Bool) async throws {
        guard let round = try await WishRound.find(roundID, on: db), round.isLive, round.liveStartedAt != nil,
            round.status.effectiveState(at: clock()) == .closed
        else {
            throw AppError.conflict(code: "not_drafting", message: "There are no turns to take in this round now.")
        }
        let current = try await view(round)
        let input = try await liveInput(current)
        let stored = try await WishPick.query(on: db).filter(\.$round.$id == roundID).sort(\.$turn).all()
        // Picks of things gone from the round since do not count; turn numbers only grow.
        let picks = stored.filter { pick in input.things.contains { $0.id == pick.thingID } }
        guard LiveDraft.next(input, picks: picks.count) == participantID else {
            throw AppError.conflict(code: "not_your_turn", message: "It is not your turn yet; you will get an email.")
        }
        guard input.things.contains(where: { $0.id == thingID }), !picks.contains(where: { $0.thingID == thingID })
        else {
            throw AppError.invalid(FieldError(field: "thingId", message: "That thing has already been chosen."))
        }
        let now = clock()
        let base = publicBaseURL
        let taken = picks.map {
            LiveDraft.Pick(thingID: $0.thingID, participantID: $0.$participant.id, turn: $0.turn, byHub: $0.byHub)
        }
        let mine = LiveDraft.Pick(
            thingID: thingID, participantID: participantID, turn: (stored.map(\.turn).max() ?? 0) + 1, byHub: byHub)
        do {
            try await db.transaction { db in
                let pick = WishPick()
                pick.$round.id = roundID
                pick.turn = mine.turn
                pick.$participant.id = participantID
                pick.thingID = thingID
                pick.byHub = byHub
                pick.pickedAt = now
                try await pick.create(on: db)
                if let next = LiveDraft.next(input, picks: picks.count + 1), picks.count + 1 < input.things.count {
                    let deadline = now.addingTimeInterval(Double(round.turnHours ?? 48) * 3_600)
                    try await WishRound.query(on: db).filter(\.$id == roundID).set(\.$turnDeadline, to: deadline)
                        .update()
                    try await tellTurn(of: next, in: current, deadline: deadline, base: base, now: now, on: db)
                } else {
                    try await finish(round, input: input, picks: taken + [mine], at: now, on: db)
                }
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Two picks for one turn at once: the unique index keeps the first.
            throw AppError.conflict(code: "not_your_turn", message: "That turn has just been taken.")
        }
    }

    /// The last pick made: the division of the picks is kept as the round's run, and the round is divided.
    private func finish(
        _ round: WishRound, input: DivisionInput, picks: [LiveDraft.Pick], at now: Date, on db: any Database
    ) async throws {
        let result = DivisionPlan.live(input, picks: picks)
        var status = round.status
        try status.divided(at: now)
        guard try await Self.claim(round, from: [.open, .closed], to: status, on: db) else { throw Self.notClosed }
        try await WishRound.query(on: db).filter(\.$id == round.requireID()).set(\.$turnDeadline, to: nil).update()
        try await saveRun(
            result, of: round, seed: round.draftSeed ?? 0, adjusted: false, changes: nil,
            by: WishOrganiser(householdID: round.$household.id, name: round.organiser), on: db)
    }

    /// The hub picks for everyone whose turn has run out (the scheduler's work).
    func pickForLateParticipants() async throws {
        let now = clock()
        let due = try await WishRound.query(on: db).filter(\.$live == true).filter(\.$turnDeadline <= now).all()
        for round in due where round.liveStartedAt != nil {
            let current = try await view(round)
            let input = try await liveInput(current)
            let picks = try await WishPick.query(on: db).filter(\.$round.$id == round.requireID()).all()
                .filter { pick in input.things.contains { $0.id == pick.thingID } }
            guard let next = LiveDraft.next(input, picks: picks.count),
                let thing = LiveDraft.hubPick(input, for: next, taken: Set(picks.map(\.thingID)))
            else {
                // Nothing left to pick (things gone since): what was picked is the division.
                let taken = picks.map {
                    LiveDraft.Pick(
                        thingID: $0.thingID, participantID: $0.$participant.id, turn: $0.turn, byHub: $0.byHub)
                }
                try await db.transaction { db in
                    try await finish(round, input: input, picks: taken, at: now, on: db)
                }
                continue
            }
            // A pick that fails (the participant picked at the same moment) is tried again on the next pass.
            try? await pick(thing, for: next, in: try round.requireID(), byHub: true)
        }
    }

    /// Whose turn it is, until when, and the picks so far; nil unless a live draft has begun.
    func live(_ view: WishRoundView) async throws -> LiveDraftView? {
        guard view.round.isLive, view.round.liveStartedAt != nil else { return nil }
        let input = try await liveInput(view)
        let picks = try await WishPick.query(on: db).filter(\.$round.$id == view.round.requireID()).sort(\.$turn).all()
            .filter { pick in input.things.contains { $0.id == pick.thingID } }
        let next = view.state == .closed ? LiveDraft.next(input, picks: picks.count) : nil
        return LiveDraftView(
            turn: next.flatMap { id in view.participants.first { $0.id == id } },
            deadline: next == nil ? nil : view.round.turnDeadline, picks: picks)
    }

    /// The division rules' input for a live draft: its draw number and the order the organiser set.
    func liveInput(_ view: WishRoundView) async throws -> DivisionInput {
        var input = try await divisionInput(view, seed: view.round.draftSeed ?? 0)
        input.order = view.round.draftOrder.map { $0.split(separator: ",").compactMap { UUID(uuidString: String($0)) } }
        return input
    }

    /// Emails the participant whose turn it is, with a fresh link to their page.
    private func tellTurn(
        of participantID: UUID?, in view: WishRoundView, deadline: Date?, base: String, now: Date,
        on db: any Database
    ) async throws {
        guard let participantID, let participant = view.participants.first(where: { $0.id == participantID }),
            participant.beneficiary.email?.isEmpty == false
        else { return }
        let secret = try await LinkTokens(db: db).issue(
            .wishLink, subject: participantID, householdID: view.round.$household.id)
        let household = try await Household.find(view.round.$household.id, on: db)
        let mail = WishMail.yourTurn(
            to: participant.beneficiary, round: view.round,
            until: deadline.map { (household?.days ?? DayText(zone: .current)).dayAndTime($0) },
            link: SiteURL.wishLink(.value(secret)).url(on: base))
        try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: view.round.$household.id)
    }
}
