import Fluent
import Foundation

/// A family: everything in Heirloom belongs to exactly one household.
final class Household: Model, @unchecked Sendable {
    static let schema = "households"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(id: UUID? = nil, name: String) {
        self.id = id
        self.name = name
    }
}
