import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The scheduler's work for letters for later, one pass: every letter whose moment has come (its day where the
/// family lives, or the writer's estate released) is sent, each reader getting their own link through the outbox.
/// A letter is claimed with a conditional update, so two server processes on one database send it once.
struct LetterJobs: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String

    func runOnce() async throws {
        let now = clock()
        // A day ahead in UTC covers every time zone whose day may already have begun.
        let latestDay = Day(now.addingTimeInterval(EstateRules.secondsPerDay), in: .gmt).text
        // Letters after a passing are read only in households whose estate is (or counts as) released.
        let released = try await Estate.query(on: db)
            .group(.or) { either in
                either.filter(\.$state == EstateState.released.rawValue)
                    .group(.and) {
                        $0.filter(\.$state == EstateState.passingReported.rawValue).filter(\.$releaseAt <= now)
                    }
            }
            .all().map(\.$household.id)
        // And those of members whose own passing was reported (letters after a member's passing).
        let members = try await MemberPassing.query(on: db).all()
        let reported = members.map(\.$user.id)
        let memberStatus = Dictionary(members.map { ($0.$user.id, $0.status) }, uniquingKeysWith: { first, _ in first })
        let waiting = try await Letter.query(on: db).filter(\.$deliveredAt == nil)
            .group(.or) { either in
                either.filter(\.$deliverOn <= latestDay)
                if !released.isEmpty {
                    either.group(.and) { $0.filter(\.$afterPassing == true).filter(\.$household.$id ~~ released) }
                }
                if !reported.isEmpty {
                    either.group(.and) { $0.filter(\.$afterPassing == true).filter(\.$writer.$id ~~ reported) }
                }
            }
            .with(\.$recipients).all()
        var estates: [UUID: Estate] = [:]
        for letter in waiting {
            let householdID = letter.$household.id
            if estates[householdID] == nil {
                estates[householdID] = try await EstateService.ensure(householdID: householdID, on: db)
            }
            guard let estate = estates[householdID] else { continue }
            guard LetterWriterPassing.isDue(letter, estate: estate, members: memberStatus, at: now) else { continue }
            try await deliver(letter, now: now)
        }
    }

    private func deliver(_ letter: Letter, now: Date) async throws {
        let base = publicBaseURL
        try await db.transaction { db in
            let claimed = try await db.sql().update(Letter.schema).set("delivered_at", to: now)
                .where("id", .equal, try letter.requireID()).where("delivered_at", .is, SQLLiteral.null)
                .returning("id").all()
            guard claimed.count == 1 else { return }
            letter.deliveredAt = now
            let householdID = letter.$household.id
            let readers = letter.recipients.sorted { $0.position < $1.position }
            // a reader without an email address gets their link printed by hand (`LetterService.handOut`)
            for reader in readers where !reader.email.isEmpty {
                let secret = try await LinkTokens(db: db).issue(
                    .letterLink, subject: try reader.requireID(), householdID: householdID)
                let mail = LetterMail.delivered(
                    letter, to: reader, link: SiteURL.letterLink(.value(secret)).url(on: base))
                try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID)
            }
            let emailed = readers.filter { !$0.email.isEmpty }.map(\.name)
            let byHand = readers.filter(\.email.isEmpty).map(\.name)
            var detail = "“\(letter.subject)” from \(letter.writerName) was delivered"
            if !emailed.isEmpty { detail += "; it was sent to \(ListText.and(emailed))" }
            if !byHand.isEmpty { detail += "; \(ListText.and(byHand)) will be given their link by hand" }
            try await AuditLog.append(.letterDelivered, detail + ".", householdID: householdID, at: now, on: db)
        }
    }
}
