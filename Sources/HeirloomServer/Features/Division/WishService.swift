import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// A participant's own view of their round: the things, their wishes, and, once confirmed, their share.
struct WishSheetView: Sendable {
    var round: WishRound
    var participant: WishParticipant
    var state: WishRoundState
    var things: [WishThing]
    var wishes: [Wish]
    /// A draft taken live, once its turns have begun.
    var live: LiveDraftView?
}

/// What a participant does through their personal link (issue 30): exchange it for a session, read the round's
/// things, say and change their wishes while the round is open, and read their share once it is confirmed. A
/// participant sees only their own wishes, never anyone else's.
struct WishService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    /// Counts the openings of links, per link and per address.
    let linkThrottle: LoginThrottle
    /// For the link in the email to whoever's turn comes next.
    let publicBaseURL: String

    /// Exchanges the secret of an emailed link for a session for this round alone. A secret that opens
    /// nothing counts against it and the address it came from (`LinkTokens.open`).
    func signIn(linkSecret: String, from address: String) async throws -> (participant: WishParticipant, secret: String)
    {
        let now = clock()
        let tokens = LinkTokens(db: db)
        guard
            let token = try await tokens.open(
                linkSecret, kinds: [.wishLink, .wishSession], from: address, throttle: linkThrottle, now: now),
            let participant = try await WishParticipant.query(on: db).filter(\.$id == token.subjectID)
                .with(\.$beneficiary).first()
        else { throw AppError.notFound("page") }
        let secret = try await tokens.startSession(
            .wishSession, subject: token.subjectID, householdID: token.$household.id, now: now)
        return (participant, secret)
    }

    /// The rounds a signed-in member takes part in, open or settled, newest first: they may take part through their
    /// account as well as through their emailed link, once their address is confirmed and is the one the round was
    /// opened with for that participant (`AddressProof`).
    func rounds(of principal: Principal) async throws -> [(round: WishRound, participant: WishParticipant)] {
        let email = principal.email.lowercased()
        // Home asks on every visit: only the household's open or settled rounds opened with this address are read.
        let named = try await WishParticipant.query(on: db)
            .join(WishRound.self, on: \WishParticipant.$round.$id == \WishRound.$id)
            .filter(WishRound.self, \.$household.$id == principal.householdID)
            .filter(WishRound.self, \.$state != WishRoundState.draft.rawValue)
            .filter(\.$email == email)
            .with(\.$beneficiary).with(\.$round).all()
        // Whether the address is proved is read only when some round names it, which most visits of Home do not.
        guard !named.isEmpty else { return [] }
        let confirmed = try await User.find(principal.userID, on: db)?.emailConfirmedAt != nil
        let people = named.filter {
            AddressProof.accountStandsFor(
                chosen: $0.email, memberEmail: email, confirmed: confirmed,
                namedByThemselves: $0.beneficiary.emailSetByID == principal.userID)
        }
        return people.map { ($0.round, $0) }.sorted {
            ($0.round.createdAt ?? .distantPast) > ($1.round.createdAt ?? .distantPast)
        }
    }

    /// A session for a member taking part in a round through their account; 404 when they do not take part.
    func signIn(member principal: Principal, round roundID: UUID) async throws -> String {
        guard let (round, participant) = try await rounds(of: principal).first(where: { $0.round.id == roundID }) else {
            throw AppError.notFound("wish round")
        }
        return try await LinkTokens(db: db).startSession(
            .wishSession, subject: try participant.requireID(), householdID: round.$household.id, now: clock())
    }

    /// The participant a session secret belongs to, or nil (a removed participant's sessions end with them).
    func participant(forSession secret: String) async throws -> WishParticipant? {
        guard let token = try await LinkTokens(db: db).find(secret, kinds: [.wishSession], now: clock()) else {
            return nil
        }
        return try await WishParticipant.query(on: db).filter(\.$id == token.subjectID).with(\.$beneficiary)
            .first()
    }

    /// The round's things and the participant's own wishes.
    func sheet(of participant: WishParticipant) async throws -> WishSheetView {
        guard let round = try await WishRound.find(participant.$round.id, on: db) else {
            throw AppError.notFound("page")
        }
        let wishes = try await Wish.query(on: db).filter(\.$participant.$id == participant.requireID()).all()
        let rounds = WishRoundService(db: db, clock: clock, publicBaseURL: "")
        let view = try await rounds.view(round)
        return WishSheetView(
            round: round, participant: participant, state: view.state, things: view.things, wishes: wishes,
            live: try await rounds.live(view))
    }

    /// Replaces the participant's wishes while the round is open: all of them or, when any is refused, none.
    func put(_ wishes: [WishInput], by participant: WishParticipant) async throws -> WishSheetView {
        let sheet = try await sheet(of: participant)
        guard sheet.round.status.takesWishes(at: clock()) else { throw Self.closed(sheet.state) }
        let checked: [WishInput]
        do {
            checked = try WishRules.check(
                wishes, method: sheet.round.divisionMethod, things: Set(sheet.things.map(\.id)))
        } catch {
            throw AppError.invalid(error)
        }
        let participantID = try participant.requireID()
        let now = clock()
        try await db.transaction { db in
            // Claim the round while it is open (a write, so a close that comes meanwhile waits for this, or wins).
            let open = try await db.sql().update(WishRound.schema).set("updated_at", to: now)
                .where("id", .equal, try sheet.round.requireID()).where("state", .equal, WishRoundState.open.rawValue)
                .where("closes_at", .greaterThan, now).returning("id").all()
            guard !open.isEmpty else { throw Self.closed(.closed) }
            try await Wish.query(on: db).filter(\.$participant.$id == participantID).delete()
            for input in checked where (input.points ?? 1) > 0 || input.reason != nil {
                let wish = Wish()
                wish.$participant.id = participantID
                wish.thingID = input.thingID
                wish.rank = input.rank
                wish.points = input.points
                wish.reason = input.reason
                try await wish.create(on: db)
            }
            try await WishParticipant.query(on: db).filter(\.$id == participantID).set(\.$answeredAt, to: now)
                .update()
        }
        participant.answeredAt = now
        return try await self.sheet(of: participant)
    }

    /// The participant's share of a confirmed round, with the reasons and why the whole is fair.
    func result(of participant: WishParticipant) async throws -> (sheet: WishSheetView, result: DivisionResult) {
        let sheet = try await sheet(of: participant)
        guard sheet.state == .confirmed,
            let run = try await WishRun.query(on: db).filter(\.$round.$id == sheet.round.requireID())
                .sort(\.$number, .descending).first()
        else {
            throw AppError.conflict(
                code: "not_confirmed", message: "The division has not been settled yet; you will get an email.")
        }
        return (sheet, try WishRoundService.result(of: run))
    }

    /// The participant's pick for their turn of a draft taken live.
    func pick(_ thingID: UUID, by participant: WishParticipant) async throws -> WishSheetView {
        let rounds = WishRoundService(db: db, clock: clock, publicBaseURL: publicBaseURL)
        try await rounds.pick(thingID, for: try participant.requireID(), in: participant.$round.id, byHub: false)
        return try await sheet(of: participant)
    }

    static func closed(_ state: WishRoundState) -> AppError {
        state == .draft
            ? AppError.conflict(code: "round_not_open", message: "This round is not open yet.")
            : AppError.conflict(
                code: "round_closed", message: "This round has closed, so wishes can no longer be changed.")
    }
}
