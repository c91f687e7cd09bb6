import Fluent
import SQLKit

/// Creates the memories table, listed newest first and filtered by year.
struct CreateMemory: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Memory.schema)
            .integerID(on: database)
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("created_by_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("kind", .string, .required)
            .field("title", .string, .required)
            .field("description", .string)
            .field("content", .string)
            .field("date_value", .string)
            .field("date_year", .int)
            .field("date_month", .int)
            .field("date_day", .int)
            .field("location", .string)
            .field("context", .string)
            .field("search_text", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "memories_household_id_idx").on(Memory.schema)
            .column("household_id").column("id").run()
        try await sql.create(index: "memories_household_year_idx").on(Memory.schema)
            .column("household_id").column("date_year").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Memory.schema).delete()
    }
}

/// Creates the links between memories and the people in them; deleting either removes the link.
struct CreateMemoryPerson: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MemoryPerson.schema)
            .id()
            .field("memory_id", .int, .required, .references(Memory.schema, .id, onDelete: .cascade))
            .field("person_id", .int, .required, .references(Person.schema, .id, onDelete: .cascade))
            .unique(on: "memory_id", "person_id")
            .create()
        try await database.sql().create(index: "memory_people_person_idx").on(MemoryPerson.schema)
            .column("person_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MemoryPerson.schema).delete()
    }
}

/// Creates the files of memories; the media rows are deleted by the service, which frees their blobs.
struct CreateMemoryMedia: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MemoryMedia.schema)
            .integerID(on: database)
            .field("memory_id", .int, .required, .references(Memory.schema, .id, onDelete: .cascade))
            .field("media_id", .uuid, .required, .references(MediaObject.schema, .id, onDelete: .cascade))
            .field("position", .int, .required)
            .unique(on: "media_id")
            .create()
        try await database.sql().create(index: "memory_media_memory_idx").on(MemoryMedia.schema)
            .column("memory_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MemoryMedia.schema).delete()
    }
}

/// Creates face tags; a deleted person's tags go with them.
struct CreateFaceTag: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(FaceTag.schema)
            .integerID(on: database)
            .field("memory_id", .int, .required, .references(Memory.schema, .id, onDelete: .cascade))
            .field("photo_index", .int, .required)
            .field("person_id", .int, .references(Person.schema, .id, onDelete: .cascade))
            .field("x", .double, .required)
            .field("y", .double, .required)
            .field("width", .double, .required)
            .field("height", .double, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "face_tags_memory_idx").on(FaceTag.schema).column("memory_id").run()
        try await sql.create(index: "face_tags_person_idx").on(FaceTag.schema).column("person_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FaceTag.schema).delete()
    }
}
