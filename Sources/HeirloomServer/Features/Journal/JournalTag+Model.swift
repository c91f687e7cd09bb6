import Fluent
import Foundation

/// A tag in one member's journal, lowercased and unique for them.
final class JournalTag: Model, @unchecked Sendable {
    static let schema = "journal_tags"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "name") var name: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Siblings(through: JournalCardTag.self, from: \.$tag, to: \.$card) var cards: [JournalCard]

    init() {}

    init(id: UUID? = nil, userID: UUID, name: String) {
        self.id = id
        self.$user.id = userID
        self.name = name
    }
}

/// Which tags a card has.
final class JournalCardTag: Model, @unchecked Sendable {
    static let schema = "journal_card_tags"

    @ID(key: .id) var id: UUID?
    @Parent(key: "card_id") var card: JournalCard
    @Parent(key: "tag_id") var tag: JournalTag

    init() {}
}

extension JournalTag: RowReadingModel {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile); rows are read without Fluent's empty
    /// models per relation (see `RowReadingModel`). ModelPropertiesTests checks the lists.
    var properties: [any AnyProperty] { rowProperties }
    var columnProperties: [any AnyDatabaseProperty] { [$id, $user, $name, $createdAt] }
    var idRelations: [any ParentIDRelation<UUID>] { [$cards] }
    func output(from output: any DatabaseOutput) throws { try readRow(output) }
}

extension JournalCardTag {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] { [$id, $card, $tag] }
}
