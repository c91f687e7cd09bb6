import Fluent
import Foundation

/// One of a member's journal drawers; only its owner ever sees it.
final class JournalDrawer: Model, @unchecked Sendable {
    static let schema = "journal_drawers"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "name") var name: String
    /// A locked drawer's cards show only while the session or token is unlocked.
    @Field(key: "is_locked") var isLocked: Bool
    /// Drawers are shown in ascending order.
    @Field(key: "sort_order") var sortOrder: Int
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(id: UUID? = nil, userID: UUID, name: String, isLocked: Bool, sortOrder: Int) {
        self.id = id
        self.$user.id = userID
        self.name = name
        self.isLocked = isLocked
        self.sortOrder = sortOrder
    }
}

extension JournalDrawer {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] { [$id, $user, $name, $isLocked, $sortOrder, $createdAt, $updatedAt] }
}
