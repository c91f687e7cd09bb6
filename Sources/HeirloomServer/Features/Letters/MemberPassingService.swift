import Fluent
import Foundation
import HeirloomCore

/// Letters after the passing of a member other than the estate holder, where the household allows them: a
/// trusted contact reports that member's passing, the estate's waiting period runs, and the member signing in
/// meanwhile stops it, exactly as for the holder (`EstateStatus`, one per member in `member_passings`).
struct MemberPassingService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String

    /// A member whose letters wait for their passing, with where their passing stands.
    struct Waiting: Sendable {
        var user: User
        var status: EstateStatus
    }

    /// The members (not the holder) with undelivered letters for after their passing, for a trusted contact; none
    /// when the household does not allow such letters.
    func waiting(for executor: Executor) async throws -> [Waiting] {
        let householdID = executor.$household.id
        let estate = try await EstateService.ensure(householdID: householdID, on: db)
        guard estate.memberLetters else { return [] }
        let writers = Set(
            try await Letter.query(on: db).filter(\.$household.$id == householdID).filter(\.$afterPassing == true)
                .filter(\.$deliveredAt == nil).all().compactMap(\.$writer.id)
        ).subtracting([estate.$holder.id].compactMap { $0 })
        guard !writers.isEmpty else { return [] }
        let users = try await User.query(on: db).filter(\.$id ~~ Array(writers)).sort(\.$name).all()
        let statuses = try await Self.statuses(of: Array(writers), on: db)
        return users.map { Waiting(user: $0, status: statuses[$0.id ?? UUID()] ?? EstateStatus()) }
    }

    /// The trusted contact reports a member's passing: the member is emailed at once, their letters wait the
    /// estate's waiting period. A member not waiting is 404; one already reported is 409 `already_reported`.
    func report(_ userID: UUID, dateOfPassing raw: String, by executor: Executor) async throws -> Waiting {
        guard let member = try await waiting(for: executor).first(where: { $0.user.id == userID }) else {
            throw AppError.notFound("member")
        }
        let householdID = executor.$household.id
        let estate = try await EstateService.ensure(householdID: householdID, on: db)
        let now = clock()
        let day = try EstateRules.dateOfPassing(raw, now: now, timeZone: estate.zone)
        var status = member.status
        do {
            try status.report(at: now, waitingPeriodDays: estate.waitingPeriodDays)
        } catch {
            throw ExecutorService.alreadyReported
        }
        let reported = status
        let base = publicBaseURL
        try await db.transaction { db in
            let row =
                try await MemberPassing.query(on: db).filter(\.$user.$id == userID).first() ?? MemberPassing()
            row.$household.id = householdID
            row.$user.id = userID
            row.reportedBy = executor.name
            row.status = reported
            try await row.save(on: db)
            try await AuditLog.append(
                .memberPassingReported,
                "\(executor.name) reported the passing of \(member.user.name) (\(day)); their letters are due "
                    + "\(estate.days.day(reported.releaseAt ?? now)).", householdID: householdID, at: now, on: db)
            try await Outbox(db: db, clock: { now }).enqueue(
                Self.reportedMail(
                    member.user, by: executor.name, until: estate.days.day(reported.releaseAt ?? now), base: base),
                householdID: householdID)
        }
        return Waiting(user: member.user, status: reported)
    }

    /// The member is here (any signed-in request, or signing in): a report of their passing is stopped, whether
    /// still waiting or already run out (their letters already sent stay sent; none goes later). Returns whether
    /// there was one.
    @discardableResult
    static func seen(userID: UUID, name: String, now: Date, on db: any Database) async throws -> Bool {
        guard let row = try await MemberPassing.query(on: db).filter(\.$user.$id == userID).first() else {
            return false
        }
        let waiting = row.status.effectiveState(at: now) == .passingReported
        try await db.transaction { db in
            try await row.delete(on: db)
            try await AuditLog.append(
                .memberPassingCancelled,
                waiting
                    ? "\(name) is still here: the report of their passing was stopped."
                    : "\(name) is still here, after the report of their passing had run out; no more of their letters will go.",
                householdID: row.$household.id, at: now, on: db)
        }
        return true
    }

    /// Each member's passing, by user id.
    static func statuses(of userIDs: [UUID], on db: any Database) async throws -> [UUID: EstateStatus] {
        guard !userIDs.isEmpty else { return [:] }
        let rows = try await MemberPassing.query(on: db).filter(\.$user.$id ~~ userIDs).all()
        return Dictionary(rows.map { ($0.$user.id, $0.status) }, uniquingKeysWith: { first, _ in first })
    }

    static func reportedMail(_ user: User, by executor: String, until day: String, base: String) -> Mail {
        Mail(
            purpose: .memberPassingReported, toName: user.name, toEmail: user.email,
            subject: "Please tell us you are still here",
            paragraphs: [
                "\(executor) has told your family's Heirloom hub that you have passed away. If this is a mistake, "
                    + "please sign in to Heirloom before \(day), and nothing will happen.",
                "If nobody does, the letters you wrote for after your passing will be sent to their readers on \(day).",
            ],
            link: SiteURL.login.url(on: base), linkLabel: "Sign in")
    }
}
