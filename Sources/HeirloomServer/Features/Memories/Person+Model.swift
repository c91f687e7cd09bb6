import Fluent
import Foundation

/// Someone in the family's memories; shared by the household.
final class Person: Model, @unchecked Sendable {
    static let schema = "people"

    /// An integer, unlike most of Heirloom's ids: the Memory Palace iPhone app decodes people's ids as integers
    /// (`personServerId`, `peopleIds`) and caches them, so one is never handed out twice.
    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Parent(key: "household_id") var household: Household
    @Field(key: "name") var name: String
    /// `PersonName.key(name)`: unique within the household, so that "Ann" and "ann" are one person.
    @Field(key: "name_key") var nameKey: String
    /// One of `FamilyRelationship.known`, or the family's own words.
    @OptionalField(key: "relationship") var relationship: String?
    @OptionalField(key: "notes") var notes: String?
    /// `MemoryDate.storedValue`: a year, a month or a day.
    @OptionalField(key: "birth_date") var birthDate: String?
    @OptionalField(key: "death_date") var deathDate: String?
    @OptionalParent(key: "avatar_media_id") var avatar: MediaObject?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}
}

/// Creates the people table; a name is unique within a household, ignoring case.
struct CreatePerson: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Person.schema)
            .integerID(on: database)
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("name_key", .string, .required)
            .field("relationship", .string)
            .field("notes", .string)
            .field("birth_date", .string)
            .field("death_date", .string)
            .field("avatar_media_id", .uuid, .references(MediaObject.schema, .id, onDelete: .setNull))
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "household_id", "name_key")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Person.schema).delete()
    }
}

extension Person {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] {
        [
            $id, $household, $name, $nameKey, $relationship, $notes, $birthDate, $deathDate, $avatar, $createdAt,
            $updatedAt,
        ]
    }
}
