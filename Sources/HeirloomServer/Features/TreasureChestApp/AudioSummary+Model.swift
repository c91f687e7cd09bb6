import Fluent
import Foundation
import HeirloomCore

/// What the hub remembers of a recording the Legacy Treasure Chest app asked it to summarise, for a day: its words
/// once heard, its summary once made, and whether a server is at work on it (`SummaryRetry`).
final class AudioSummary: Model, @unchecked Sendable {
    static let schema = "audio_summaries"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    /// SHA-256 of the recording and what came with it (its type, the item's name, the extra context).
    @Field(key: "body_hash") var bodyHash: String
    /// The app's `X-Request-ID` of the first call, for the log.
    @OptionalField(key: "request_id") var requestID: String?
    @OptionalField(key: "words") var words: String?
    @OptionalField(key: "summary") var summary: String?
    @OptionalField(key: "claimed_at") var claimedAt: Date?
    /// Counts the claims, so that two servers taking over at once cannot both win.
    @Field(key: "claims") var claims: Int
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(householdID: UUID, bodyHash: String, requestID: String?, now: Date) {
        self.$household.id = householdID
        self.bodyHash = bodyHash
        self.requestID = requestID
        self.claimedAt = now
        self.claims = 1
        self.createdAt = now
    }

    var memory: SummaryRetry.Memory { .init(words: words, summary: summary, claimedAt: claimedAt) }
}

/// Creates the table of remembered recordings; a recording is remembered once per household.
struct CreateAudioSummary: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AudioSummary.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("body_hash", .string, .required)
            .field("request_id", .string)
            .field("words", .string)
            .field("summary", .string)
            .field("claimed_at", .datetime)
            .field("claims", .int, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "household_id", "body_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AudioSummary.schema).delete()
    }
}
