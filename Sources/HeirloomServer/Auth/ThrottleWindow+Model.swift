import Fluent
import Foundation
import SQLKit

/// What one throttle or rate limit counts for one key (an account, a client address, a link, a phone): the
/// moments of the attempts still inside its window. Read and written by `ThrottleStore` only.
final class ThrottleWindow: Model, @unchecked Sendable {
    static let schema = "throttle_windows"

    /// The throttle, what it counts and a hash of what is counted: `sign-in:account:<sha256>`.
    @ID(custom: "key", generatedBy: .user) var id: String?
    /// The moments, as `ThrottleStore.encode` writes them.
    @Field(key: "moments") var moments: String
    /// Grows by one with every change; a change is written only over the version it read.
    @Field(key: "version") var version: Int
    /// When the newest moment leaves its window: the row may go after that.
    @Field(key: "expires_at") var expiresAt: Date

    init() {}
}

/// Creates the table of throttles' counts, shared by every server of a hub (issue 32).
struct CreateThrottleWindow: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ThrottleWindow.schema)
            .field("key", .string, .identifier(auto: false))
            .field("moments", .string, .required)
            .field("version", .int, .required)
            .field("expires_at", .datetime, .required)
            .create()
        try await database.sql().create(index: "throttle_windows_expires_at_idx")
            .on(ThrottleWindow.schema).column("expires_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ThrottleWindow.schema).delete()
    }
}
