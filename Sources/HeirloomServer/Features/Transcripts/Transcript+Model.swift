import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The typed copy of one recording in its place (an item's story, a memory's file, a journal card), and the
/// durable job that makes it.
///
/// A transcript belongs to the recording where it was kept (its media object), not to its bytes: a correction
/// changes only the story, memory or card it was made on, by someone who may change that one. The same bytes kept
/// twice are still sent to the engine once: the second copies the first's machine text (`TranscriptJobs`). The
/// row is its own job, as an outbox message is: claimed with a conditional update, retried with backoff, taken
/// over from a server that stopped once its claim is older than its lease.
final class Transcript: Model, @unchecked Sendable {
    static let schema = "transcripts"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    /// The recording it types out; nil only for a row written before transcripts had places, which
    /// `AttachTranscriptsToRecordings` gave one (or removed).
    @OptionalParent(key: "media_object_id") var recording: MediaObject?
    /// The recording's SHA-256 (the media object's `sha256`): the bytes the engine hears, once for all places.
    @Field(key: "sha256") var sha256: String
    @Enum(key: "state") var state: TranscriptState
    /// The machine's text; kept when a person corrects it.
    @Field(key: "text") var text: String
    /// The machine's timed phrases, as JSON.
    @Field(key: "segments") var segmentsJSON: String
    /// The engine that made it ("offline", "openai:whisper-1").
    @OptionalField(key: "engine") var engine: String?
    /// A person's correction, with who and when.
    @OptionalField(key: "edited_text") var editedText: String?
    @OptionalParent(key: "edited_by_id") var editedBy: User?
    @OptionalField(key: "edited_at") var editedAt: Date?
    /// The text searched (the correction, or else the machine's), lowercased.
    @Field(key: "search_text") var searchText: String
    /// Why the last try failed, in words for the page.
    @OptionalField(key: "error") var error: String?
    @Field(key: "attempts") var attempts: Int
    @Field(key: "next_attempt_at") var nextAttemptAt: Date
    /// When a server claimed it (and, while it works, last said it is still at it).
    @OptionalField(key: "claimed_at") var claimedAt: Date?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    var segments: [TranscriptSegment] {
        (try? JSONDecoder().decode([TranscriptSegment].self, from: Data(segmentsJSON.utf8))) ?? []
    }

    /// The text people read and search: the correction if there is one.
    var currentText: String { editedText ?? text }
}

/// Creates the table of transcripts (issue 33).
struct CreateTranscript: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Transcript.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("sha256", .string, .required)
            .field("state", .string, .required)
            .field("text", .string, .required)
            .field("segments", .string, .required)
            .field("engine", .string)
            .field("edited_text", .string)
            .field("edited_by_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("edited_at", .datetime)
            .field("search_text", .string, .required)
            .field("error", .string)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .datetime, .required)
            .field("claimed_at", .datetime)
            .field("created_at", .datetime, .required)
            .unique(on: "household_id", "sha256")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "transcripts_state_idx").on(Transcript.schema).column("state")
            .column("next_attempt_at").run()
        try await sql.create(index: "transcripts_sha256_idx").on(Transcript.schema).column("sha256").run()
        // Recordings stored before transcripts existed are typed out too.
        // Read by the columns that exist now, not through the model: a later column must not break this migration.
        let recordings = try await sql.select().column("household_id").column("sha256").column("created_at")
            .from(MediaObject.schema).where("use", .in, [MediaUse.audio.rawValue, MediaUse.video.rawValue]).all()
        var seen = Set<String>()
        for row in recordings {
            let household = try row.decode(column: "household_id", as: UUID.self)
            let sha256 = try row.decode(column: "sha256", as: String.self)
            guard seen.insert("\(household) \(sha256)").inserted else { continue }
            let moment = (try row.decodeIfPresent(column: "created_at", as: Date.self) ?? Date()).wholeSecond
            // As this migration wrote its rows when it landed: one per recording's bytes (places came later).
            try await sql.insert(into: Transcript.schema)
                .columns(
                    "id", "household_id", "sha256", "state", "text", "segments", "search_text", "attempts",
                    "next_attempt_at", "created_at"
                )
                .values(
                    SQLBind(UUID()), SQLBind(household), SQLBind(sha256), SQLBind(TranscriptState.queued.rawValue),
                    SQLBind(""), SQLBind("[]"), SQLBind(""), SQLBind(0), SQLBind(Date(timeIntervalSince1970: 0)),
                    SQLBind(moment)
                )
                .ignoringConflicts(with: ["household_id", "sha256"]).run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Transcript.schema).delete()
    }
}
