import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Sends a storyteller their next question: the question is claimed (asked once, whichever server or request
/// gets there first), a link for it alone is made, and the email goes to the outbox, all in one transaction.
struct StorySender: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String

    /// Why questions to `storyteller` do not go now: they are the estate's holder (their account, or the holder's
    /// address) and a passing was reported or the estate released; nil when they go.
    static func pause(
        of storyteller: Storyteller, at now: Date, on db: any Database
    ) async throws -> StoryPause? {
        let estate = try await EstateService.ensure(householdID: storyteller.$household.id, on: db)
        let state = estate.status.effectiveState(at: now)
        guard state != .active, let holderID = estate.$holder.id else { return nil }
        var isHolder = storyteller.$user.id == holderID
        if !isHolder, let holder = try await User.find(holderID, on: db) {
            isHolder = holder.email.lowercased() == storyteller.email.lowercased()
        }
        return StoryPause.of(askingHolder: isHolder, estate: state)
    }

    /// Sends the first waiting question, its email naming `next`, when the question after it goes; nil when none is
    /// left. Nothing goes to a storyteller whose questions are paused or stopped (`pause(of:)`): the caller says why.
    @discardableResult
    func sendNext(_ storyteller: Storyteller, next: Date) async throws -> StoryQuestion? {
        if try await Self.pause(of: storyteller, at: clock(), on: db) != nil { return nil }
        let waiting = try await StoryQueue(db: db, clock: clock).waiting(storyteller)
        for question in waiting {
            if try await send(question, to: storyteller, next: next) { return question }
        }
        return nil
    }

    /// Sends the next question by hand ("Send the next question now"): the one after it moves to a week on
    /// (`WeeklySchedule.nextQuestion`), in the same transaction, so the page, the email and the thank-you agree.
    func sendNow(_ storyteller: Storyteller, zone: TimeZone) async throws -> StoryQuestion? {
        let next = storyteller.schedule.nextQuestion(afterOneSentAt: clock(), in: zone)
        return try await db.transaction { db in
            let sender = StorySender(db: db, clock: clock, publicBaseURL: publicBaseURL)
            guard let sent = try await sender.sendNext(storyteller, next: next) else { return nil }
            storyteller.nextSendAt = next
            try await storyteller.save(on: db)
            return sent
        }
    }

    /// The picture an email about a photo carries: the photo's display size (a JPEG), or the original picture.
    static func photo(of question: StoryQuestion, on db: any Database) async throws -> (
        sha256: String, contentType: String
    )? {
        guard let memoryID = question.$photoMemory.id,
            let object = try await MemoryMedia.query(on: db).filter(\.$memory.$id == memoryID).sort(\.$position)
                .with(\.$media).first()?.media, object.kind == .image
        else { return nil }
        if let display = object.displaySHA256 { return (display, "image/jpeg") }
        // Without a display size, only an original that every mail client shows.
        guard [.jpeg, .png, .gif].contains(object.format) else { return nil }
        return (object.sha256, object.format.mimeType)
    }

    /// Claims and sends one question; false when another sender claimed it first.
    private func send(_ question: StoryQuestion, to storyteller: Storyteller, next: Date) async throws -> Bool {
        let now = Date(timeIntervalSince1970: clock().timeIntervalSince1970.rounded(.down))
        let base = publicBaseURL
        return try await db.transaction { db in
            let questionID = try question.requireID()
            let claimed = try await db.sql().update(StoryQuestion.schema).set("asked_at", to: now)
                .where("id", .equal, questionID).where("asked_at", .is, SQLLiteral.null)
                .where("skipped", .equal, false).returning("id").all()
            guard claimed.count == 1 else { return false }
            question.askedAt = now
            let householdID = storyteller.$household.id
            let secret = try await LinkTokens(db: db).issue(
                .storyLink, subject: questionID, householdID: householdID,
                expiresAt: now.addingTimeInterval(StoryRules.linkLifetime))
            let household = try await Household.find(householdID, on: db)
            let mail = StoryMail.question(
                question, to: storyteller, household: household?.name ?? "your family",
                link: SiteURL.storyLink(.value(secret)).url(on: base),
                photo: try await Self.photo(of: question, on: db),
                next: storyteller.active ? (household?.days ?? DayText(zone: .current)).day(next) : nil)
            try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: householdID)
            return true
        }
    }
}

/// The weekly pass: every active storyteller whose moment has come is sent one question. The send is claimed by
/// moving `next_send_at` on with a conditional update in the send's own transaction, so a restart or a second server
/// never sends it twice, and a send that fails is tried again on the next pass.
struct StorytellerJobs: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String

    func runOnce() async throws {
        let now = clock()
        let due = try await Storyteller.query(on: db).filter(\.$active == true).filter(\.$nextSendAt <= now).all()
        var failure: (any Error)?
        for storyteller in due {
            do {
                let zone = try await Household.find(storyteller.$household.id, on: db)?.zone ?? .current
                try await send(storyteller, next: storyteller.schedule.nextQuestion(afterOneSentAt: now, in: zone))
            } catch {
                failure = failure ?? error  // The others still get theirs; this one is tried on the next pass.
            }
        }
        if let failure { throw failure }
    }

    /// Moves the storyteller's moment on and sends the question in one transaction: a crash or a failed send in
    /// between leaves the week unclaimed, to be sent on the next pass, never skipped.
    private func send(_ storyteller: Storyteller, next: Date) async throws {
        let previous = storyteller.nextSendAt
        let claimed = try await db.transaction { db in
            let claimed = try await db.sql().update(Storyteller.schema).set("next_send_at", to: next)
                .where("id", .equal, try storyteller.requireID()).where("next_send_at", .equal, previous)
                .returning("id").all()
            guard claimed.count == 1 else { return false }
            // A paused or stopped storyteller's week passes without a question: none piles up for later.
            try await StorySender(db: db, clock: clock, publicBaseURL: publicBaseURL).sendNext(storyteller, next: next)
            return true
        }
        if claimed { storyteller.nextSendAt = next }
    }
}
