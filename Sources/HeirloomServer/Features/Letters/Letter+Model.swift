import Fluent
import Foundation
import HeirloomCore

/// A letter for later: words (and perhaps a recording) a member leaves for people, sealed until its day.
final class Letter: Model, @unchecked Sendable {
    static let schema = "letters"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    /// The writer; nil once their account is removed (the letter stays, with their name).
    @OptionalParent(key: "writer_user_id") var writer: User?
    /// The writer's name as the readers will see it.
    @Field(key: "writer_name") var writerName: String
    @Field(key: "subject") var subject: String
    @Field(key: "text") var text: String
    /// "YYYY-MM-DD" for a letter on a day; nil for a letter after the writer's passing.
    @OptionalField(key: "deliver_on") var deliverOn: String?
    @Field(key: "after_passing") var afterPassing: Bool
    /// The writer lets the household's owners read it before it is delivered.
    @Field(key: "shared_with_owners") var sharedWithOwners: Bool
    @OptionalParent(key: "recording_media_id") var recording: MediaObject?
    /// When the hub sent it; from then on it is the readers' and no longer changes.
    @OptionalField(key: "delivered_at") var deliveredAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    @Children(for: \.$letter) var recipients: [LetterRecipient]

    init() {}

    /// When the letter goes, as the rule reads it.
    var delivery: LetterDelivery {
        if let deliverOn, let day = Day(deliverOn), !afterPassing { return .onDay(day) }
        return .afterPassing
    }
}

/// One reader of a letter, named by its writer; their emailed link's subject.
final class LetterRecipient: Model, @unchecked Sendable {
    static let schema = "letter_recipients"

    @ID(key: .id) var id: UUID?
    @Parent(key: "letter_id") var letter: Letter
    @Field(key: "name") var name: String
    @Field(key: "email") var email: String
    @Field(key: "position") var position: Int

    init() {}

    init(letterID: UUID, name: String, email: String, position: Int) {
        $letter.id = letterID
        self.name = name
        self.email = email
        self.position = position
    }
}
