import Fluent
import Foundation

/// One row once the hub has been set up; its fixed primary key makes a second set-up fail even when two
/// arrive at the same moment.
final class HubState: Model, @unchecked Sendable {
    static let schema = "hub_state"
    static let singletonID = 1

    @ID(custom: "id", generatedBy: .user) var id: Int?
    @Timestamp(key: "set_up_at", on: .create) var setUpAt: Date?

    init() {}

    init(id: Int) {
        self.id = id
    }
}

/// Creates the table that marks a hub as set up.
struct CreateHubState: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(HubState.schema)
            .field("id", .int, .identifier(auto: false))
            .field("set_up_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(HubState.schema).delete()
    }
}
