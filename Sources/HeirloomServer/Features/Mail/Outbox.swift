import Fluent
import Foundation
import HeirloomCore

/// The household's outgoing mail: queued in the caller's transaction, listed for owners, marked as sent by hand.
struct Outbox: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date

    /// Writes a message to the outbox on `db` (the caller's transaction), to be delivered by the worker.
    @discardableResult
    func enqueue(_ mail: Mail, householdID: UUID) async throws -> OutboxMessage {
        let message = OutboxMessage()
        message.$household.id = householdID
        message.purpose = mail.purpose.rawValue
        message.toName = mail.toName
        message.toEmail = mail.toEmail
        message.subject = mail.subject
        message.textBody = mail.text
        message.htmlBody = mail.html
        message.link = mail.link
        message.status = .queued
        message.attempts = 0
        message.nextAttemptAt = clock()
        message.sentByHand = false
        message.beneficiaryID = mail.beneficiaryID
        message.linkIDs = mail.linkIDs.isEmpty ? nil : mail.linkIDs.map(\.text).joined(separator: ",")
        (message.inlineImageSHA256, message.inlineImageType) = (mail.inlineImage?.sha256, mail.inlineImage?.contentType)
        message.createdAt = clock()
        try await message.create(on: db)
        return message
    }

    /// Every message of the household, newest first (owners only; 404 to anyone else).
    func list(by principal: Principal) async throws -> [OutboxMessage] {
        try principal.require(.read(.outbox), hidingAs: "outbox")
        return try await OutboxMessage.query(on: db).filter(\.$household.$id == principal.householdID)
            .sort(\.$createdAt, .descending).all()
    }

    /// Marks a message as passed on by hand: the worker will not send it any more.
    func markSent(_ id: UUID, by principal: Principal) async throws -> OutboxMessage {
        try principal.require(.change(.outbox), hidingAs: "message")
        guard
            let message = try await OutboxMessage.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID).first()
        else { throw AppError.notFound("message") }
        if message.status == .sent { return message }
        let now = clock()
        let claimed = try await db.sql().update(OutboxMessage.schema)
            .set("status", to: OutboxMessage.Status.sent.rawValue).set("sent_at", to: now)
            .set("sent_by_hand", to: true)
            .where("id", .equal, id).where("status", .notEqual, OutboxMessage.Status.sending.rawValue)
            .returning("id").all()
        guard claimed.count == 1 else {
            throw AppError.conflict(
                code: "message_sending", message: "This message is being sent right now. Please look again in a minute."
            )
        }
        try await Self.delivered(message, at: now, on: db)
        return try await OutboxMessage.find(id, on: db) ?? message
    }

    /// Sends a failed message again, as a new message with the same words and link: the failed one stays as it
    /// was, so each message is still handed to SMTP at most once. (A message that failed mid-send may have
    /// arrived; an owner who sends it again has chosen to risk a second copy.)
    func resend(_ id: UUID, by principal: Principal) async throws -> OutboxMessage {
        try principal.require(.change(.outbox), hidingAs: "message")
        guard
            let failed = try await OutboxMessage.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID).first()
        else { throw AppError.notFound("message") }
        guard failed.status == .failed else {
            throw AppError.conflict(
                code: "not_failed", message: "Only a message that could not be sent can be sent again.")
        }
        let linkIDs = (failed.linkIDs ?? "").split(separator: ",").compactMap { UUID(uuidString: String($0)) }
        return try await db.transaction { db in
            let outbox = Outbox(db: db, clock: clock)
            let copy = try await outbox.enqueue(
                Mail(
                    purpose: .passingCancelled, toName: failed.toName, toEmail: failed.toEmail,
                    subject: failed.subject, paragraphs: [], link: failed.link, beneficiaryID: failed.beneficiaryID,
                    linkIDs: linkIDs),
                householdID: principal.householdID)
            // The same purpose and words, exactly as first written.
            copy.purpose = failed.purpose
            copy.textBody = failed.textBody
            copy.htmlBody = failed.htmlBody
            (copy.inlineImageSHA256, copy.inlineImageType) = (failed.inlineImageSHA256, failed.inlineImageType)
            try await copy.save(on: db)
            try await AuditLog.append(
                .emailSent, "\(principal.name) asked for “\(failed.subject)” to be sent to \(failed.toName) again.",
                householdID: principal.householdID, at: clock(), on: db)
            return copy
        }
    }

    /// What follows a delivery: the announced links become "sent", and the audit log says so.
    static func delivered(_ message: OutboxMessage, at now: Date, on db: any Database) async throws {
        let ids = (message.linkIDs ?? "").split(separator: ",").compactMap { UUID(uuidString: String($0)) }
        if !ids.isEmpty {
            try await ItemBeneficiary.query(on: db).filter(\.$id ~~ ids)
                .filter(\.$notificationStatus == NotificationStatus.notSent.rawValue)
                .set(\.$notificationStatus, to: NotificationStatus.sent.rawValue).update()
        }
        try await AuditLog.append(
            .emailSent, "An email “\(message.subject)” went to \(message.toName).",
            householdID: message.$household.id, at: now, on: db)
    }
}
