import Fluent
import Foundation
import HeirloomCore

extension WishRoundService {
    /// Confirms the latest division: each thing is left to its participant (at once after the release, else by
    /// `rule`), its disposition becomes legacy, every participant is emailed, all in one transaction.
    func confirm(_ id: UUID, rule requested: ReleaseRule?, by organiser: WishOrganiser) async throws -> WishRoundView {
        let latest = try await division(id, by: organiser)
        guard latest.round.state == .divided else { throw Self.notDividedNow(latest.round.state) }
        let round = latest.round.round
        let now = clock()
        let estate = try await EstateService.ensure(householdID: organiser.householdID, on: db)
        let rule: ReleaseRule =
            estate.status.effectiveState(at: now) == .released ? .immediate : requested ?? .uponPassing
        let things = Dictionary(uniqueKeysWithValues: latest.round.things.map { ($0.id, $0) })
        let people = Dictionary(uniqueKeysWithValues: latest.round.participants.map { ($0.id!, $0) })
        // Everyone and everything the division names must still be there, and still free to give.
        guard latest.result.placements.allSatisfy({ things[$0.thingID] != nil && people[$0.participantID] != nil })
        else { throw Self.outOfDate }
        let refused = try await WishThings(db: db).refusals(
            of: Set(latest.result.placements.map(\.thingID)), householdID: organiser.householdID)
        if let (id, reason) = refused.first {
            throw AppError.conflict(
                code: "thing_taken",
                message: "\(reason) Please divide the round again: \(things[id]?.title ?? "it") will be left out.")
        }
        var status = round.status
        try? status.confirm()
        let confirmed = status
        let base = publicBaseURL
        try await db.transaction { db in
            guard try await Self.claim(round, from: [.divided], to: confirmed, on: db) else {
                throw Self.notDividedNow(.confirmed)
            }
            // A change by hand that came in meanwhile made a newer run: confirm only the one that was read.
            let newest = try await WishRun.query(on: db).filter(\.$round.$id == id).sort(\.$number, .descending)
                .first()
            guard newest?.id == latest.run.id else { throw Self.outOfDate }
            round.releaseRule = rule.permission.rawValue
            try await round.save(on: db)
            var itemIDs: [UUID] = []
            for placement in latest.result.placements {
                guard let thing = things[placement.thingID], let person = people[placement.participantID] else {
                    continue
                }
                for itemID in thing.itemIDs {
                    if let taken = try await ItemBeneficiary.query(on: db).filter(\.$item.$id == itemID)
                        .with(\.$beneficiary).first()
                    {
                        throw AppError.conflict(
                            code: "thing_taken",
                            message: "\(thing.title) has been left to \(taken.beneficiary.name) since the round "
                                + "began. Please divide the round again: it will be left out.")
                    }
                    let link = ItemBeneficiary()
                    link.$item.id = itemID
                    link.$beneficiary.id = person.$beneficiary.id
                    link.notificationStatus = NotificationStatus.notSent.rawValue
                    link.accessPermission = rule.permission.rawValue
                    if case .afterSpecificDate(let date) = rule { link.accessDate = date }
                    link.divisionReason = placement.reason
                    try await link.create(on: db)
                    itemIDs.append(itemID)
                }
            }
            for item in try await Item.query(on: db).filter(\.$id ~~ itemIDs).all() {
                var disposition = item.disposition
                disposition.value = .legacy
                item.disposition = disposition
                try await item.save(on: db)
            }
            try await LegacySync(db: db).settle(itemIDs)
            for share in latest.result.shares {
                guard let person = people[share.participantID], person.beneficiary.email?.isEmpty == false else {
                    continue
                }
                // Things left to them "now" are theirs to see: they are told, as an owner's invitation tells them,
                // and the scheduler sends the link to their page (`PassingJobs.announceVisibleLinks`).
                if rule == .immediate, !share.thingIDs.isEmpty, person.beneficiary.invitedAt == nil {
                    try await Beneficiary.query(on: db).filter(\.$id == person.$beneficiary.id)
                        .filter(\.$invitedAt == nil).set(\.$invitedAt, to: now).update()
                }
                let secret = try await LinkTokens(db: db).issue(
                    .wishLink, subject: share.participantID, householdID: organiser.householdID)
                let mail = WishMail.confirmed(
                    to: person.beneficiary, round: round, things: share.thingIDs.compactMap { things[$0]?.title },
                    link: SiteURL.wishLink(.value(secret)).url(on: base))
                try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: organiser.householdID)
            }
            try await AuditLog.append(
                .wishRoundConfirmed,
                "\(organiser.name) confirmed the division of “\(round.title)” (run \(latest.run.number)); "
                    + "\(itemIDs.count) items were left to their new owners.",
                householdID: organiser.householdID, at: now, on: db)
        }
        return try await view(try await find(id, householdID: organiser.householdID))
    }

    static let outOfDate = AppError.conflict(
        code: "division_out_of_date",
        message: "The round changed since this division was made. Please look at the newest division and confirm that.")
}
