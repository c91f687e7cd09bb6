import Fluent
import Foundation
import HeirloomCore

/// A person with an account; a member of exactly one household.
final class User: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Field(key: "name") var name: String
    /// Lowercased, unique across the hub.
    @Field(key: "email") var email: String
    /// Nil for accounts that only sign in with Apple.
    @OptionalField(key: "password_hash") var passwordHash: String?
    @Enum(key: "role") var role: HouseholdRole
    /// Apple's stable user identifier (`sub`), once linked.
    @OptionalField(key: "apple_subject") var appleSubject: String?
    /// When a link sent to `email` came back (or the invitation made for it was accepted): until then the address
    /// is only what was typed, and nothing named by address is theirs (`AddressProof`).
    @OptionalField(key: "email_confirmed_at") var emailConfirmedAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(
        id: UUID? = nil,
        householdID: UUID,
        name: String,
        email: String,
        passwordHash: String?,
        role: HouseholdRole,
        appleSubject: String? = nil
    ) {
        self.id = id
        self.$household.id = householdID
        self.name = name
        self.email = email
        self.passwordHash = passwordHash
        self.role = role
        self.appleSubject = appleSubject
    }
}

extension User {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] {
        [
            $id, $household, $name, $email, $passwordHash, $role, $appleSubject, $emailConfirmedAt, $createdAt,
            $updatedAt,
        ]
    }
}
