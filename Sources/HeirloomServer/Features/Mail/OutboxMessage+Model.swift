import Fluent
import Foundation
import HeirloomCore

/// One email, written in the same transaction as the change that causes it and delivered later by the worker.
final class OutboxMessage: Model, @unchecked Sendable {
    static let schema = "outbox_messages"

    /// Where a message stands.
    ///
    /// `sending` is claimed by one worker; a message found still `sending` after a crash is never tried again
    /// (it may have gone out): it is shown as failed, with its link, so that the family can pass it on by hand.
    enum Status: String, Codable, Sendable {
        case queued, sending, sent, failed
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    /// What the message is for: "executorInvitation", "recipientInvitation", …
    @Field(key: "purpose") var purpose: String
    @Field(key: "to_name") var toName: String
    @Field(key: "to_email") var toEmail: String
    @Field(key: "subject") var subject: String
    @Field(key: "text_body") var textBody: String
    @Field(key: "html_body") var htmlBody: String
    /// The personal link in the message, to copy by hand when there is no SMTP.
    @OptionalField(key: "link") var link: String?
    @Enum(key: "status") var status: Status
    @Field(key: "attempts") var attempts: Int
    @Field(key: "next_attempt_at") var nextAttemptAt: Date
    @OptionalField(key: "claimed_at") var claimedAt: Date?
    @OptionalField(key: "last_error") var lastError: String?
    @OptionalField(key: "sent_at") var sentAt: Date?
    /// Set when a person marked it as passed on by hand.
    @Field(key: "sent_by_hand") var sentByHand: Bool
    /// The beneficiary a recipient message is for, and the links it announces (comma-separated ids).
    @OptionalField(key: "beneficiary_id") var beneficiaryID: UUID?
    @OptionalField(key: "link_ids") var linkIDs: String?
    /// A picture carried inside the message (the photo a question is about): its blob and type, read at sending.
    @OptionalField(key: "inline_image_sha256") var inlineImageSHA256: String?
    @OptionalField(key: "inline_image_type") var inlineImageType: String?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    /// The message's link as an owner reading the outbox may see it (`OutboxLinks`): nil for a link that acts as
    /// one person, and for a link to pass on by hand once the hub's mail delivered it.
    func visibleLink(hubSendsMail: Bool) -> String? {
        let delivery: OutboxLinks.Delivery =
            switch status {
            case .queued, .sending: .waiting
            case .sent: .delivered
            case .failed: .failed
            }
        let shown = OutboxLinks.showsLink(
            MessagePurpose(rawValue: purpose), hubSendsMail: hubSendsMail, delivery: delivery)
        return shown ? link : nil
    }
}

/// Creates the outbox.
struct CreateOutboxMessage: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(OutboxMessage.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("purpose", .string, .required)
            .field("to_name", .string, .required)
            .field("to_email", .string, .required)
            .field("subject", .string, .required)
            .field("text_body", .string, .required)
            .field("html_body", .string, .required)
            .field("link", .string)
            .field("status", .string, .required)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .datetime, .required)
            .field("claimed_at", .datetime)
            .field("last_error", .string)
            .field("sent_at", .datetime)
            .field("sent_by_hand", .bool, .required, .sql(.default(false)))
            .field("beneficiary_id", .uuid)
            .field("link_ids", .string)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql().create(index: "outbox_messages_status_idx").on(OutboxMessage.schema)
            .column("status").column("next_attempt_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(OutboxMessage.schema).delete()
    }
}

/// A picture inside a message (issue 33: the photo a question is about travels with the email, so that it shows
/// where the hub cannot be reached).
struct AddOutboxInlineImage: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(OutboxMessage.schema).field("inline_image_sha256", .string).update()
        try await database.schema(OutboxMessage.schema).field("inline_image_type", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(OutboxMessage.schema).deleteField("inline_image_type").update()
        try await database.schema(OutboxMessage.schema).deleteField("inline_image_sha256").update()
    }
}
