import Fluent
import Foundation

/// A secret link or session for someone who comes by a link (`LinkTokens`); the table keeps its first name.
///
/// Only the SHA-256 of the secret is stored; deleting the rows of a subject revokes its link and sessions at once.
final class LinkToken: Model, @unchecked Sendable {
    static let schema = "passing_tokens"

    enum Kind: String, Codable, Sendable {
        /// The link in an executor's email.
        case executorLink
        /// A bearer token or cookie an executor's link was exchanged for.
        case executorSession
        /// The one-click "I am still here" link in an inactivity reminder.
        case holderStillHere
        case recipientLink
        case recipientSession
        /// A wish-round participant's emailed link, and the session it is exchanged for (issue 30); the subject is
        /// the participant.
        case wishLink
        case wishSession
        /// The yearly link that confirms a trusted contact's address still works (issue 31).
        case executorAddressCheck
        /// A letter reader's emailed link, and the session it is exchanged for (issue 31); the subject is the
        /// `LetterRecipient`.
        case letterLink
        case letterSession
        /// A storyteller's emailed link for one question, and the session it is exchanged for (issue 33); the
        /// subject is the `StoryQuestion`.
        case storyLink
        case storySession
        /// The link that proves a member's address (issue 44); the subject is the user.
        case emailConfirmation
        /// The QR code of one recording in a printed story book (issue 45): it plays that recording on any phone,
        /// and nothing else; the subject is the `StoryQuestion` it answered. Withdrawn, it keeps its row with
        /// `expires_at` at the moment it was withdrawn, so its page can say so.
        case bookRecording
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Enum(key: "kind") var kind: Kind
    /// The executor's or the beneficiary's id.
    @Field(key: "subject_id") var subjectID: UUID
    @Field(key: "token_hash") var tokenHash: String
    /// When a session ends (`OutsiderSessions`); links have no end of their own.
    @OptionalField(key: "expires_at") var expiresAt: Date?
    /// When opening this link last went into the audit log.
    @OptionalField(key: "opening_recorded_at") var openingRecordedAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
