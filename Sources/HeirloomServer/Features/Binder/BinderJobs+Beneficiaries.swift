import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The scheduler tells each beneficiary once of the binder entries released to them, with their recipient link:
/// someone named for the funeral wishes, with no item of their own, would otherwise never know.
extension BinderJobs {
    func tellBeneficiaries() async throws {
        let now = clock()
        let households = Set(try await BinderEntry.query(on: db).all(\.$household.$id))
        for householdID in households {
            let estate = try await EstateService.ensure(householdID: householdID, on: db)
            let binder = try await BinderReading(db: db, clock: clock).load(estate) { _ in true }
            let people = try await Beneficiary.query(on: db).filter(\.$household.$id == householdID).all()
            let named = Set(binder.entries.flatMap { $0.visibility.beneficiaries.map(\.beneficiaryID) })
            for person in people where named.contains(person.id ?? UUID()) {
                let visible = binder.entries.filter { shown in
                    BinderRelease.isVisible(
                        shown.visibility, to: .beneficiary(person.id ?? UUID()), estate: estate.status, at: now)
                }
                try await tell(person, about: visible.map(\.entry), estate: estate, now: now)
            }
        }
    }

    /// Claims each entry not yet told of, then emails the person one link for all of them.
    private func tell(_ person: Beneficiary, about entries: [BinderEntry], estate: Estate, now: Date) async throws {
        guard !entries.isEmpty, let personID = person.id, let email = person.email,
            !email.trimmingWhitespace().isEmpty
        else { return }
        let told = Set(
            try await BinderNotice.query(on: db).filter(\.$beneficiary.$id == personID).all(\.$entry.$id))
        let new = entries.filter { !told.contains($0.id ?? UUID()) }
        guard !new.isEmpty else { return }
        let base = publicBaseURL
        let householdID = estate.$household.id
        try await db.transaction { db in
            var won = 0
            for entry in new {
                // ON CONFLICT DO NOTHING: a second server telling the same person at once claims nothing, and
                // PostgreSQL's transaction goes on (a failed insert would end it).
                let claimed = try await db.sql().insert(into: BinderNotice.schema)
                    .columns("id", "entry_id", "beneficiary_id", "told_at")
                    .values(SQLBind(UUID()), SQLBind(try entry.requireID()), SQLBind(personID), SQLBind(now))
                    .ignoringConflicts(with: ["entry_id", "beneficiary_id"])
                    .returning("id").all()
                won += claimed.count
            }
            guard won > 0 else { return }
            let secret = try await LinkTokens(db: db).issue(
                .recipientLink, subject: personID, householdID: householdID)
            let mail = BinderMail(base: base).released(
                to: person, email: email, count: won, from: estate.holder?.name ?? "Your family",
                holderLives: estate.status.effectiveState(at: now) != .released,
                link: SiteURL.recipientLink(.value(secret)).url(on: base))
            try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID)
        }
    }
}
