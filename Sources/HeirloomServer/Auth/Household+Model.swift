import Fluent
import Foundation

/// A family: everything in Heirloom belongs to exactly one household.
final class Household: Model, @unchecked Sendable {
    static let schema = "households"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    /// ISO 4217 code new items use unless told otherwise.
    @Field(key: "default_currency") var defaultCurrency: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(id: UUID? = nil, name: String, defaultCurrency: String = "USD") {
        self.id = id
        self.name = name
        self.defaultCurrency = defaultCurrency
    }
}
