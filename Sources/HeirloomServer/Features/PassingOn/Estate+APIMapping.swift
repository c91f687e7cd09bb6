import Foundation
import HeirloomAPI
import HeirloomCore

extension Components.Schemas.Estate {
    init(_ estate: Estate) {
        self.init(
            holderUserId: estate.$holder.id?.text,
            holderName: estate.holder?.name,
            waitingPeriodDays: estate.waitingPeriodDays,
            inactivityMonths: estate.inactivityMonths,
            state: .init(rawValue: estate.state) ?? .active,
            reportedAt: estate.reportedAt,
            reportedBy: estate.reportedBy,
            dateOfPassing: estate.dateOfPassing,
            releaseAt: estate.releaseAt,
            releasedAt: estate.releasedAt,
            showValuesToRecipients: estate.showValuesToRecipients,
            timeZone: estate.zone.identifier,
            memberLetters: estate.memberLetters
        )
    }
}

extension Components.Schemas.ExecutorEstate {
    /// The state as it stands at `now`: a report whose waiting period ran out reads as released.
    init(_ estate: Estate, now: Date) {
        let status = estate.status
        self.init(
            state: .init(rawValue: status.effectiveState(at: now).rawValue) ?? .active,
            holderName: estate.holder?.name ?? "",
            reportedAt: status.reportedAt,
            releaseAt: status.releaseAt
        )
    }
}

extension Components.Schemas.EstateAuditEntry {
    init(_ entry: AuditEntry) throws {
        self.init(
            id: try entry.requireID().text, at: entry.at,
            event: .init(rawValue: entry.event) ?? .emailSent, detail: entry.detail)
    }
}

extension Components.Schemas.Executor {
    init(_ executor: Executor) throws {
        self.init(
            id: try executor.requireID().text, name: executor.name, email: executor.email,
            status: .init(rawValue: executor.status.rawValue) ?? .invited)
    }
}

extension Components.Schemas.OutboxMessage {
    /// `hubSendsMail`: whether the hub has SMTP, which decides which links an owner sees (`OutboxLinks`).
    init(_ message: OutboxMessage, hubSendsMail: Bool) throws {
        let status: StatusPayload =
            switch message.status {
            case .queued, .sending: .queued
            case .sent: .sent
            case .failed: .failed
            }
        self.init(
            id: try message.requireID().text, purpose: message.purpose, toName: message.toName,
            toEmail: message.toEmail, subject: message.subject, link: message.visibleLink(hubSendsMail: hubSendsMail),
            status: status,
            attempts: message.attempts, lastError: message.lastError, createdAt: message.createdAt,
            sentAt: message.sentAt, sentByHand: message.sentByHand)
    }
}
