import Fluent
import Foundation
import HeirloomCore

/// Undoes a release's hand-over when the estate is reopened: the links hidden again are no longer "announced"
/// (a later release tells their people again), emails about them that have not left the hub are withdrawn, and each
/// person who was told, or given their link, hears by email, kindly, that it was a mistake.
struct RecallReleased: Sendable {
    let db: any Database
    let now: Date

    /// One person whose things the reopening hides again.
    struct Recalled: Sendable {
        var person: Beneficiary
        var hidden: [ItemBeneficiary]
        /// They were told (an email left the hub, or their link was given by hand): they hear it was a mistake.
        var wasTold: Bool
    }

    /// What reopening into `reopened` would hide, and from whom; changes nothing. The confirmation page and
    /// `recall` share it, so the page promises exactly the emails that go out.
    func plan(_ estate: Estate, after reopened: EstateStatus) async throws -> [Recalled] {
        let people = try await Beneficiary.query(on: db).filter(\.$household.$id == estate.$household.id)
            .with(\.$links).sort(\.$name).all()
        let before = estate.status
        // One still waiting is withdrawn below, and told them nothing.
        let delivered = try await HeirService.told(householdID: estate.$household.id, on: db)
        return people.compactMap { person in
            let invited = person.invitedAt != nil
            let hidden = person.links.filter { link in
                RecipientVisibility.isVisible(
                    link.rule, estate: before, at: now, timeZone: estate.zone, invited: invited)
                    && !RecipientVisibility.isVisible(
                        link.rule, estate: reopened, at: now, timeZone: estate.zone, invited: invited)
            }
            guard !hidden.isEmpty else { return nil }
            let emailed = hidden.contains { $0.announcedAt != nil } && person.id.map { delivered.contains($0) } == true
            let wasTold = emailed || person.linkHandedAt != nil
            return Recalled(person: person, hidden: hidden, wasTold: wasTold)
        }
    }

    /// Recalls what `reopened` hides; returns the names of the people emailed.
    func recall(_ estate: Estate, after reopened: EstateStatus) async throws -> [String] {
        var emailed: [String] = []
        for recalled in try await plan(estate, after: reopened) {
            let person = recalled.person
            let personID = try person.requireID()
            for link in recalled.hidden where link.announcedAt != nil {
                link.announcedAt = nil
                try await link.save(on: db)
            }
            // A "left to you" email still waiting in the outbox is withdrawn: it would now be untrue.
            try await OutboxMessage.query(on: db).filter(\.$beneficiaryID == personID)
                .filter(\.$purpose == "recipientItems").filter(\.$status == .queued).delete()
            person.notToldAt = nil
            person.linkHandedAt = nil
            person.openedAt = nil
            try await person.save(on: db)
            guard recalled.wasTold, let email = person.email, person.canBeTold else { continue }
            let mail = RecipientMail.releaseWasAMistake(
                to: person, email: email, holder: estate.holder?.name ?? "Your family member",
                contact: try await EstateContacts.sentence(of: estate, for: email, on: db))
            try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: estate.$household.id)
            emailed.append(person.name)
        }
        return emailed
    }
}
