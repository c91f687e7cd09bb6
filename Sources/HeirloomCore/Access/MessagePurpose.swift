import Foundation

/// What an email the hub writes is for, and so what its link is: the outbox stores it, and `OutboxLinks` decides by
/// it who may read the link.
public enum MessagePurpose: String, CaseIterable, Codable, Sendable {
    // Members' own accounts.
    case memberInvitation, passwordLink, passwordReset, emailConfirmation
    // The holder.
    case holderPassingReported, holderHalfwayReminder, holderInactivityReminder
    case binderReviewDue, binderYearlyLook
    // Trusted contacts.
    case executorInvitation, executorAddressCheck, executorInactivityNotice, executorTasksBegin
    // Heirs.
    case recipientItems, recipientReopened, binderReleased
    // The household's members, about the estate and its people.
    case membersPassingReported, membersPassingCancelled, membersEstateReleased
    case passingCancelled, memberPassingReported, storyArrived
    // People taking part from outside: wish rounds, letters, storytellers.
    case wishInvitation, wishReminder, wishTurn, wishResult
    case letterDelivered, storyQuestion

    /// The kind of link its message carries.
    public var link: MessageLink {
        switch self {
        case .memberInvitation, .passwordLink: .invitation
        case .passwordReset, .emailConfirmation, .holderPassingReported, .holderHalfwayReminder,
            .holderInactivityReminder, .executorAddressCheck:
            .personal
        case .executorInvitation, .executorInactivityNotice, .executorTasksBegin, .recipientItems,
            .recipientReopened, .binderReleased, .wishInvitation, .wishReminder, .wishTurn, .wishResult,
            .letterDelivered, .storyQuestion:
            .handOn
        case .binderReviewDue, .binderYearlyLook, .membersPassingReported, .membersPassingCancelled,
            .membersEstateReleased, .passingCancelled, .memberPassingReported, .storyArrived:
            .page
        }
    }
}

/// What the link in a message opens, for whom.
public enum MessageLink: Sendable {
    /// A person without an account comes in with it (an heir, a trusted contact, a wish participant, a letter's
    /// reader, a storyteller): when mail cannot reach them, the family passes it on by hand.
    case handOn
    /// It makes or opens a member's account (an invitation, a first password): passed on by hand only where the hub
    /// cannot send it, and never once it was delivered to the address it was made for.
    case invitation
    /// It acts as one person: a password reset, "I am still here", a proof of an address. Only its addressee may
    /// ever hold it; nobody else sees it, whatever happened to the email.
    case personal
    /// A page of the hub that asks its reader to sign in: no secret in it.
    case page
}
