import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Gives each transcript the recording it belongs to (issue 44): until now one transcript served every place the
/// same bytes were kept, so a correction made on one's own journal card changed an item's story for the whole
/// household. Each place now gets its own row, a copy of the shared one (its correction included, as the family
/// last read it); a transcript no recording keeps is removed. One row per recording, and a recording's removal
/// removes its transcript.
struct AttachTranscriptsToRecordings: AsyncMigration {
    static let uniqueRecording = "uq:transcripts.media_object_id"

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await database.schema(Transcript.schema).field("media_object_id", .uuid).update()
        if sql.dialect.name == "sqlite" {
            try await SQLiteTableRebuild(table: Transcript.schema).run(on: database) { create in
                let shared =
                    #", CONSTRAINT "uq:transcripts.household_id+transcripts.sha256" UNIQUE ("household_id", "sha256")"#
                guard create.contains(shared) else {
                    throw AppError.internalProblem("The transcripts table is not as CreateTranscript made it.")
                }
                let onePerRecording = #", CONSTRAINT "\#(Self.uniqueRecording)" UNIQUE ("media_object_id")"#
                return try SQLiteTableRebuild.adding(
                    #"REFERENCES "media_objects" ("id") ON DELETE CASCADE"#, toColumn: "media_object_id",
                    in: create.replacingOccurrences(of: shared, with: onePerRecording))
            }
            try await Self.attach(sql)
        } else {
            try await sql.raw(
                #"ALTER TABLE transcripts DROP CONSTRAINT "uq:transcripts.household_id+transcripts.sha256""#
            ).run()
            try await Self.attach(sql)
            try await sql.raw(
                """
                ALTER TABLE transcripts ADD CONSTRAINT transcripts_media_object_id_fkey
                FOREIGN KEY (media_object_id) REFERENCES media_objects (id) ON DELETE CASCADE
                """
            ).run()
            try await sql.raw(
                "ALTER TABLE transcripts ADD CONSTRAINT \(ident: Self.uniqueRecording) UNIQUE (media_object_id)"
            ).run()
        }
    }

    /// One row per recording of the transcript's bytes: the first recording takes the row, each other one a copy.
    /// Run once the shared row's uniqueness is gone, so that the copies may be written.
    static func attach(_ sql: any SQLDatabase) async throws {
        struct Recording: Decodable {
            var id: UUID
            var householdId: UUID
            var sha256: String
        }
        let recordings = try await sql.select().column("id").column("household_id").column("sha256")
            .from(MediaObject.schema).where("use", .in, [MediaUse.audio.rawValue, MediaUse.video.rawValue])
            .orderBy("created_at").all(decoding: Recording.self, keyDecodingStrategy: .convertFromSnakeCase)
        let places = Dictionary(grouping: recordings) { "\($0.householdId) \($0.sha256)" }
        let transcripts = try await sql.select().column("id").column("household_id").column("sha256")
            .from(Transcript.schema).all(decoding: Recording.self, keyDecodingStrategy: .convertFromSnakeCase)
        let columns = [
            "household_id", "sha256", "state", "text", "segments", "engine", "edited_text", "edited_by_id",
            "edited_at", "search_text", "error", "attempts", "next_attempt_at", "claimed_at", "created_at",
        ]
        for transcript in transcripts {
            guard let kept = places["\(transcript.householdId) \(transcript.sha256)"], let first = kept.first else {
                try await sql.delete(from: Transcript.schema).where("id", .equal, transcript.id).run()
                continue
            }
            try await sql.update(Transcript.schema).set("media_object_id", to: first.id)
                .where("id", .equal, transcript.id).run()
            for other in kept.dropFirst() {
                try await sql.raw(
                    """
                    INSERT INTO transcripts (id, media_object_id, \(unsafeRaw: columns.joined(separator: ", "))) \
                    SELECT \(bind: UUID()), \(bind: other.id), \(unsafeRaw: columns.joined(separator: ", ")) \
                    FROM transcripts WHERE id = \(bind: transcript.id)
                    """
                ).run()
            }
        }
    }

    /// Back to one transcript per recording's bytes: the earliest row of each is kept, with its correction.
    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw(
            """
            DELETE FROM transcripts WHERE EXISTS (SELECT 1 FROM transcripts earlier \
            WHERE earlier.household_id = transcripts.household_id AND earlier.sha256 = transcripts.sha256 \
            AND (earlier.created_at < transcripts.created_at \
            OR (earlier.created_at = transcripts.created_at AND earlier.id < transcripts.id)))
            """
        ).run()
        if sql.dialect.name == "sqlite" {
            try await SQLiteTableRebuild(table: Transcript.schema).run(on: database) { create in
                create.replacingOccurrences(of: #" REFERENCES "media_objects" ("id") ON DELETE CASCADE"#, with: "")
                    .replacingOccurrences(
                        of: #"CONSTRAINT "\#(Self.uniqueRecording)" UNIQUE ("media_object_id")"#,
                        with:
                            #"CONSTRAINT "uq:transcripts.household_id+transcripts.sha256" UNIQUE ("household_id", "sha256")"#
                    )
            }
        } else {
            try await sql.raw("ALTER TABLE transcripts DROP CONSTRAINT \(ident: Self.uniqueRecording)").run()
            try await sql.raw("ALTER TABLE transcripts DROP CONSTRAINT transcripts_media_object_id_fkey").run()
            try await sql.raw(
                #"ALTER TABLE transcripts ADD CONSTRAINT "uq:transcripts.household_id+transcripts.sha256" UNIQUE (household_id, sha256)"#
            ).run()
        }
        try await database.schema(Transcript.schema).deleteField("media_object_id").update()
    }
}
