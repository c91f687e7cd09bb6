import Fluent

/// Letters for later (issue 31): the letter with its delivery rule and recording, and its readers.
struct CreateLetter: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Letter.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("writer_user_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("writer_name", .string, .required)
            .field("subject", .string, .required)
            .field("text", .string, .required)
            .field("deliver_on", .string)
            .field("after_passing", .bool, .required)
            .field("shared_with_owners", .bool, .required)
            .field("recording_media_id", .uuid, .references(MediaObject.schema, .id, onDelete: .setNull))
            .field("delivered_at", .datetime)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.schema(LetterRecipient.schema)
            .id()
            .field("letter_id", .uuid, .required, .references(Letter.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("email", .string, .required)
            .field("position", .int, .required)
            .unique(on: "letter_id", "email")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LetterRecipient.schema).delete()
        try await database.schema(Letter.schema).delete()
    }
}
