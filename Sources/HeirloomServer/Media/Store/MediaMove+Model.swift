import Fluent
import Foundation
import HeirloomCore

/// One `heirloom media migrate`: from which store to which, how far it got, and each blob copied and checked,
/// so that a move stopped half-way starts again where it left off.
final class MediaMove: Model, @unchecked Sendable {
    static let schema = "media_moves"

    @ID(custom: .id, generatedBy: .database) var id: Int?
    /// The stores as HEIRLOOM_MEDIA_URL names them: "file:///srv/heirloom/media", "s3://family/media".
    @Field(key: "from_location") var from: String
    @Field(key: "to_location") var to: String
    /// `MediaMoveState.rawValue`.
    @Field(key: "state") var state: String
    @Field(key: "started_at") var startedAt: Date
    @OptionalField(key: "switched_at") var switchedAt: Date?
    @OptionalField(key: "finished_at") var finishedAt: Date?

    init() {}

    var record: MediaMoveRecord? {
        MediaMoveState(rawValue: state).map { MediaMoveRecord(from: from, to: to, state: $0) }
    }

    /// The latest move, which decides where hubs keep media (`MediaStoreChoice`).
    static func latest(on db: any Database) async throws -> MediaMove? {
        try await query(on: db).sort(\.$id, .descending).first()
    }
}

/// A blob a move has copied and read back with its SHA-256.
final class MediaMoveCopy: Model, @unchecked Sendable {
    static let schema = "media_move_copies"

    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Parent(key: "move_id") var move: MediaMove
    @Field(key: "sha256") var sha256: String

    init() {}
}

/// Moving media between stores (issue 32).
struct CreateMediaMove: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MediaMove.schema)
            .integerID(on: database)
            .field("from_location", .string, .required)
            .field("to_location", .string, .required)
            .field("state", .string, .required)
            .field("started_at", .datetime, .required)
            .field("switched_at", .datetime)
            .field("finished_at", .datetime)
            .create()
        try await database.schema(MediaMoveCopy.schema)
            .integerID(on: database)
            .field("move_id", .int, .required, .references(MediaMove.schema, .id, onDelete: .cascade))
            .field("sha256", .string, .required)
            .unique(on: "move_id", "sha256")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MediaMoveCopy.schema).delete()
        try await database.schema(MediaMove.schema).delete()
    }
}
