import Fluent
import Foundation
import HeirloomCore

/// Photos added together to be analysed and, after review, imported as items.
final class AppraisalBatch: Model, @unchecked Sendable {
    static let schema = "appraisal_batches"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @OptionalParent(key: "created_by_id") var createdBy: User?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Children(for: \.$batch) var entries: [AppraisalBatchEntry]

    init() {}
}

/// One photo of a batch and how its analysis went.
final class AppraisalBatchEntry: Model, @unchecked Sendable {
    static let schema = "appraisal_batch_entries"

    enum State: String, Codable, Sendable, CaseIterable {
        case pending, running, done, failed
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "batch_id") var batch: AppraisalBatch
    /// The photo's place in the batch, from 0.
    @Field(key: "position") var position: Int
    @Field(key: "file_name") var fileName: String
    /// The stored photo (owner "appraisal_batch" until imported, then the item's).
    @OptionalParent(key: "media_id") var media: MediaObject?
    @Enum(key: "state") var state: State
    /// The analysis as JSON, once done.
    @OptionalField(key: "analysis") var analysisJSON: String?
    @OptionalField(key: "error_code") var errorCode: String?
    @OptionalField(key: "error_message") var errorMessage: String?
    @OptionalField(key: "item_id") var itemID: UUID?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    var analysis: ItemAnalysis? {
        guard let analysisJSON else { return nil }
        return try? JSONDecoder().decode(ItemAnalysis.self, from: Data(analysisJSON.utf8))
    }
}

/// Creates the tables of batches and their entries.
struct CreateAppraisalBatch: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AppraisalBatch.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("created_by_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("created_at", .datetime)
            .create()
        try await database.schema(AppraisalBatchEntry.schema)
            .id()
            .field("batch_id", .uuid, .required, .references(AppraisalBatch.schema, .id, onDelete: .cascade))
            .field("position", .int, .required)
            .field("file_name", .string, .required)
            .field("media_id", .uuid, .references(MediaObject.schema, .id, onDelete: .setNull))
            .field("state", .string, .required)
            .field("analysis", .string)
            .field("error_code", .string)
            .field("error_message", .string)
            .field("item_id", .uuid, .references(Item.schema, .id, onDelete: .setNull))
            .field("updated_at", .datetime)
            .unique(on: "batch_id", "position")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AppraisalBatchEntry.schema).delete()
        try await database.schema(AppraisalBatch.schema).delete()
    }
}
