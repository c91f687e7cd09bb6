import Fluent
import Foundation

/// A browser session, an app token or a paired phone: a secret whose SHA-256 hash is stored.
final class AuthToken: Model, @unchecked Sendable {
    static let schema = "auth_tokens"

    /// What kind of client holds the token.
    enum Kind: String, Codable, Sendable {
        /// A browser's session cookie.
        case session
        /// A token from `/api/auth/login` or sign-in with Apple.
        case api
        /// A phone paired from Settings.
        case device
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Enum(key: "kind") var kind: Kind
    @Field(key: "name") var name: String
    /// Hex SHA-256 of the secret; the secret itself is never stored.
    @Field(key: "token_hash") var tokenHash: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @OptionalField(key: "last_used_at") var lastUsedAt: Date?
    /// Sessions expire; app and device tokens last until revoked.
    @OptionalField(key: "expires_at") var expiresAt: Date?
    /// Until when this session or token may read locked journal drawers; nil when locked.
    @OptionalField(key: "journal_unlocked_until") var journalUnlockedUntil: Date?

    init() {}

    init(id: UUID? = nil, userID: UUID, kind: Kind, name: String, tokenHash: String, expiresAt: Date?) {
        self.id = id
        self.$user.id = userID
        self.kind = kind
        self.name = name
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }
}

extension AuthToken {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] {
        [$id, $user, $kind, $name, $tokenHash, $createdAt, $lastUsedAt, $expiresAt, $journalUnlockedUntil]
    }
}
