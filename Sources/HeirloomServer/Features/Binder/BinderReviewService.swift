import Fluent
import Foundation
import HeirloomCore

/// Keeping the binder true: entries whose expiry or review date is near, the yearly look over the whole binder,
/// and each executor's confirmation that their email address still works.
struct BinderReviewService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date

    /// What the binder page and Home show the holder.
    struct State: Sendable {
        var dueEntries: [BinderEntry]
        var staleEntries: [BinderEntry]
        var unconfirmedExecutors: [Executor]
        var lookDue: Bool
        var lastLook: Date?
    }

    func state(of binder: BinderReading.Binder, now: Date) async throws -> State {
        let householdID = binder.estate.$household.id
        let today = Day(now, in: binder.estate.zone)
        let entries = binder.entries.map(\.entry)
        let due = entries.filter { entry in entry.reviewDay.map { BinderReview.isDue($0, today: today) } ?? false }
            .sorted { ($0.reviewOn ?? "") < ($1.reviewOn ?? "") }
        let stale = entries.filter { BinderReview.isStale($0.updatedAt ?? $0.createdAt, now: now) }
        let executors = try await Executor.query(on: db).filter(\.$household.$id == householdID).sort(\.$name).all()
        let checks = try await addressChecks(of: executors)
        let look = try await BinderLook.query(on: db).filter(\.$household.$id == householdID).first()
        let first = entries.compactMap(\.createdAt).min()
        return State(
            dueEntries: due, staleEntries: stale,
            unconfirmedExecutors: executors.filter { executor in
                guard let check = checks[executor.id ?? UUID()], let asked = check.askedAt else { return false }
                return (check.confirmedAt ?? .distantPast) < asked
            },
            lookDue: BinderReview.isYearlyLookDue(lastLook: look?.lookedAt, firstEntry: first, now: now),
            lastLook: look?.lookedAt)
    }

    /// The binder's reminders for Home: entries due for a look, for the holder and owners.
    func dueEntries(by principal: Principal) async throws -> [BinderEntry] {
        let binder = try await BinderReading(db: db, clock: clock).binder(by: principal)
        return try await state(of: binder, now: clock()).dueEntries
    }

    /// The holder says they looked over the binder: the yearly question is answered for a year.
    func look(by principal: Principal) async throws {
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        _ = try BinderReading(db: db, clock: clock).reader(principal, estate: estate)
        let look = try await record(householdID: principal.householdID)
        look.lookedAt = clock()
        try await look.save(on: db)
    }

    /// An executor clicked the link in the yearly email: their address works. Nil when the link is unknown.
    func confirmAddress(secret: String) async throws -> Executor? {
        let now = clock()
        guard let token = try await LinkTokens(db: db).find(secret, kinds: [.executorAddressCheck], now: now),
            let executor = try await Executor.find(token.subjectID, on: db)
        else { return nil }
        let check =
            try await ExecutorAddressCheck.query(on: db).filter(\.$executor.$id == token.subjectID).first()
            ?? ExecutorAddressCheck()
        check.$executor.id = token.subjectID
        check.confirmedAt = now
        try await check.save(on: db)
        return executor
    }

    /// When each executor was last asked to confirm their address, and last did.
    func addressChecks(of executors: [Executor]) async throws -> [UUID: ExecutorAddressCheck] {
        let ids = executors.compactMap(\.id)
        guard !ids.isEmpty else { return [:] }
        let checks = try await ExecutorAddressCheck.query(on: db).filter(\.$executor.$id ~~ ids).all()
        return Dictionary(checks.map { ($0.$executor.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func record(householdID: UUID) async throws -> BinderLook {
        if let look = try await BinderLook.query(on: db).filter(\.$household.$id == householdID).first() { return look }
        let look = BinderLook()
        look.$household.id = householdID
        return look
    }
}
