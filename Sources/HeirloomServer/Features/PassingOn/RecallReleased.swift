import Fluent
import Foundation
import HeirloomCore

/// Undoes a release's hand-over when the estate is reopened: the links hidden again are no longer "announced"
/// (a later release tells their people again), and each person who was told, or given their link, hears by email,
/// kindly, that it was a mistake.
struct RecallReleased: Sendable {
    let db: any Database
    let now: Date
    let base: String

    /// Recalls what `reopened` hides; returns the names of the people emailed.
    func recall(_ estate: Estate, after reopened: EstateStatus, householdID: UUID) async throws -> [String] {
        let people = try await Beneficiary.query(on: db).filter(\.$household.$id == householdID).with(\.$links)
            .sort(\.$name).all()
        let before = estate.status
        var emailed: [String] = []
        for person in people {
            let invited = person.invitedAt != nil
            let hidden = person.links.filter { link in
                RecipientVisibility.isVisible(
                    link.rule, estate: before, at: now, timeZone: estate.zone, invited: invited)
                    && !RecipientVisibility.isVisible(
                        link.rule, estate: reopened, at: now, timeZone: estate.zone, invited: invited)
            }
            guard !hidden.isEmpty else { continue }
            let wasTold = hidden.contains { $0.announcedAt != nil } || person.linkHandedAt != nil
            for link in hidden where link.announcedAt != nil {
                link.announcedAt = nil
                try await link.save(on: db)
            }
            person.notToldAt = nil
            person.linkHandedAt = nil
            try await person.save(on: db)
            guard wasTold, let email = person.email, person.canBeTold else { continue }
            let mail = RecipientMail.releaseWasAMistake(
                to: person, email: email, holder: estate.holder?.name ?? "Your family member",
                contact: try await EstateContacts.sentence(of: estate, for: email, on: db))
            try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID)
            emailed.append(person.name)
        }
        return emailed
    }
}
