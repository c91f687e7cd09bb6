import Foundation
import HeirloomCore
import Vapor

/// The transcript beside each recording on the item, memory and journal pages (`transcripts/block.leaf`).
enum TranscriptPages {
    struct Segment: Encodable {
        var start, end: Double
        var at, text: String
    }

    struct Block: Encodable {
        var id, anchor, state, label: String
        var isWaiting, isDone, isFailed, isOff, isEmpty, isRough, edited: Bool
        var error: String?
        /// The correction as paragraphs, when there is one.
        var paragraphs: [String]
        var segments: [Segment]
        var text, machineText: String
        var editedNote: String?
        /// "Typed by the computer; it may have mistakes", until a person corrects it.
        var machineNote: String?
        var canCorrect: Bool
        var correctAction, retryAction, back, csrf: String
    }

    /// The blocks of the recordings linked by `link` with `ids`, by that id as text.
    static func blocks<ID: Encodable & Sendable>(
        _ link: TranscriptLookup.Link, ids: [ID], canCorrect: Bool, req: Request
    ) async throws -> [String: Block] {
        let found = try await TranscriptLookup.transcripts(link, ids: ids, on: req.db.sql())
        let days = try req.principal().days
        let back = req.url.path
        let csrf = CSRF.token(for: req)
        return found.mapValues { block($0, canCorrect: canCorrect, days: days, back: back, csrf: csrf) }
    }

    static func block(_ record: TranscriptRecord, canCorrect: Bool, days: DayText, back: String, csrf: String)
        -> Block
    {
        let id = record.id.text
        let waiting = record.state == .queued || record.state == .working
        return Block(
            id: id, anchor: "transcript-\(id.lowercased())", state: record.state.rawValue, label: record.state.label,
            isWaiting: waiting, isDone: record.state == .done, isFailed: record.state == .failed,
            isOff: record.state == .off,
            isEmpty: record.state == .done && record.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            isRough: record.isRough && record.state == .done, edited: record.edited,
            error: record.error,
            paragraphs: record.edited
                ? record.text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty } : [],
            segments: record.segments.map {
                Segment(start: $0.start, end: $0.end, at: ItemPages.duration($0.start), text: $0.text)
            },
            text: record.text, machineText: record.machineText,
            editedNote: record.edited
                ? "Corrected by \(record.editedBy ?? "a family member")"
                    + (record.editedAt.map { " on \(days.day($0))" } ?? "") + "." : nil,
            machineNote: TranscriptNote.note(corrected: record.edited),
            canCorrect: canCorrect && record.state != .working,
            correctAction: SiteURL.transcript(.value(record.id)).path,
            retryAction: SiteURL.transcriptRetry(.value(record.id)).path,
            back: back + "#transcript-\(id.lowercased())", csrf: csrf)
    }
}
