import Fluent
import Foundation
import HeirloomCore

/// Someone the family asks one question a week, by email; they need an address, not an account.
final class Storyteller: Model, @unchecked Sendable {
    static let schema = "storytellers"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Field(key: "name") var name: String
    @Field(key: "email") var email: String
    /// The member this storyteller is, when they have an account.
    @OptionalParent(key: "user_id") var user: User?
    /// ISO 8601 weekday, Monday = 1 … Sunday = 7, in the household's time zone.
    @Field(key: "weekday") var weekday: Int
    @Field(key: "hour") var hour: Int
    /// When the next weekly question goes; the scheduler claims a send by moving it on.
    @Field(key: "next_send_at") var nextSendAt: Date
    /// A paused storyteller gets no weekly question (send-now still works).
    @Field(key: "active") var active: Bool
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    /// The day and hour, as the rule reads them (stored values were checked when written).
    var schedule: WeeklySchedule {
        (try? WeeklySchedule(weekday: weekday, hour: hour)) ?? (try! WeeklySchedule(weekday: 1, hour: 9))
    }
}

/// A question for a storyteller: waiting its turn (in `position` order), asked, answered or skipped. Once asked
/// or skipped it is never offered again (`key` is unique per storyteller). An answered question keeps its words
/// and where its story went: it is a chapter of the storyteller's book, named by its id.
final class StoryQuestion: Model, @unchecked Sendable {
    static let schema = "story_questions"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Parent(key: "storyteller_id") var storyteller: Storyteller
    /// `QuestionSource.rawValue`.
    @Field(key: "source") var source: String
    /// `QuestionCandidate.key`: what makes it the same question.
    @Field(key: "key") var key: String
    @Field(key: "text") var text: String
    @Field(key: "position") var position: Int
    @Field(key: "skipped") var skipped: Bool
    /// The item or photo memory a question about the family's things is about.
    @OptionalParent(key: "item_id") var item: Item?
    @OptionalParent(key: "photo_memory_id") var photoMemory: Memory?
    @OptionalParent(key: "created_by_id") var createdBy: User?
    @OptionalField(key: "asked_at") var askedAt: Date?
    @OptionalField(key: "answered_at") var answeredAt: Date?
    /// "voice" or "text".
    @OptionalField(key: "answer_kind") var answerKind: String?
    /// The typed answer's words.
    @OptionalField(key: "answer_text") var answerText: String?
    /// The recording of a spoken answer.
    @OptionalParent(key: "answer_media_id") var answerMedia: MediaObject?
    /// The item story a spoken answer about an item became.
    @OptionalParent(key: "answer_item_audio_id") var answerItemAudio: ItemAudio?
    /// The memory an answer became (or, for a typed answer about a photo, the photo memory it was added to).
    @OptionalParent(key: "answer_memory_id") var answerMemory: Memory?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    var questionSource: QuestionSource { QuestionSource(rawValue: source) ?? .builtIn }
    var isWaiting: Bool { askedAt == nil && !skipped }
}

/// A member's choices about the mail the hub sends them; a member without a row gets every note.
final class MemberPreference: Model, @unchecked Sendable {
    static let schema = "member_preferences"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// A short email when a storyteller's answer arrives.
    @Field(key: "story_notices") var storyNotices: Bool

    init() {}
}
