import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The scheduler's binder work, one pass: tell the holder 30 days before an entry's review date, and once a year
/// ask them to look over the binder and each executor to confirm their address. Every email is claimed with a
/// conditional update first, so two server processes never send one twice.
struct BinderJobs: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String

    func runOnce() async throws {
        try await noticeReviewDates()
        try await askForYearlyLook()
        try await tellBeneficiaries()
    }

    /// One email per entry and review date, to the holder, from 30 days before the date.
    func noticeReviewDates() async throws {
        let now = clock()
        let entries = try await BinderEntry.query(on: db).filter(\.$reviewOn != nil).all()
        var estates: [UUID: Estate] = [:]
        for entry in entries where entry.reviewNoticedOn != entry.reviewOn {
            guard let day = entry.reviewDay, let reviewOn = entry.reviewOn else { continue }
            let householdID = entry.$household.id
            let estate: Estate
            if let known = estates[householdID] {
                estate = known
            } else {
                estate = try await EstateService.ensure(householdID: householdID, on: db)
                estates[householdID] = estate
            }
            // Once a passing is reported or confirmed, the holder is not written to about renewing papers.
            guard estate.status.effectiveState(at: now) == .active,
                BinderReview.isDue(day, today: Day(now, in: estate.zone)), let holder = estate.holder
            else { continue }
            let base = publicBaseURL
            try await db.transaction { db in
                let claimed = try await db.sql().update(BinderEntry.schema).set("review_noticed_on", to: reviewOn)
                    .where("id", .equal, try entry.requireID())
                    .where(SQLBinaryExpression(SQLColumn("review_on"), .equal, SQLBind(reviewOn)))
                    .where {
                        $0.where("review_noticed_on", .is, SQLLiteral.null).orWhere(
                            "review_noticed_on", .notEqual, reviewOn)
                    }
                    .returning("id").all()
                guard claimed.count == 1 else { return }
                let mail = BinderMail(base: base).reviewDue(entry, holder: holder, on: DayText.calendarDay(reviewOn))
                try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID)
            }
        }
    }

    /// Once a year after the first entry (or the last look): the holder is asked to look over the binder, and each
    /// executor gets a link that confirms their address still works.
    func askForYearlyLook() async throws {
        let now = clock()
        let households = Set(try await BinderEntry.query(on: db).all(\.$household.$id))
        let base = publicBaseURL
        for householdID in households {
            let estate = try await EstateService.ensure(householdID: householdID, on: db)
            guard estate.status.effectiveState(at: now) == .active, let holder = estate.holder else { continue }
            let review = BinderReviewService(db: db, clock: clock)
            let look = try await review.record(householdID: householdID)
            let first = try await BinderEntry.query(on: db).filter(\.$household.$id == householdID).min(\.$createdAt)
            guard BinderReview.isYearlyLookDue(lastLook: look.lookedAt, firstEntry: first, now: now),
                BinderReview.isStale(look.askedAt, now: now)
            else { continue }
            try await db.transaction { db in
                if look.id == nil {
                    look.askedAt = now
                    try await look.create(on: db)
                } else {
                    let claimed = try await db.sql().update(BinderLook.schema).set("asked_at", to: now)
                        .where("id", .equal, try look.requireID())
                        .where {
                            $0.where("asked_at", .is, SQLLiteral.null).orWhere(
                                "asked_at", .lessThan, now.addingTimeInterval(-Double(BinderReview.yearDays) * 86_400))
                        }
                        .returning("id").all()
                    guard claimed.count == 1 else { return }
                }
                let outbox = Outbox(db: db, clock: { now })
                let mail = BinderMail(base: base)
                try await outbox.enqueue(mail.yearlyLook(holder: holder), householdID: householdID)
                let executors = try await Executor.query(on: db).filter(\.$household.$id == householdID).all()
                for executor in executors {
                    let check =
                        try await ExecutorAddressCheck.query(on: db).filter(\.$executor.$id == executor.requireID())
                        .first() ?? ExecutorAddressCheck()
                    check.$executor.id = try executor.requireID()
                    check.askedAt = now
                    try await check.save(on: db)
                    try await LinkTokens(db: db).revokeAll(
                        subject: try executor.requireID(), kinds: [.executorAddressCheck])
                    let secret = try await LinkTokens(db: db).issue(
                        .executorAddressCheck, subject: try executor.requireID(), householdID: householdID)
                    try await outbox.enqueue(
                        mail.addressCheck(executor, holderName: holder.name, secret: secret), householdID: householdID)
                }
                try await AuditLog.append(
                    .binderLookAsked,
                    "\(holder.name) was asked to look over the binder; \(executors.count) trusted contacts were asked to confirm their address.",
                    householdID: householdID, at: now, on: db)
            }
        }
    }
}
