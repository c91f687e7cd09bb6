import Fluent
import Foundation
import HeirloomCore
import Logging
import SQLKit

/// Delivers queued messages, each at most once: a message is claimed with a conditional update before it is
/// handed to the mail server, so of two workers (or two server processes on one PostgreSQL) only one sends it,
/// and a message left `sending` by a crash is never tried again but shown as failed, to be passed on by hand.
struct OutboxWorker: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let settings: MailSettings
    let transport: (any MailTransport)?
    let logger: Logger
    /// Where a message's inline picture is read from at sending.
    var store: BlobStore? = nil

    /// How many times a message is tried before it is marked failed.
    static let maximumAttempts = 6
    /// How long a claim may last before the hub counts the sender as crashed.
    static let claimLifetime: TimeInterval = 15 * 60

    /// Sends what is due; returns how many messages went out.
    @discardableResult
    func drain(limit: Int = 50) async throws -> Int {
        let now = clock()
        try await giveUpOnStaleClaims(now: now)
        guard let transport else { return 0 }
        let due = try await OutboxMessage.query(on: db).filter(\.$status == .queued)
            .filter(\.$nextAttemptAt <= now).sort(\.$createdAt).limit(limit).all()
        var sent = 0
        for candidate in due {
            guard let message = try await claim(candidate, now: now) else { continue }
            if try await deliver(message, with: transport, now: now) { sent += 1 }
        }
        return sent
    }

    /// The picture the message carries, read from the store; none when it was deleted since (the words still go).
    private func inlineImage(of message: OutboxMessage) async throws -> (data: Data, contentType: String)? {
        guard let store, let sha256 = message.inlineImageSHA256, let type = message.inlineImageType,
            try await store.contains(sha256)
        else { return nil }
        return (try await store.data(sha256), type)
    }

    /// Marks the message as being sent, unless another worker got there first.
    private func claim(_ message: OutboxMessage, now: Date) async throws -> OutboxMessage? {
        let id = try message.requireID()
        let claimed = try await db.sql().update(OutboxMessage.schema)
            .set("status", to: OutboxMessage.Status.sending.rawValue)
            .set("claimed_at", to: now)
            .set("attempts", to: message.attempts + 1)
            .where("id", .equal, id)
            .where("status", .equal, OutboxMessage.Status.queued.rawValue)
            .where("attempts", .equal, message.attempts)
            .returning("id").all()
        guard claimed.count == 1 else { return nil }
        message.status = .sending
        message.attempts += 1
        return message
    }

    private func deliver(_ message: OutboxMessage, with transport: any MailTransport, now: Date) async throws -> Bool {
        let id = try message.requireID()
        do {
            let household = try await Household.find(message.$household.id, on: db)
            let data = try MIMEMessage.render(
                message, from: settings.from, hubName: household?.name ?? "Heirloom", now: now,
                image: try await inlineImage(of: message))
            try await transport.send(OutgoingEmail(from: settings.from, to: message.toEmail, data: data))
        } catch {
            let attempts = message.attempts
            let giveUp = attempts >= Self.maximumAttempts
            let wait = RetrySchedule.backoff(attempt: attempts, base: 60, cap: 60 * 60)
            logger.warning("outbox: message \(id) not delivered (attempt \(attempts)): \(error)")
            try await db.sql().update(OutboxMessage.schema)
                .set("status", to: (giveUp ? OutboxMessage.Status.failed : .queued).rawValue)
                .set("next_attempt_at", to: now.addingTimeInterval(wait))
                .set("last_error", to: String("\(error)".prefix(1000)))
                .where("id", .equal, id).where("status", .equal, OutboxMessage.Status.sending.rawValue)
                .run()
            return false
        }
        let sentAt = clock()
        try await db.transaction { db in
            try await db.sql().update(OutboxMessage.schema)
                .set("status", to: OutboxMessage.Status.sent.rawValue).set("sent_at", to: sentAt)
                .set("last_error", to: SQLLiteral.null)
                .where("id", .equal, id).run()
            try await Outbox.delivered(message, at: sentAt, on: db)
        }
        return true
    }

    /// A claim older than its lifetime belongs to a sender that stopped mid-way: the message may have gone out,
    /// so it is not sent again; it is marked failed for a person to check.
    private func giveUpOnStaleClaims(now: Date) async throws {
        try await db.sql().update(OutboxMessage.schema)
            .set("status", to: OutboxMessage.Status.failed.rawValue)
            .set(
                "last_error",
                to:
                    "The hub stopped while sending this message; it may not have arrived. Please pass the link on by hand."
            )
            .where("status", .equal, OutboxMessage.Status.sending.rawValue)
            .where("claimed_at", .lessThan, now.addingTimeInterval(-Self.claimLifetime))
            .run()
    }
}
