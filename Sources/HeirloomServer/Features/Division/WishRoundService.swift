import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// A round with what its pages and answers show: its things and its participants, with who has answered.
struct WishRoundView: Sendable {
    var round: WishRound
    var things: [WishThing]
    var participants: [WishParticipant]
    /// The state now: an open round past its closing moment reads as closed.
    var state: WishRoundState
}

/// Wish rounds as their organiser runs them (issue 30): drafted, opened (invitations go out), closed, divided and
/// confirmed. The same service serves the API and the pages, for an owner or a trusted contact.
struct WishRoundService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String

    /// The household's rounds, newest first.
    func list(by organiser: WishOrganiser) async throws -> [WishRoundView] {
        let rounds = try await WishRound.query(on: db).filter(\.$household.$id == organiser.householdID)
            .sort(\.$createdAt, .descending).all()
        var views: [WishRoundView] = []
        for round in rounds { views.append(try await view(round)) }
        return views
    }

    /// One round of the household, or 404.
    func round(_ id: UUID, by organiser: WishOrganiser) async throws -> WishRoundView {
        try await view(try await find(id, householdID: organiser.householdID))
    }

    func find(_ id: UUID, householdID: UUID) async throws -> WishRound {
        guard
            let round = try await WishRound.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == householdID).first()
        else { throw AppError.notFound("wish round") }
        return round
    }

    func view(_ round: WishRound) async throws -> WishRoundView {
        let participants = try await WishParticipant.query(on: db).filter(\.$round.$id == round.requireID())
            .with(\.$beneficiary).sort(\.$position).all()
        return WishRoundView(
            round: round, things: try await WishThings(db: db).things(of: round), participants: participants,
            state: round.status.effectiveState(at: clock()))
    }

    /// Drafts a round; nothing goes out until it is opened.
    func create(_ input: WishRoundInput, by organiser: WishOrganiser) async throws -> WishRoundView {
        guard let household = try await Household.find(organiser.householdID, on: db) else {
            throw AppError.notFound("household")
        }
        let zone = household.zone
        let checked: (title: String, participants: [WishRoundInput.Participant], closesOn: Day)
        do {
            checked = try input.checked(today: Day(clock(), in: zone))
        } catch {
            throw AppError.invalid(error)
        }
        let people = try await Beneficiary.query(on: db).filter(\.$household.$id == organiser.householdID)
            .filter(\.$id ~~ checked.participants.map(\.beneficiaryID)).count()
        guard people == checked.participants.count else {
            throw AppError.invalid(
                FieldError(field: "participants", message: "One of the people is not a beneficiary of this household."))
        }
        let refs = try await WishThings(db: db).chosen(input.things, householdID: organiser.householdID)
        let round = WishRound()
        round.$household.id = organiser.householdID
        round.title = checked.title
        round.method = input.method.rawValue
        round.showValues = input.showValues
        round.closesOn = checked.closesOn.text
        round.status = WishRoundStatus(closingOn: checked.closesOn, in: zone)
        round.organiser = organiser.name
        round.currencyCode = household.defaultCurrency
        if input.live {
            round.live = true
            round.turnHours = input.turnHours ?? 48
        }
        let now = clock()
        try await db.transaction { db in
            try await round.create(on: db)
            let roundID = try round.requireID()
            for (position, ref) in refs.enumerated() {
                let thing = WishRoundThing()
                thing.$round.id = roundID
                switch ref {
                case .item(let id): thing.$item.id = id
                case .set(let id): thing.$set.id = id
                }
                thing.position = position
                try await thing.create(on: db)
            }
            for (position, person) in checked.participants.enumerated() {
                let participant = WishParticipant()
                participant.$round.id = roundID
                participant.$beneficiary.id = person.beneficiaryID
                participant.share = person.share ?? 1
                participant.position = position
                try await participant.create(on: db)
            }
            try await AuditLog.append(
                .wishRoundDrafted,
                "\(organiser.name) drafted the wish round “\(round.title)” over \(refs.count) things.",
                householdID: organiser.householdID, at: now, on: db)
        }
        return try await view(round)
    }

    /// Opens a drafted round: each participant with an email address gets their personal link by email, in one
    /// transaction; the others' links are printed from the round's page (`handOut`).
    func open(_ id: UUID, by organiser: WishOrganiser) async throws -> WishRoundView {
        let round = try await find(id, householdID: organiser.householdID)
        let current = try await view(round)
        let now = clock()
        var status = round.status
        do {
            try status.open(at: now)
        } catch {
            throw error == .notDraft ? Self.notDraft : Self.closingDayPassed
        }
        let base = publicBaseURL
        let opened = status
        try await db.transaction { db in
            guard try await Self.claim(round, from: [.draft], to: opened, on: db) else { throw Self.notDraft }
            // The addresses the organiser opens the round with are the only ones a member's account takes part by.
            for participant in current.participants {
                participant.email = participant.beneficiary.email?.lowercased()
                try await participant.save(on: db)
            }
            // Someone without an email address is given their link by hand, from the round's page.
            for participant in current.participants where participant.beneficiary.email?.isEmpty == false {
                let secret = try await LinkTokens(db: db).issue(
                    .wishLink, subject: try participant.requireID(), householdID: organiser.householdID)
                let mail = WishMail.invitation(
                    to: participant.beneficiary, round: round, things: current.things.count, organiser: organiser.name,
                    link: SiteURL.wishLink(.value(secret)).url(on: base))
                try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: organiser.householdID)
            }
            try await AuditLog.append(
                .wishRoundOpened,
                "\(organiser.name) opened the wish round “\(round.title)”; \(current.participants.count) people were invited.",
                householdID: organiser.householdID, at: now, on: db)
        }
        return try await view(try await find(id, householdID: organiser.householdID))
    }

    /// Closes an open round early.
    func close(_ id: UUID, by organiser: WishOrganiser) async throws -> WishRoundView {
        let round = try await find(id, householdID: organiser.householdID)
        let now = clock()
        var status = round.status
        guard status.effectiveState(at: now) == .open else { throw Self.notOpen }
        try? status.close(at: now)
        let closed = status
        try await db.transaction { db in
            guard try await Self.claim(round, from: [.open], to: closed, on: db) else { throw Self.notOpen }
            try await AuditLog.append(
                .wishRoundClosed, "\(organiser.name) closed the wish round “\(round.title)”.",
                householdID: organiser.householdID, at: now, on: db)
        }
        return try await view(try await find(id, householdID: organiser.householdID))
    }

    /// Writes a step of the round only if it still stands where it stood when read (two requests at once: one
    /// wins, the other is told).
    static func claim(
        _ round: WishRound, from states: [WishRoundState], to status: WishRoundStatus, on db: any Database
    ) async throws -> Bool {
        let changed = try await db.sql().update(WishRound.schema)
            .set("state", to: status.state.rawValue).set("closes_at", to: status.closesAt)
            .set("updated_at", to: Date())
            .where("id", .equal, round.requireID()).where("state", .in, states.map(\.rawValue))
            .returning("id").all()
        guard !changed.isEmpty else { return false }
        round.status = status
        return true
    }

    static let notDraft = AppError.conflict(code: "round_not_draft", message: "This round has already been opened.")
    static let notOpen = AppError.conflict(code: "round_not_open", message: "This round is not open for wishes.")
    static let closingDayPassed = AppError.conflict(
        code: "round_closing_day_passed", message: "The round's last day has passed; please draft it again.")
}
