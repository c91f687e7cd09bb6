import Fluent
import Foundation
import HeirloomCore
import Logging
import SQLKit

/// The scheduler's work, one pass: release due estates, remind holders halfway, announce newly visible links,
/// and drain the outbox. All state is in the database and every step claims its rows with a conditional
/// update, so a pass can run in two server processes on one PostgreSQL database and each thing happens once.
struct PassingJobs: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String
    let mail: MailSettings
    let transport: (any MailTransport)?
    let logger: Logger
    /// The media store, for the pictures inside emails.
    var store: BlobStore? = nil

    func runOnce() async throws {
        try await releaseDueEstates()
        try await remindHoldersHalfway()
        try await announceVisibleLinks()
        try await checkInactivity()
        do {
            try await WishJobs(db: db, clock: clock, publicBaseURL: publicBaseURL).runOnce()
        } catch {
            // A wish round's trouble never holds up the mail below.
            logger.warning("wish rounds: \(error)")
        }
        do {
            try await BinderJobs(db: db, clock: clock, publicBaseURL: publicBaseURL).runOnce()
        } catch {
            logger.warning("binder: \(error)")
        }
        do {
            try await LetterJobs(db: db, clock: clock, publicBaseURL: publicBaseURL).runOnce()
        } catch {
            logger.warning("letters: \(error)")
        }
        do {
            try await StorytellerJobs(db: db, clock: clock, publicBaseURL: publicBaseURL).runOnce()
        } catch {
            logger.warning("storytellers: \(error)")
        }
        try await OutboxWorker(
            db: db, clock: clock, settings: mail, transport: transport, logger: logger, store: store
        ).drain()
    }

    /// Writes down the release of every estate whose waiting period has run out.
    func releaseDueEstates() async throws {
        let now = clock()
        let due = try await Estate.query(on: db).filter(\.$state == EstateState.passingReported.rawValue)
            .filter(\.$releaseAt <= now).with(\.$household).with(\.$holder).all()
        for estate in due {
            var status = estate.status
            guard status.releaseIfDue(at: now) else { continue }
            let released = status
            let base = publicBaseURL
            let tasks = try await firstTasks(estate, released: released)
            try await db.transaction { db in
                guard try await EstateService.transition(estate, to: released, on: db) else { return }
                let householdID = estate.$household.id
                try await AuditLog.append(
                    .estateReleased, "The waiting period ended without a cancel; the estate was released.",
                    householdID: householdID, at: now, on: db)
                var executors: [(Executor, link: String)] = []
                for executor in try await Executor.query(on: db).filter(\.$household.$id == householdID).all() {
                    let secret = try await LinkTokens(db: db).issue(
                        .executorLink, subject: try executor.requireID(), householdID: householdID)
                    executors.append((executor, link: SiteURL.executorLink(.value(secret)).url(on: base)))
                }
                let mails = try await EstateMail(base: base, db: db).released(
                    estate, executors: executors, tasks: tasks)
                for mail in mails { try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID) }
            }
        }
    }

    /// The trusted contacts' first things to do once `estate` is released: the checklist their page shows.
    private func firstTasks(_ estate: Estate, released: EstateStatus) async throws -> [String] {
        let now = clock()
        let binder = try await BinderReading(db: db, clock: clock).load(estate) {
            BinderRelease.isVisible($0.visibility, to: .executor, estate: released, at: now)
        }
        return BinderChecklist.tasks(binder.entries.map(BinderService.checklistSource)).map(\.text)
    }

    /// Asks the holder a second time, halfway through the wait, whether they are still here.
    func remindHoldersHalfway() async throws {
        let now = clock()
        let waiting = try await Estate.query(on: db).filter(\.$state == EstateState.passingReported.rawValue)
            .filter(\.$halfwayNoticeAt == nil).filter(\.$releaseAt > now).with(\.$holder)
            .with(\.$household).all()
        let base = publicBaseURL
        for estate in waiting {
            guard let halfway = estate.status.halfwayAt, now >= halfway else { continue }
            try await db.transaction { db in
                let claimed = try await db.sql().update(Estate.schema).set("halfway_notice_at", to: now)
                    .where("id", .equal, try estate.requireID()).where("halfway_notice_at", .is, SQLLiteral.null)
                    .where("state", .equal, EstateState.passingReported.rawValue)
                    .returning("id").all()
                guard claimed.count == 1,
                    let link = try await LinkTokens(db: db).stillHereLink(for: estate, base: base, now: now),
                    let mail = EstateMail(base: base, db: db).passingReported(
                        estate, reportedBy: estate.reportedBy ?? "A trusted contact", halfway: true, link: link)
                else { return }
                try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: estate.$household.id)
            }
        }
    }

    /// Emails each beneficiary (with an email) once about the links that became visible to them.
    func announceVisibleLinks() async throws {
        let now = clock()
        let pending = try await ItemBeneficiary.query(on: db).filter(\.$announcedAt == nil)
            .with(\.$beneficiary).with(\.$item).all()
        let byPerson = Dictionary(grouping: pending, by: { $0.$beneficiary.id })
        var estates: [UUID: Estate] = [:]
        let base = publicBaseURL
        for (personID, links) in byPerson {
            guard let person = links.first?.beneficiary else { continue }
            let householdID = person.$household.id
            if estates[householdID] == nil {
                estates[householdID] = try await EstateService.ensure(householdID: householdID, on: db)
            }
            guard let estate = estates[householdID] else { continue }
            let visible = links.filter {
                RecipientService.isVisible($0, estate: estate, invited: person.invitedAt != nil, at: now)
            }
            if visible.isEmpty { continue }
            guard let email = person.email, !email.trimmingWhitespace().isEmpty else {
                try await recordNotTold(person, householdID: householdID, now: now)
                continue
            }
            try await db.transaction { db in
                // Read again inside the transaction: an owner who reopened the estate meanwhile hid these again.
                let current = try await EstateService.ensure(householdID: householdID, on: db)
                var won: [ItemBeneficiary] = []
                for link in visible
                where RecipientService.isVisible(link, estate: current, invited: person.invitedAt != nil, at: now) {
                    let claimed = try await db.sql().update(ItemBeneficiary.schema).set("announced_at", to: now)
                        .where("id", .equal, try link.requireID()).where("announced_at", .is, SQLLiteral.null)
                        .returning("id").all()
                    if claimed.count == 1 { won.append(link) }
                }
                if won.isEmpty { return }
                let secret = try await LinkTokens(db: db).issue(
                    .recipientLink, subject: personID, householdID: householdID)
                let mail = RecipientMail.items(
                    to: person, email: email, count: won.count,
                    from: estate.holder?.name ?? "Your family",
                    contact: try await EstateContacts.sentence(of: estate, for: email, on: db),
                    link: SiteURL.recipientLink(.value(secret)).url(on: base),
                    linkIDs: try won.map { try $0.requireID() }, note: estate.noteForHeirs)
                try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID)
                for link in won {
                    try await AuditLog.append(
                        .linkReleased, "\(link.item.name) was released to \(person.name).", householdID: householdID,
                        at: now, on: db)
                }
            }
        }
    }

    /// Something was released to a person the hub has no address for: written down once, so that the owners and
    /// trusted contacts are shown who still needs to be told (`HeirService`).
    private func recordNotTold(_ person: Beneficiary, householdID: UUID, now: Date) async throws {
        guard person.notToldAt == nil else { return }
        try await db.transaction { db in
            let claimed = try await db.sql().update(Beneficiary.schema).set("not_told_at", to: now)
                .where("id", .equal, try person.requireID()).where("not_told_at", .is, SQLLiteral.null)
                .returning("id").all()
            guard claimed.count == 1 else { return }
            try await AuditLog.append(
                .recipientNotTold,
                "\(person.name) could not be told: the hub has no email address for them. Print their link from "
                    + "Passing on to give it to them by hand.",
                householdID: householdID, at: now, on: db)
        }
    }

    /// Reminds holders who have not been seen for their chosen months (three times over four weeks), then tells
    /// the executors. Each notice is claimed with a conditional update, so it goes out once.
    func checkInactivity() async throws {
        let now = clock()
        let checked = try await Estate.query(on: db).filter(\.$inactivityMonths != nil)
            .filter(\.$state == EstateState.active.rawValue).with(\.$holder)
            .with(\.$household).all()
        let base = publicBaseURL
        for estate in checked {
            guard let months = estate.inactivityMonths, estate.$holder.id != nil,
                let lastSeen = estate.holderSeenAt ?? estate.createdAt
            else { continue }
            let householdID = estate.$household.id
            let due = InactivityCheck.remindersDue(lastSeen: lastSeen, months: months, now: now)
            if due > estate.inactivityReminders {
                try await db.transaction { db in
                    let claimed = try await db.sql().update(Estate.schema).set("inactivity_reminders", to: due)
                        .where("id", .equal, try estate.requireID())
                        .where("inactivity_reminders", .equal, estate.inactivityReminders)
                        .returning("id").all()
                    guard claimed.count == 1,
                        let link = try await LinkTokens(db: db).stillHereLink(for: estate, base: base, now: now),
                        let mail = EstateMail(base: base, db: db).inactivityReminder(estate, number: due, link: link)
                    else { return }
                    try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID)
                }
            }
            if estate.inactivityExecutorsToldAt == nil,
                InactivityCheck.executorsDue(lastSeen: lastSeen, months: months, now: now)
            {
                try await db.transaction { db in
                    let claimed = try await db.sql().update(Estate.schema).set("inactivity_executors_told_at", to: now)
                        .where("id", .equal, try estate.requireID())
                        .where("inactivity_executors_told_at", .is, SQLLiteral.null)
                        .returning("id").all()
                    guard claimed.count == 1 else { return }
                    let executors = try await Executor.query(on: db).filter(\.$household.$id == householdID).all()
                    for executor in executors {
                        let secret = try await LinkTokens(db: db).issue(
                            .executorLink, subject: try executor.requireID(), householdID: householdID)
                        let mail = EstateMail(base: base, db: db).inactivityExecutors(
                            estate, executor: executor, link: SiteURL.executorLink(.value(secret)).url(on: base))
                        try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID)
                    }
                }
            }
        }
    }
}
