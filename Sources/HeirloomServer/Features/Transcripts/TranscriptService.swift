import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Transcripts as people see them: read with the recording they belong to, corrected by those who may change it,
/// sent to the engine again on request.
///
/// A transcript is seen by whoever may hear one of the household's recordings with its bytes (the media access
/// rules: any member for an item's story or a memory, only its author for a journal card in an open drawer);
/// anyone else gets 404. Editors and owners correct the household's transcripts; a member corrects their own
/// journal cards' whatever their role; viewers get 403 otherwise.
struct TranscriptService: Sendable {
    let db: any Database
    let mediaAccess: MediaAccessRules
    let clock: @Sendable () -> Date

    /// The transcript if the principal may read it, and whether they may correct it.
    func find(_ id: UUID, by principal: Principal) async throws -> (transcript: Transcript, mayCorrect: Bool) {
        guard
            let transcript = try await Transcript.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID).with(\.$editedBy).first()
        else { throw AppError.notFound("transcript") }
        // Its own recording decides: who may hear that one reads it; who may change that one corrects it.
        guard let id = transcript.$recording.id,
            let recording = try await MediaObject.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID).first(),
            (try? await mediaAccess.allows(principal, recording, db: db)) == true
        else { throw AppError.notFound("transcript") }
        // A journal card is heard by its author alone, who corrects it whatever their role.
        let ownJournal = recording.ownerType == JournalCardService.mediaOwnerType
        return (transcript, ownJournal || principal.role.canEdit)
    }

    /// Keeps a person's correction; the machine's copy stays as it was.
    func correct(_ id: UUID, text: String, by principal: Principal) async throws -> Transcript {
        let (transcript, mayCorrect) = try await find(id, by: principal)
        guard mayCorrect else { throw AppError.viewerCannotChange }
        guard text.count <= TranscriptJobRules.maximumLength else {
            throw AppError.invalid(FieldError(field: "text", message: "Please keep the text under 200,000 characters."))
        }
        let correction = TranscriptJobRules.correction(text, machineText: transcript.text)
        transcript.editedText = correction
        transcript.$editedBy.id = correction == nil ? nil : principal.userID
        transcript.editedAt = correction == nil ? nil : Transcript.wholeSecond(clock())
        transcript.searchText = TranscriptJobRules.searchText(transcript.currentText)
        try await db.transaction { db in
            try await transcript.save(on: db)
            try await TranscriptSearch.reindex(transcript, on: db)
        }
        return try await find(id, by: principal).transcript
    }

    /// Sends the recording to the engine again (after a failure, or for a fresh machine copy).
    func retry(_ id: UUID, by principal: Principal) async throws -> Transcript {
        let (transcript, mayCorrect) = try await find(id, by: principal)
        guard mayCorrect else { throw AppError.viewerCannotChange }
        switch transcript.state {
        case .working:
            throw AppError.conflict(code: "transcript_working", message: "This recording is being typed out right now.")
        case .off:
            throw AppError.conflict(
                code: "speech_to_text_off",
                message: "This hub types out no recordings: its owner can set HEIRLOOM_STT_PROVIDER and restart it.")
        case .queued, .done, .failed:
            transcript.state = .queued
            transcript.attempts = 0
            transcript.error = nil
            transcript.nextAttemptAt = Transcript.wholeSecond(clock())
            try await transcript.save(on: db)
        }
        return try await find(id, by: principal).transcript
    }

    /// Saves what the engine heard, if the transcript is still being typed out here.
    static func saveMachineCopy(
        _ result: SpeechResult, engine: String, of transcript: Transcript, on db: any Database
    ) async throws {
        let segments = String(decoding: try JSONEncoder().encode(result.segments), as: UTF8.self)
        let id = try transcript.requireID()
        try await db.transaction { db in
            let saved = try await db.sql().update(Transcript.schema)
                .set("state", to: TranscriptState.done.rawValue).set("text", to: result.text)
                .set("segments", to: segments).set("engine", to: engine).set("error", to: SQLLiteral.null)
                .where("id", .equal, id).where("state", .equal, TranscriptState.working.rawValue)
                .returning("id").all()
            guard !saved.isEmpty else { return }
            // Searched by the words as they are now: a correction saved while the engine listened is kept, and
            // the machine's words are searched only where nobody corrected them.
            try await db.sql().update(Transcript.schema)
                .set("search_text", to: TranscriptJobRules.searchText(result.text))
                .where("id", .equal, id).where("edited_text", .is, SQLLiteral.null).run()
            try await TranscriptSearch.reindex(transcript, on: db)
        }
    }
}

extension Transcript {
    /// Times are kept to the whole second, as PostgreSQL and SQLite give them back alike.
    static func wholeSecond(_ date: Date) -> Date { date.wholeSecond }

    /// Puts a stored recording in line to be typed out: due at once (its `next_attempt_at` is the epoch, whatever
    /// the hub's clock says), and in the order recordings were stored. Its removal removes the transcript with it
    /// (a foreign key).
    static func enqueue(_ recording: MediaObject, on db: any Database) async throws {
        try await db.sql().insert(into: schema)
            .columns(
                "id", "household_id", "media_object_id", "sha256", "state", "text", "segments", "search_text",
                "attempts", "next_attempt_at", "created_at"
            )
            .values(
                SQLBind(UUID()), SQLBind(recording.$household.id), SQLBind(try recording.requireID()),
                SQLBind(recording.sha256), SQLBind(TranscriptState.queued.rawValue), SQLBind(""), SQLBind("[]"),
                SQLBind(""), SQLBind(0), SQLBind(Date(timeIntervalSince1970: 0)),
                SQLBind(wholeSecond(recording.createdAt ?? Date()))
            )
            .ignoringConflicts(with: ["media_object_id"]).run()
    }
}
