import Fluent
import Foundation
import HeirloomCore

extension WishRoundService {
    /// A new personal link for a participant, to print or pass on by hand: someone without email, or whose email
    /// went astray. Their earlier links stop working, and so does every page opened from them (whoever found a
    /// stray email is out). Returns their name and the link.
    func handOut(participant participantID: UUID, of id: UUID, by organiser: WishOrganiser) async throws
        -> (name: String, url: String)
    {
        let round = try await find(id, householdID: organiser.householdID)
        guard round.status.effectiveState(at: clock()) != .draft else {
            throw AppError.conflict(
                code: "round_not_open", message: "Open the round first; then each person's link can be printed.")
        }
        guard
            let participant = try await WishParticipant.query(on: db).filter(\.$id == participantID)
                .filter(\.$round.$id == id).with(\.$beneficiary).first()
        else { throw AppError.notFound("participant") }
        let now = clock()
        let secret = try await db.transaction { db in
            let secret = try await LinkTokens(db: db).renew(
                .wishLink, subject: participantID, householdID: organiser.householdID, endingSessions: .wishSession)
            try await AuditLog.append(
                .wishRoundChanged,
                "\(organiser.name) printed \(participant.beneficiary.name)\u{2019}s link for the wish round "
                    + "\u{201C}\(round.title)\u{201D} to give it to them by hand.",
                householdID: organiser.householdID, at: now, on: db)
            return secret
        }
        return (participant.beneficiary.name, SiteURL.wishLink(.value(secret)).url(on: publicBaseURL))
    }

    /// Stops a participant's link, and every page opened from it, at once (a lost phone, a forwarded email); they
    /// stay in the round with what they asked for, and a printed link (`handOut`) lets them in again.
    func withdrawLink(participant participantID: UUID, of id: UUID, by organiser: WishOrganiser) async throws {
        let round = try await find(id, householdID: organiser.householdID)
        guard
            let participant = try await WishParticipant.query(on: db).filter(\.$id == participantID)
                .filter(\.$round.$id == id).with(\.$beneficiary).first()
        else { throw AppError.notFound("participant") }
        let now = clock()
        try await db.transaction { db in
            try await LinkTokens(db: db).revokeAll(subject: participantID, kinds: [.wishLink, .wishSession])
            try await AuditLog.append(
                .wishRoundChanged,
                "\(organiser.name) stopped \(participant.beneficiary.name)\u{2019}s link to the wish round "
                    + "\u{201C}\(round.title)\u{201D}.",
                householdID: organiser.householdID, at: now, on: db)
        }
    }

    /// Takes a participant out before the division, while at least two remain and no live turns have begun; their
    /// link and sessions stop at once.
    func remove(participant participantID: UUID, from id: UUID, by organiser: WishOrganiser) async throws {
        let round = try await find(id, householdID: organiser.householdID)
        guard [.draft, .open, .closed].contains(round.status.effectiveState(at: clock())) else {
            throw AppError.conflict(
                code: "round_divided", message: "The round has been divided; run it again after changing it.")
        }
        guard round.liveStartedAt == nil else {
            throw AppError.conflict(
                code: "live_draft_under_way", message: "The turns have begun, so nobody can be taken out now.")
        }
        guard
            let participant = try await WishParticipant.query(on: db).filter(\.$id == participantID)
                .filter(\.$round.$id == id).with(\.$beneficiary).first()
        else { throw AppError.notFound("participant") }
        guard try await WishParticipant.query(on: db).filter(\.$round.$id == id).count() > 2 else {
            throw AppError.conflict(
                code: "too_few_participants",
                message:
                    "A round needs at least two people, so nobody can be taken out. To shut out whoever has their "
                    + "link, stop the link instead: they stay in the round, and a printed link lets them in again.")
        }
        let now = clock()
        try await db.transaction { db in
            try await LinkTokens(db: db).revokeAll(subject: participantID, kinds: [.wishLink, .wishSession])
            try await participant.delete(on: db)
            try await AuditLog.append(
                .wishRoundChanged,
                "\(organiser.name) took \(participant.beneficiary.name) out of the wish round “\(round.title)”.",
                householdID: organiser.householdID, at: now, on: db)
        }
    }
}
