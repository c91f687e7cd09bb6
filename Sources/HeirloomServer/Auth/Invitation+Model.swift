import Fluent
import Foundation
import HeirloomCore

/// A single-use link that lets someone join a household with a role.
final class Invitation: Model, @unchecked Sendable {
    static let schema = "invitations"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @OptionalParent(key: "created_by_id") var createdBy: User?
    /// Hex SHA-256 of the link's secret.
    @Field(key: "token_hash") var tokenHash: String
    @Enum(key: "role") var role: HouseholdRole
    @OptionalField(key: "email") var email: String?
    /// The invited person's name, when the owner gave it.
    @OptionalField(key: "name") var name: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "accepted_at") var acceptedAt: Date?

    init() {}

    init(
        id: UUID? = nil,
        householdID: UUID,
        createdByID: UUID?,
        tokenHash: String,
        role: HouseholdRole,
        email: String?,
        name: String? = nil,
        expiresAt: Date
    ) {
        self.id = id
        self.$household.id = householdID
        self.$createdBy.id = createdByID
        self.tokenHash = tokenHash
        self.role = role
        self.email = email
        self.name = name
        self.expiresAt = expiresAt
    }
}
