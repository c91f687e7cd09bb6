import Fluent
import Foundation
import HeirloomCore

/// Trusted contacts: owners add and remove them; an executor signs in with the link in their email and may
/// report the passing, and see nothing of the household's content.
struct ExecutorService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String
    /// Counts the openings of links, per link and per address.
    let linkThrottle: LoginThrottle

    /// The household's executors by name.
    func list(by principal: Principal) async throws -> [Executor] {
        try principal.require(.read(.estatePlan), hidingAs: "estate")
        return try await Executor.query(on: db).filter(\.$household.$id == principal.householdID).sort(\.$name).all()
    }

    /// Adds an executor and emails them their personal link, in one transaction.
    func add(name rawName: String, email rawEmail: String, by principal: Principal) async throws -> Executor {
        try principal.require(.change(.estatePlan), hidingAs: "estate")
        var checks = FieldChecks()
        let name = try checks.value { try AccountRules.name(rawName, field: "name") }
        let email = try checks.value { try AccountRules.email(rawEmail) }
        try checks.finish()
        guard let name, let email else { throw AppError.internalProblem("a trusted contact's checks") }
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        let now = clock()
        let base = publicBaseURL
        return try await db.transaction { db in
            let executor = Executor()
            executor.$household.id = principal.householdID
            executor.name = name
            executor.email = email
            executor.status = .invited
            try await executor.create(on: db)
            let secret = try await LinkTokens(db: db).issue(
                .executorLink, subject: try executor.requireID(), householdID: principal.householdID)
            let mail = try await EstateMail(base: base, db: db).executorInvitation(
                executor, secret: secret, holderName: estate.holder?.name ?? principal.name)
            try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: principal.householdID)
            try await AuditLog.append(
                .executorInvited, "\(principal.name) asked \(name) to be a trusted contact.",
                householdID: principal.householdID, at: now, on: db)
            return executor
        }
    }

    /// Removes an executor; their link and sessions stop working at once.
    func remove(_ id: UUID, by principal: Principal) async throws {
        try principal.require(.change(.estatePlan), hidingAs: "estate")
        guard
            let executor = try await Executor.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID).first()
        else { throw AppError.notFound("trusted contact") }
        let now = clock()
        try await db.transaction { db in
            try await LinkTokens(db: db).revokeAll(subject: id)
            try await executor.delete(on: db)
            try await AuditLog.append(
                .executorRemoved, "\(principal.name) removed \(executor.name) as a trusted contact.",
                householdID: principal.householdID, at: now, on: db)
        }
    }

    /// Exchanges the link's secret for a session secret; the executor is confirmed on first use. A secret that
    /// opens nothing counts against it and the address it came from (`LinkTokens.open`).
    func signIn(linkSecret: String, from address: String) async throws -> (executor: Executor, secret: String) {
        let now = clock()
        let tokens = LinkTokens(db: db)
        guard
            let token = try await tokens.open(
                linkSecret, kinds: [.executorLink, .executorSession], from: address, throttle: linkThrottle, now: now),
            let executor = try await Executor.find(token.subjectID, on: db)
        else { throw Self.unknownLink }
        if executor.status == .invited {
            executor.status = .confirmed
            try await executor.save(on: db)
        }
        let secret = try await tokens.startSession(
            .executorSession, subject: try executor.requireID(), householdID: executor.$household.id, now: now)
        return (executor, secret)
    }

    /// The executor a session secret belongs to, or nil.
    func executor(forSession secret: String) async throws -> Executor? {
        guard let token = try await LinkTokens(db: db).find(secret, kinds: [.executorSession], now: clock()) else {
            return nil
        }
        return try await Executor.find(token.subjectID, on: db)
    }

    /// The estate as an executor sees it.
    func estate(of executor: Executor) async throws -> Estate {
        try await EstateService.ensure(householdID: executor.$household.id, on: db)
    }

    /// The executor reports the passing: the holder is emailed at once, release waits the waiting period.
    func report(dateOfPassing raw: String, note rawNote: String?, by executor: Executor) async throws -> Estate {
        let householdID = executor.$household.id
        let estate = try await EstateService.ensure(householdID: householdID, on: db)
        let now = clock()
        let day = try EstateRules.dateOfPassing(raw, now: now, timeZone: estate.zone)
        let note = rawNote.map { TextLimit.clipped($0.trimmingWhitespace(), to: 2000) }
        var status = estate.status
        do {
            try status.report(at: now, waitingPeriodDays: estate.waitingPeriodDays)
        } catch {
            throw Self.alreadyReported
        }
        let base = publicBaseURL
        let reported = status
        try await db.transaction { db in
            let extra: [String: any Encodable & Sendable] = [
                "reported_by": executor.name, "date_of_passing": day,
                "report_note": note?.isEmpty == false ? note : nil,
            ]
            guard try await EstateService.transition(estate, to: reported, extra: extra, on: db) else {
                throw Self.alreadyReported
            }
            estate.status = reported
            estate.reportedBy = executor.name
            estate.reportNote = note?.isEmpty == false ? note : nil
            try await AuditLog.append(
                .passingReported,
                "\(executor.name) reported the passing (date of passing \(day)); release is due \(estate.days.day(reported.releaseAt ?? now)).",
                householdID: householdID, at: now, on: db)
            if let link = try await LinkTokens(db: db).stillHereLink(for: estate, base: base, now: now),
                let mail = EstateMail(base: base, db: db).passingReported(
                    estate, reportedBy: executor.name, halfway: false, link: link)
            {
                try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID)
            }
            for mail in try await EstateMail(base: base, db: db).membersReported(estate, reportedBy: executor.name) {
                try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID)
            }
        }
        return try await EstateService.ensure(householdID: householdID, on: db)
    }

    static let alreadyReported = AppError.conflict(
        code: "already_reported", message: "The passing has already been reported. The family has been told.")
    static let unknownLink = AppError.notFound("link")
}
