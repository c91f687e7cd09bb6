import Fluent
import SQLKit

/// A question each week (issue 33): storytellers, their questions and answers, and members' mail choices.
struct CreateStoryteller: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Storyteller.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("email", .string, .required)
            .field("user_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("weekday", .int, .required)
            .field("hour", .int, .required)
            .field("next_send_at", .datetime, .required)
            .field("active", .bool, .required)
            .field("created_at", .datetime)
            .create()
        try await database.schema(StoryQuestion.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("storyteller_id", .uuid, .required, .references(Storyteller.schema, .id, onDelete: .cascade))
            .field("source", .string, .required)
            .field("key", .string, .required)
            .field("text", .string, .required)
            .field("position", .int, .required)
            .field("skipped", .bool, .required)
            .field("item_id", .uuid, .references(Item.schema, .id, onDelete: .setNull))
            .field("photo_memory_id", .int, .references(Memory.schema, .id, onDelete: .setNull))
            .field("created_by_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("asked_at", .datetime)
            .field("answered_at", .datetime)
            .field("answer_kind", .string)
            .field("answer_text", .string)
            .field("answer_media_id", .uuid, .references(MediaObject.schema, .id, onDelete: .setNull))
            .field("answer_item_audio_id", .uuid, .references(ItemAudio.schema, .id, onDelete: .setNull))
            .field("answer_memory_id", .int, .references(Memory.schema, .id, onDelete: .setNull))
            .field("created_at", .datetime)
            .unique(on: "storyteller_id", "key")
            .create()
        try await database.sql().create(index: "story_questions_storyteller_idx").on(StoryQuestion.schema)
            .column("storyteller_id").column("position").run()
        try await database.schema(MemberPreference.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("story_notices", .bool, .required)
            .unique(on: "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MemberPreference.schema).delete()
        try await database.schema(StoryQuestion.schema).delete()
        try await database.schema(Storyteller.schema).delete()
    }
}
