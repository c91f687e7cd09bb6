import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The household's plan for passing on: the estate's settings and state, its executors and its audit log.
///
/// Owners manage all of it; to editors and viewers every part answers "not found". Executors act through
/// `ExecutorAccess`, the hub's scheduler through `PassingScheduler`; every change that tells someone writes its
/// email to the outbox in the same transaction.
struct EstateService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String

    /// What an owner may change with PUT /api/estate; nil keeps the current value, except `inactivityMonths`.
    struct Settings: Sendable {
        var holderUserID: UUID?
        var waitingPeriodDays: Int?
        /// nil turns the inactivity check off.
        var inactivityMonths: Int?
        var showValuesToRecipients: Bool?
        var timeZone: String? = nil
        var memberLetters: Bool? = nil
    }

    /// The household's estate with its holder loaded, made with the defaults on first use.
    static func ensure(householdID: UUID, on db: any Database) async throws -> Estate {
        if let estate = try await Estate.query(on: db).filter(\.$household.$id == householdID).with(\.$holder)
            .with(\.$household).first()
        {
            return estate
        }
        let firstOwner = try await User.query(on: db).filter(\.$household.$id == householdID)
            .filter(\.$role == .owner).sort(\.$createdAt).first()
        let estate = Estate()
        estate.$household.id = householdID
        estate.$holder.id = firstOwner?.id
        estate.waitingPeriodDays = EstateRules.defaultWaitingPeriodDays
        estate.showValuesToRecipients = false
        estate.memberLetters = false
        estate.state = EstateState.active.rawValue
        estate.inactivityReminders = 0
        do {
            try await estate.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Two first requests at once: the unique household keeps one row.
        }
        guard
            let stored = try await Estate.query(on: db).filter(\.$household.$id == householdID).with(\.$holder)
                .with(\.$household).first()
        else { throw AppError.internalProblem("The estate could not be made.") }
        return stored
    }

    /// The estate, for an owner.
    func get(by principal: Principal) async throws -> Estate {
        try principal.require(.read(.estatePlan), hidingAs: "estate")
        return try await Self.ensure(householdID: principal.householdID, on: db)
    }

    /// How "upon passing" reads for this member: their own passing when they hold the estate, else the holder's.
    func passingWords(for principal: Principal) async throws -> PassingWords {
        let estate = try await Self.ensure(householdID: principal.householdID, on: db)
        return .forReader(principal.userID, holder: estate.$holder.id, holderName: estate.holder?.name)
    }

    /// Changes the estate's settings.
    func update(_ settings: Settings, by principal: Principal) async throws -> Estate {
        let estate = try await get(by: principal)
        if let holderID = settings.holderUserID {
            guard
                try await User.query(on: db).filter(\.$id == holderID)
                    .filter(\.$household.$id == principal.householdID).first() != nil
            else {
                throw AppError.invalid(
                    FieldError(field: "holderUserId", message: "Please choose a member of the household."))
            }
            estate.$holder.id = holderID
        }
        if let days = settings.waitingPeriodDays { estate.waitingPeriodDays = try EstateRules.waitingPeriod(days) }
        estate.inactivityMonths = try EstateRules.inactivity(settings.inactivityMonths)
        if let show = settings.showValuesToRecipients { estate.showValuesToRecipients = show }
        if let allowed = settings.memberLetters { estate.memberLetters = allowed }
        try await db.transaction { db in
            if let zone = settings.timeZone {
                estate.household.timeZone = try EstateRules.timeZone(zone).identifier
                try await estate.household.save(on: db)
            }
            try await estate.save(on: db)
        }
        return try await Self.ensure(householdID: principal.householdID, on: db)
    }

    /// One page of the audit log, newest first, and the entry the next (older) page starts after.
    struct AuditPage {
        var entries: [AuditEntry]
        var nextBefore: UUID?
    }

    /// The audit log, newest first: `limit` entries (1 to 500) older than the entry `before`, or the newest.
    func audit(before: UUID? = nil, limit: Int = 100, by principal: Principal) async throws -> AuditPage {
        try principal.require(.read(.auditLog), hidingAs: "estate")
        guard (1...500).contains(limit) else {
            throw AppError.invalid(FieldError(field: "limit", message: "Please ask for 1 to 500 entries at a time."))
        }
        var query = AuditEntry.query(on: db).filter(\.$household.$id == principal.householdID)
        if let before {
            guard
                try await AuditEntry.query(on: db).filter(\.$id == before)
                    .filter(\.$household.$id == principal.householdID).count() == 1
            else {
                throw AppError.invalid(
                    FieldError(field: "before", message: "That entry is not in this household's log."))
            }
            // Entries of the same moment are told apart by id, so a page boundary never skips or repeats one. The
            // cursor's moment is compared as stored: read into a Date and back, SQLite's would be rounded.
            let table = AuditEntry.schema
            let cursorAt: SQLQueryString =
                "(SELECT \(ident: "cursor").\(ident: "at") FROM \(ident: table) AS \(ident: "cursor") "
                + "WHERE \(ident: "cursor").\(ident: "id") = \(bind: before))"
            query = query.filter(
                .sql(
                    embed: "(\(ident: table).\(ident: "at") < \(cursorAt) OR (\(ident: table).\(ident: "at") = "
                        + "\(cursorAt) AND \(ident: table).\(ident: "id") < \(bind: before)))"))
        }
        let entries = try await query.sort(\.$at, .descending).sort(\.$id, .descending).limit(limit + 1).all()
        let page = Array(entries.prefix(limit))
        return AuditPage(entries: page, nextBefore: entries.count > limit ? page.last?.id : nil)
    }

    /// "I am still here": the holder cancels a waiting report. Anyone else is refused.
    func cancel(by principal: Principal) async throws -> Estate {
        let estate = try await Self.ensure(householdID: principal.householdID, on: db)
        let reader = estate.$holder.id == principal.userID ? .holder : Reader.member(principal.role, isHolder: false)
        guard AccessRule.allows(reader, .change(.estateNews), in: estate.status.effectiveState(at: clock())) else {
            guard principal.role.canManageHousehold else { throw AppError.notFound("estate") }
            throw AppError.forbidden("Only \(estate.holder?.name ?? "the estate holder") can say they are still here.")
        }
        guard try await Self.cancelReport(of: estate, by: principal.name, now: clock(), base: publicBaseURL, on: db)
        else {
            throw AppError.conflict(code: "not_reported", message: "No passing has been reported; nothing to cancel.")
        }
        return try await Self.ensure(householdID: principal.householdID, on: db)
    }

    /// A sign-in or request of the holder: cancels a waiting report, and remembers when they were last here.
    /// Returns whether a report was cancelled.
    @discardableResult
    static func holderSeen(
        userID: UUID, householdID: UUID, name: String, now: Date, base: String, on db: any Database
    ) async throws -> Bool {
        guard
            let estate = try await Estate.query(on: db).filter(\.$household.$id == householdID)
                .filter(\.$holder.$id == userID).with(\.$holder).with(\.$household).first()
        else { return false }
        var cancelled = false
        if estate.status.effectiveState(at: now) == .passingReported {
            cancelled = try await cancelReport(of: estate, by: name, now: now, base: base, on: db)
        }
        if HolderSighting.restartsInactivityCheck(
            seenAt: estate.holderSeenAt, reminders: estate.inactivityReminders,
            executorsToldAt: estate.inactivityExecutorsToldAt, now: now)
        {
            // Seen again: the inactivity check starts over.
            try await Estate.query(on: db).filter(\.$id == estate.requireID()).set(\.$holderSeenAt, to: now)
                .set(\.$inactivityReminders, to: 0).set(\.$inactivityExecutorsToldAt, to: nil).update()
        }
        return cancelled
    }

    /// Cancels a waiting report, tells the holder and the executors; false when there was none to cancel.
    static func cancelReport(
        of estate: Estate, by name: String, now: Date, base: String, on db: any Database
    ) async throws -> Bool {
        var status = estate.status
        do { try status.cancel(at: now) } catch { return false }
        let cancelled = status
        return try await db.transaction { db in
            guard try await transition(estate, to: cancelled, on: db) else { return false }
            let householdID = estate.$household.id
            try await AuditLog.append(
                .passingCancelled, "\(name) said they are still here; the report was cancelled.",
                householdID: householdID, at: now, on: db)
            let mails = try await EstateMail(base: base, db: db).cancelled(estate, by: name)
            for mail in mails { try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID) }
            return true
        }
    }

    /// An owner reopens an estate released by mistake: links released by the passing are hidden again.
    func reopen(by principal: Principal) async throws -> Estate {
        let estate = try await get(by: principal)
        var status = estate.status
        let now = clock()
        do {
            try status.reopen(at: now)
        } catch {
            throw AppError.conflict(
                code: "not_released", message: "The estate is not released; there is nothing to reopen.")
        }
        let reopened = status
        try await db.transaction { db in
            guard try await Self.transition(estate, to: reopened, on: db) else {
                throw AppError.conflict(
                    code: "estate_changed", message: "The estate changed meanwhile; please look again.")
            }
            let told = try await RecallReleased(db: db, now: now).recall(estate, after: reopened)
            try await AuditLog.append(
                .estateReopened,
                "\(principal.name) reopened the estate; items released by the passing are hidden again."
                    + (told.isEmpty ? "" : " \(ListText.and(told)) will be told it was a mistake."),
                householdID: principal.householdID, at: now, on: db)
        }
        return try await Self.ensure(householdID: principal.householdID, on: db)
    }

    /// Writes a new state, unless the stored state changed since `estate` was read (of two, one wins).
    static func transition(
        _ estate: Estate, to status: EstateStatus, extra: [String: any Encodable & Sendable] = [:],
        on db: any Database
    ) async throws -> Bool {
        var update = try db.sql().update(Estate.schema)
            .set("state", to: status.state.rawValue)
            .set("reported_at", to: status.reportedAt)
            .set("release_at", to: status.releaseAt)
            .set("released_at", to: status.releasedAt)
        if status.state == .active {
            update = update.set("reported_by", to: SQLLiteral.null).set("date_of_passing", to: SQLLiteral.null)
                .set("report_note", to: SQLLiteral.null).set("halfway_notice_at", to: SQLLiteral.null)
        }
        for (column, value) in extra { update = update.set(column, to: value) }
        let changed = try await update.where("id", .equal, try estate.requireID())
            .where("state", .equal, estate.state).returning("id").all()
        return changed.count == 1
    }
}
