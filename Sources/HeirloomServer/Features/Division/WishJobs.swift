import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The scheduler's work for wish rounds, one pass: remind those who have not answered two days before the close,
/// and write down the close of rounds whose last day has ended. Each round is claimed with a conditional update, so
/// two server processes on one database remind once.
struct WishJobs: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String

    func runOnce() async throws {
        try await remind()
        try await closeEnded()
        try await WishRoundService(db: db, clock: clock, publicBaseURL: publicBaseURL).pickForLateParticipants()
    }

    func remind() async throws {
        let now = clock()
        let rounds = try await WishRound.query(on: db).filter(\.$state == WishRoundState.open.rawValue)
            .filter(\.$remindedAt == nil).all()
        let base = publicBaseURL
        for round in rounds where round.status.reminderDue(at: now) {
            try await db.transaction { db in
                let claimed = try await db.sql().update(WishRound.schema).set("reminded_at", to: now)
                    .where("id", .equal, try round.requireID()).where("reminded_at", .is, SQLLiteral.null)
                    .returning("id").all()
                guard claimed.count == 1 else { return }
                let silent = try await WishParticipant.query(on: db).filter(\.$round.$id == round.requireID())
                    .filter(\.$answeredAt == nil).with(\.$beneficiary).all()
                for participant in silent where participant.beneficiary.email?.isEmpty == false {
                    let secret = try await LinkTokens(db: db).issue(
                        .wishLink, subject: try participant.requireID(), householdID: round.$household.id)
                    let mail = WishMail.reminder(
                        to: participant.beneficiary, round: round, link: SiteURL.wishLink(.value(secret)).url(on: base))
                    try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: round.$household.id)
                    participant.remindedAt = now
                    try await participant.save(on: db)
                }
                if !silent.isEmpty {
                    try await AuditLog.append(
                        .wishesReminded,
                        "Reminded \(ListText.and(silent.map(\.beneficiary.name))) that “\(round.title)” closes soon.",
                        householdID: round.$household.id, at: now, on: db)
                }
            }
        }
    }

    /// Writes `closed` on open rounds whose last day has ended (they already read as closed).
    func closeEnded() async throws {
        let now = clock()
        try await WishRound.query(on: db).filter(\.$state == WishRoundState.open.rawValue)
            .filter(\.$closesAt <= now).set(\.$state, to: WishRoundState.closed.rawValue).update()
    }
}
