import Fluent
import Foundation
import HeirloomCore

/// The stored advice for one item or one set: the brief as the adviser gave it and, once a path is chosen,
/// the plan's steps. Making a brief again replaces both.
final class StoredBrief: Model, @unchecked Sendable {
    static let schema = "liquidation_briefs"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    /// The item it is about, or nil for a set.
    @OptionalParent(key: "item_id") var item: Item?
    /// The set it is about (`item_sets.id`), or nil for an item.
    @OptionalField(key: "set_id") var setID: UUID?
    /// `LiquidationScope.rawValue`.
    @Field(key: "scope") var scope: String
    /// The `LiquidationBrief` as the app's JSON.
    @Field(key: "brief_json") var briefJSON: String
    /// Whether the brief came from the hub's rules rather than a model.
    @Field(key: "rule_based") var ruleBased: Bool
    @OptionalParent(key: "created_by_id") var createdBy: User?
    @Field(key: "created_at") var createdAt: Date
    /// `LiquidationPath.rawValue` of the chosen path, once a plan is made.
    @OptionalField(key: "chosen_path") var chosenPath: String?
    @OptionalField(key: "plan_created_at") var planCreatedAt: Date?
    @OptionalParent(key: "plan_created_by_id") var planCreatedBy: User?

    @Children(for: \.$brief) var steps: [LiquidationPlanStep]

    init() {}

    func decodedBrief() throws -> LiquidationBrief {
        try TreasureChestJSON.decoder().decode(LiquidationBrief.self, from: Data(briefJSON.utf8))
    }
}

/// One step of a plan, ticked by a member of the family with a note.
final class LiquidationPlanStep: Model, @unchecked Sendable {
    static let schema = "liquidation_steps"

    @ID(key: .id) var id: UUID?
    @Parent(key: "brief_id") var brief: StoredBrief
    /// 1-based.
    @Field(key: "position") var position: Int
    @Field(key: "text") var text: String
    @Field(key: "done") var done: Bool
    @OptionalField(key: "done_at") var doneAt: Date?
    @OptionalParent(key: "done_by_id") var doneBy: User?
    /// The name of who ticked it, kept should they leave the household.
    @OptionalField(key: "done_by_name") var doneByName: String?
    @OptionalField(key: "note") var note: String?

    init() {}
}

struct CreateLiquidationBrief: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(StoredBrief.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("item_id", .uuid, .references(Item.schema, .id, onDelete: .cascade))
            .field("set_id", .uuid, .references(ItemSet.schema, .id, onDelete: .cascade))
            .field("scope", .string, .required)
            .field("brief_json", .string, .required)
            .field("rule_based", .bool, .required)
            .field("created_by_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("created_at", .datetime, .required)
            .field("chosen_path", .string)
            .field("plan_created_at", .datetime)
            .field("plan_created_by_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .unique(on: "item_id")
            .unique(on: "set_id")
            .create()
        try await database.schema(LiquidationPlanStep.schema)
            .id()
            .field("brief_id", .uuid, .required, .references(StoredBrief.schema, .id, onDelete: .cascade))
            .field("position", .int, .required)
            .field("text", .string, .required)
            .field("done", .bool, .required)
            .field("done_at", .datetime)
            .field("done_by_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("done_by_name", .string)
            .field("note", .string)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LiquidationPlanStep.schema).delete()
        try await database.schema(StoredBrief.schema).delete()
    }
}
