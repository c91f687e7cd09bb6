import Fluent
import Foundation
import HeirloomCore

/// A photo, video, voice or written memory in the household's shared collection.
final class Memory: Model, @unchecked Sendable {
    static let schema = "memories"

    /// An integer, unlike most of Heirloom's ids: the Memory Palace iPhone app stores and sends memory ids as
    /// integers, and caches them, so one is never handed out twice (see `SchemaBuilder.integerID`).
    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Parent(key: "household_id") var household: Household
    @OptionalParent(key: "created_by_id") var createdBy: User?
    /// `MemoryKind.rawValue`.
    @Field(key: "kind") var kind: String
    @Field(key: "title") var title: String
    @OptionalField(key: "description") var description: String?
    /// The words of a written memory.
    @OptionalField(key: "content") var content: String?
    /// `MemoryDate.storedValue`, with its parts below for filtering by year and finding anniversaries.
    @OptionalField(key: "date_value") var dateValue: String?
    @OptionalField(key: "date_year") var dateYear: Int?
    @OptionalField(key: "date_month") var dateMonth: Int?
    @OptionalField(key: "date_day") var dateDay: Int?
    @OptionalField(key: "location") var location: String?
    @OptionalField(key: "context") var context: String?
    /// The name of the phone that sent it, as the Memory Palace app gives it; nil for memories added here.
    @OptionalField(key: "device_name") var deviceName: String?
    /// The text fields in lower case, for search.
    @Field(key: "search_text") var searchText: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    @Siblings(through: MemoryPerson.self, from: \.$memory, to: \.$person) var people: [Person]
    @Children(for: \.$memory) var media: [MemoryMedia]
    @Children(for: \.$memory) var faces: [FaceTag]

    init() {}

    var memoryKind: MemoryKind { MemoryKind(rawValue: kind) ?? .text }

    var date: MemoryDate? { Self.date(year: dateYear, month: dateMonth, day: dateDay) }

    /// The date of stored columns (checked when written, so one that no longer parses reads as none).
    static func date(year: Int?, month: Int?, day: Int?) -> MemoryDate? {
        guard let year else { return nil }
        return try? MemoryDate(year: year, month: month, day: day)
    }

    func setDate(_ date: MemoryDate?) {
        dateValue = date?.storedValue
        dateYear = date?.year
        dateMonth = date?.month
        dateDay = date?.day
    }

    func refreshSearchText() {
        searchText = [title, description, content, location, context].compactMap { $0 }.joined(separator: "\n")
            .lowercased()
    }
}

/// A person who is in a memory.
final class MemoryPerson: Model, @unchecked Sendable {
    static let schema = "memory_people"

    @ID(key: .id) var id: UUID?
    @Parent(key: "memory_id") var memory: Memory
    @Parent(key: "person_id") var person: Person

    init() {}
}

/// A file of a memory, in order: its photos, or its one video or recording.
final class MemoryMedia: Model, @unchecked Sendable {
    static let schema = "memory_media"

    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Parent(key: "memory_id") var memory: Memory
    @Parent(key: "media_id") var media: MediaObject
    @Field(key: "position") var position: Int

    init() {}

    init(memoryID: Int, mediaID: UUID, position: Int) {
        self.$memory.id = memoryID
        self.$media.id = mediaID
        self.position = position
    }
}

/// A face marked on one of a memory's photos, with the person it is (or nobody yet).
final class FaceTag: Model, @unchecked Sendable {
    static let schema = "face_tags"

    /// An integer, as the iPhone app's face tags and `avatar-from-face` name it.
    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Parent(key: "memory_id") var memory: Memory
    @Field(key: "photo_index") var photoIndex: Int
    @OptionalParent(key: "person_id") var person: Person?
    @Field(key: "x") var x: Double
    @Field(key: "y") var y: Double
    @Field(key: "width") var width: Double
    @Field(key: "height") var height: Double

    init() {}

    init(memoryID: Int, box: FaceBox) {
        self.$memory.id = memoryID
        self.photoIndex = box.photoIndex
        self.$person.id = box.personID
        self.x = box.x
        self.y = box.y
        self.width = box.width
        self.height = box.height
    }

    var box: FaceBox {
        FaceBox(photoIndex: photoIndex, personID: $person.id, x: x, y: y, width: width, height: height)
    }
}

extension Memory: RowReadingModel {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile); rows are read without Fluent's empty
    /// models per relation (see `RowReadingModel`). ModelPropertiesTests checks the lists.
    var properties: [any AnyProperty] { rowProperties }
    var columnProperties: [any AnyDatabaseProperty] {
        [
            $id, $household, $createdBy, $kind, $title, $description, $content, $dateValue, $dateYear, $dateMonth,
            $dateDay, $location, $context, $deviceName, $searchText, $createdAt, $updatedAt,
        ]
    }
    var idRelations: [any ParentIDRelation<Int>] { [$people, $media, $faces] }
    func output(from output: any DatabaseOutput) throws { try readRow(output) }
}

extension MemoryPerson {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] { [$id, $memory, $person] }
}

extension MemoryMedia {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] { [$id, $memory, $media, $position] }
}

extension FaceTag {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] { [$id, $memory, $photoIndex, $person, $x, $y, $width, $height] }
}
