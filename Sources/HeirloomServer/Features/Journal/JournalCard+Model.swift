import Fluent
import Foundation
import HeirloomCore

/// A card in a journal drawer: writing, or a recording with notes beside it.
final class JournalCard: Model, @unchecked Sendable {
    static let schema = "journal_cards"

    @ID(key: .id) var id: UUID?
    /// The author; kept beside the drawer so every query can filter on it directly.
    @Parent(key: "user_id") var user: User
    @Parent(key: "drawer_id") var drawer: JournalDrawer
    @Enum(key: "kind") var kind: JournalCardKind
    /// Nil when the card shows its first words instead.
    @OptionalField(key: "title") var title: String?
    @Field(key: "body") var body: String
    /// The day it was written, "2026-11-22" (sorts as text on both databases).
    @Field(key: "written_on") var writtenOn: String
    /// Title, text and tags, lowercased, for search.
    @Field(key: "search_text") var searchText: String
    /// The recording of a voice card: a media object owned by this card, deleted with it by the service.
    @OptionalField(key: "media_id") var mediaID: UUID?
    @OptionalField(key: "duration_seconds") var durationSeconds: Double?
    /// Peak levels between 0 and 1, as a JSON array.
    @OptionalField(key: "waveform") var waveform: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?
    @Siblings(through: JournalCardTag.self, from: \.$card, to: \.$tag) var tags: [JournalTag]

    init() {}

    init(id: UUID? = nil, userID: UUID, drawerID: UUID, kind: JournalCardKind, writtenOn: JournalDay) {
        self.id = id
        self.$user.id = userID
        self.$drawer.id = drawerID
        self.kind = kind
        self.body = ""
        self.writtenOn = writtenOn.description
        self.searchText = ""
    }

    /// The day it was written.
    var day: JournalDay { Self.day(writtenOn: writtenOn, createdAt: createdAt) }

    static func day(writtenOn: String, createdAt: Date?) -> JournalDay {
        JournalDay(writtenOn) ?? JournalDay(createdAt ?? Date(timeIntervalSince1970: 0), in: .gmt)
    }

}

extension JournalCard: RowReadingModel {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile); rows are read without Fluent's empty
    /// models per relation (see `RowReadingModel`). ModelPropertiesTests checks the lists.
    var properties: [any AnyProperty] { rowProperties }
    var columnProperties: [any AnyDatabaseProperty] {
        [
            $id, $user, $drawer, $kind, $title, $body, $writtenOn, $searchText, $mediaID, $durationSeconds, $waveform,
            $createdAt, $updatedAt,
        ]
    }
    var idRelations: [any ParentIDRelation<UUID>] { [$tags] }
    func output(from output: any DatabaseOutput) throws { try readRow(output) }
}
