import Fluent
import Foundation
import HeirloomCore

/// A member other than the estate holder whose passing a trusted contact reported, for their letters after it:
/// the estate's own state machine (`EstateStatus`), kept per member.
final class MemberPassing: Model, PassingStatusRow, @unchecked Sendable {
    static let schema = "member_passings"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Parent(key: "user_id") var user: User
    /// `EstateState.rawValue`.
    @Field(key: "state") var state: String
    @OptionalField(key: "reported_at") var reportedAt: Date?
    @OptionalField(key: "release_at") var releaseAt: Date?
    @OptionalField(key: "released_at") var releasedAt: Date?
    @Field(key: "reported_by") var reportedBy: String

    init() {}
}

/// Letters after a member's passing (issue 31): the household's choice to allow them, and each member's passing.
struct CreateMemberPassing: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Estate.schema)
            .field("member_letters", .bool, .required, .sql(.default(false))).update()
        try await database.schema(MemberPassing.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("state", .string, .required)
            .field("reported_at", .datetime)
            .field("release_at", .datetime)
            .field("released_at", .datetime)
            .field("reported_by", .string, .required)
            .unique(on: "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MemberPassing.schema).delete()
        try await database.schema(Estate.schema).deleteField("member_letters").update()
    }
}
