import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Mends recordings stored before the hub read a browser's WebM right: its header has no duration, so they were
/// kept as lasting 0:00 with a waveform of their first instant. Each pass decodes a few of them again and keeps
/// their real length and waveform; one that cannot be decoded keeps an empty waveform, so it is tried only once.
struct RecordingLengths: Sendable {
    let db: any Database
    let pipeline: MediaPipeline

    /// How many recordings one pass mends.
    static let batchSize = 5
    /// The waveform kept for a recording that could not be decoded again.
    static let unreadable = "[]"

    /// Mends up to `batchSize` recordings; returns how many were looked at.
    @discardableResult
    func runOnce() async throws -> Int {
        let audio = MediaFormat.allCases.filter { $0.kind == .audio }
        let pending = try await MediaObject.query(on: db)
            .filter(\.$format ~~ audio)
            .group(.or) { $0.filter(\.$durationSeconds == nil).filter(\.$durationSeconds <= 0) }
            .group(.or) { $0.filter(\.$waveformJSON == nil).filter(\.$waveformJSON != Self.unreadable) }
            .limit(Self.batchSize).all()
        for recording in pending where !Task.isCancelled {
            try await mend(recording)
        }
        return pending.count
    }

    private func mend(_ recording: MediaObject) async throws {
        let av = pipeline.audioVideo
        let store = pipeline.store
        var duration: Double?
        var waveform = Self.unreadable
        do {
            let sound = try await store.withLocalFile(recording.sha256) { file in
                try await av.waveform(of: file, duration: 0, scratch: store.temporaryFile(".pcm"))
            }
            if sound.seconds > 0 {
                duration = sound.seconds
                waveform = String(decoding: try JSONEncoder().encode(sound.peaks), as: UTF8.self)
            }
        } catch MediaError.unreadable {
            // Not decodable: its length stays as it was, and the empty waveform says not to try again. Anything
            // else (ffmpeg missing, the store out of reach) ends the pass, and the next one tries again.
        }
        try await db.sql().update(MediaObject.schema)
            .set("duration_seconds", to: duration ?? recording.durationSeconds ?? 0)
            .set("waveform", to: waveform)
            .where("id", .equal, try recording.requireID()).run()
    }
}
