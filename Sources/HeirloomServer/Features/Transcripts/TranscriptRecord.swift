import Foundation
import HeirloomCore
import SQLKit

/// A transcript as the API and the pages show it, read with the name of whoever corrected it.
struct TranscriptRecord: Sendable {
    var id: UUID
    var state: TranscriptState
    /// What people read: the correction, or else the machine's text.
    var text: String
    var machineText: String
    var segments: [TranscriptSegment]
    var engine: String?
    var edited: Bool
    var editedBy: String?
    var editedAt: Date?
    var error: String?

    init(
        id: UUID, state: TranscriptState, text: String, machineText: String, segments: [TranscriptSegment],
        engine: String?, edited: Bool, editedBy: String? = nil, editedAt: Date? = nil, error: String? = nil
    ) {
        self.id = id
        self.state = state
        self.text = text
        self.machineText = machineText
        self.segments = segments
        self.engine = engine
        self.edited = edited
        self.editedBy = editedBy
        self.editedAt = editedAt
        self.error = error
    }

    init(_ transcript: Transcript) throws {
        id = try transcript.requireID()
        state = transcript.state
        text = transcript.currentText
        machineText = transcript.text
        segments = transcript.segments
        engine = transcript.engine
        edited = transcript.editedText != nil
        editedBy = transcript.$editedBy.value??.name
        editedAt = transcript.editedAt
        error = transcript.error
    }

    /// Reads a row of `transcripts` (selected as `t.*`) with the corrector's name as `edited_by_name`.
    init(row: any SQLRow) throws {
        id = try row.uuid("id")
        let stateName = try row.decode(column: "state", as: String.self)
        state = TranscriptState(rawValue: stateName) ?? .failed
        machineText = try row.decode(column: "text", as: String.self)
        let correction = try row.decodeIfPresent(column: "edited_text", as: String.self)
        text = correction ?? machineText
        segments =
            (try? JSONDecoder().decode(
                [TranscriptSegment].self, from: Data(try row.decode(column: "segments", as: String.self).utf8))) ?? []
        engine = try row.decodeIfPresent(column: "engine", as: String.self)
        edited = correction != nil
        editedBy = try row.decodeIfPresent(column: "edited_by_name", as: String.self)
        editedAt = try row.decodeIfPresent(column: "edited_at", as: Date.self)
        error = try row.decodeIfPresent(column: "error", as: String.self)
    }

    /// Whether the offline engine made it: a rough copy, to be corrected by hand.
    var isRough: Bool { engine == "offline" && !edited }
}

/// Finds the transcripts of the recordings the API and the pages show, in one read for a whole page.
enum TranscriptLookup {
    /// Where a kind of recording is linked to its stored file: a table with `id` and `media_id`.
    enum Link: String {
        case itemStory = "item_audio"
        case memoryFile = "memory_media"
        case journalCard = "journal_cards"
    }

    /// The transcripts of the linked rows with `ids` (story ids, memory file ids, card ids), by that id as text.
    static func transcripts<ID: Encodable & Sendable>(_ link: Link, ids: [ID], on sql: any SQLDatabase) async throws
        -> [String: TranscriptRecord]
    {
        guard !ids.isEmpty else { return [:] }
        let rows = try await sql.raw(
            """
            SELECT l.id AS linked, t.*, u.name AS edited_by_name FROM \(ident: link.rawValue) l \
            JOIN media_objects m ON m.id = l.media_id \
            JOIN transcripts t ON t.media_object_id = m.id \
            LEFT JOIN users u ON u.id = t.edited_by_id \
            WHERE l.id IN (\(binds: ids.map { $0 as any Encodable & Sendable }))
            """
        ).all()
        var found: [String: TranscriptRecord] = [:]
        for row in rows {
            let key =
                link == .memoryFile
                ? String(try row.decode(column: "linked", as: Int.self)) : try row.uuid("linked").text
            found[key] = try TranscriptRecord(row: row)
        }
        return found
    }
}
