import Fluent
import Foundation

/// One step of the plan, kept for the family to read: who did what, when.
final class AuditEntry: Model, @unchecked Sendable {
    static let schema = "estate_audit"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Field(key: "at") var at: Date
    /// `AuditEvent.rawValue`.
    @Field(key: "event") var event: String
    /// A sentence for people: "Mary Jones reported the passing."
    @Field(key: "detail") var detail: String

    init() {}
}

/// What the audit log records.
enum AuditEvent: String, Codable, CaseIterable, Sendable {
    case executorInvited, executorRemoved, passingReported, passingCancelled, estateReleased, estateReopened
    case linkReleased, emailSent, recipientInvited, recipientOpened, accepted, declined
    /// The hand-over (issue 29): a released heir the hub had no address for, and a link printed for one.
    case recipientNotTold, linkHandedOut
    /// Dividing fairly (issue 30): each step of a wish round, and every change by hand.
    case wishRoundDrafted, wishRoundOpened, wishRoundClosed, wishRoundChanged, wishRoundDivided, wishDivisionAdjusted
    case wishRoundConfirmed, wishesReminded
    /// The estate binder (issue 31): each reading by an outsider, each tick of the checklist, the yearly look.
    case binderRead, checklistTicked, binderLookAsked
    /// Letters for later (issue 31): a letter sent on its day, and each time a reader opens it.
    case letterDelivered, letterOpened
    /// A member's passing reported for their letters, and the report stopped by their signing in.
    case memberPassingReported, memberPassingCancelled
}
