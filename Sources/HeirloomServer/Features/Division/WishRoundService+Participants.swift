import Fluent
import Foundation
import HeirloomCore

extension WishRoundService {
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
                code: "too_few_participants", message: "A round needs at least two people, so nobody can be taken out.")
        }
        let now = clock()
        try await db.transaction { db in
            try await PassingTokens(db: db).revokeAll(subject: participantID, kinds: [.wishLink, .wishSession])
            try await participant.delete(on: db)
            try await EstateAudit.append(
                .wishRoundChanged,
                "\(organiser.name) took \(participant.beneficiary.name) out of the wish round “\(round.title)”.",
                householdID: organiser.householdID, at: now, on: db)
        }
    }
}
