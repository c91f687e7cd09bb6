import Fluent
import Foundation
import HeirloomCore

/// Transcripts in the household export (`media.json`, beside their recording) and back in an import.
enum TranscriptTransfer {
    /// Gives each exported recording its transcript.
    static func attach(to media: inout [ExportRecord.Media], householdID: UUID, on db: any Database) async throws {
        let recordings = media.filter { $0.use == "audio" || $0.use == "video" }.map(\.id)
        guard !recordings.isEmpty else { return }
        let transcripts = try await Transcript.query(on: db).filter(\.$household.$id == householdID)
            .filter(\.$recording.$id ~~ recordings).all()
        var byRecording: [UUID: ExportRecord.Transcript] = [:]
        for transcript in transcripts {
            guard let recording = transcript.$recording.id else { continue }
            byRecording[recording] = .init(
                id: try transcript.requireID(), state: transcript.state.rawValue, text: transcript.text,
                segments: transcript.segments, engine: transcript.engine, editedText: transcript.editedText,
                editedById: transcript.$editedBy.id, editedAt: transcript.editedAt, error: transcript.error)
        }
        for index in media.indices { media[index].transcript = byRecording[media[index].id] }
    }

    /// Each typed-out recording's transcript as text (`.txt`) and captions (`.vtt`) beside it in the archive, with
    /// the recording's base name: `media/<sha256>.txt`, for people to read and players to show.
    static func files(for media: [ExportRecord.Media]) -> [ExportArchive.Entry] {
        var entries: [ExportArchive.Entry] = []
        var seen = Set<String>()
        for file in media where seen.insert(file.path).inserted {
            guard let paths = file.transcriptPaths, let transcript = file.transcript, let text = transcript.shownText
            else { continue }
            let cues = WebVTT.cues(
                segments: transcript.segments, corrected: transcript.editedText, duration: file.durationSeconds)
            entries.append(.data(paths.text, Data((text + "\n").utf8)))
            entries.append(.data(paths.captions, Data(WebVTT.document(cues).utf8)))
        }
        return entries
    }

    /// Writes the imported recordings' transcripts, as they were; a recording without one is typed out again.
    static func write(_ media: [ExportRecord.Media], householdID: UUID, on db: any Database) async throws {
        // An older export gave each of a recording's places the same transcript (one per bytes, with one id):
        // each place gets its own row, the first with the exported id.
        var usedIDs = Set<UUID>()
        for file in media where file.use == "audio" || file.use == "video" {
            guard let recording = try await MediaObject.find(file.id, on: db) else { continue }
            guard let kept = file.transcript, let state = TranscriptState(rawValue: kept.state) else {
                try await Transcript.enqueue(recording, on: db)
                continue
            }
            let transcript = Transcript()
            transcript.id = usedIDs.insert(kept.id).inserted ? kept.id : UUID()
            transcript.$household.id = householdID
            transcript.$recording.id = file.id
            transcript.sha256 = file.sha256
            // One being typed out when the export was made is typed out again here.
            transcript.state = state == .working ? .queued : state
            transcript.text = kept.text
            transcript.segmentsJSON = String(decoding: try JSONEncoder().encode(kept.segments), as: UTF8.self)
            transcript.engine = kept.engine
            transcript.editedText = kept.editedText
            transcript.$editedBy.id = kept.editedById
            transcript.editedAt = kept.editedAt
            transcript.searchText = TranscriptJobRules.searchText(kept.editedText ?? kept.text)
            transcript.error = kept.error
            transcript.attempts = 0
            transcript.nextAttemptAt = Date(timeIntervalSince1970: 0)
            transcript.createdAt = Transcript.wholeSecond(file.createdAt ?? Date())
            try await transcript.create(on: db)
            // Its words find the items it tells of.
            try await TranscriptSearch.reindex(transcript, on: db)
        }
    }
}

extension ExportRecord.Transcript {
    /// The words people read: the correction when there is one, else the machine's text once it is done; nil while
    /// there is nothing to read.
    var shownText: String? {
        let text = (editedText ?? (state == TranscriptState.done.rawValue ? self.text : ""))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// The words shown are the speech engine's, not yet corrected by a person.
    var isByComputer: Bool { editedText == nil && shownText != nil }
}

extension ExportRecord.Media {
    /// Where a typed-out recording's text and captions are in the archive: its own path with `.txt` and `.vtt`.
    var transcriptPaths: (text: String, captions: String)? {
        guard use == "audio" || use == "video", transcript?.shownText != nil, path.hasPrefix("media/"),
            let dot = path.lastIndex(of: ".")
        else { return nil }
        let base = path[..<dot]
        return ("\(base).txt", "\(base).vtt")
    }
}
