import Crypto
import Foundation
import HeirloomCore

/// What was learned and made from an upload, before anything enters the store.
struct MediaAnalysis: Sendable {
    var width: Int?
    var height: Int?
    var takenAt: Date?
    var durationSeconds: Double?
    var waveform: [Double]?
    var pageCount: Int?
    /// Temporary files made from the upload, with their hashes.
    var display: (url: URL, sha256: String)?
    var thumbnail: (url: URL, sha256: String)?
    var playable: (url: URL, sha256: String)?

    var temporaryFiles: [URL] { [display?.url, thumbnail?.url, playable?.url].compactMap { $0 } }
}

extension MediaPipeline {
    /// Reads the facts of an upload and makes its display size, thumbnail or playable rendition.
    func analyse(_ file: URL, format: MediaFormat, size: Int64) async throws -> MediaAnalysis {
        var analysis = MediaAnalysis()
        var made: [URL] = []
        do {
            switch format.kind {
            case .image:
                let info = try await images.probe(file)
                (analysis.width, analysis.height, analysis.takenAt) = (info.width, info.height, info.takenAt)
                try await makeSizes(from: file, into: &analysis, made: &made)
            case .audio:
                let probe = try await audioVideo.probe(file)
                guard probe.audioCodec != nil else { throw MediaError.unreadable("there is no sound in this file") }
                try audioVideo.audioLimits.check(duration: probe.duration, size: size)
                let sound = try await audioVideo.waveform(
                    of: file, duration: probe.duration, scratch: store.temporaryFile(".pcm"))
                // A browser's WebM says nothing of its length: then the decoded length is the one checked and kept.
                let duration = probe.duration > 0 ? probe.duration : sound.seconds
                try audioVideo.audioLimits.check(duration: duration, size: size)
                // Decoding stops at the limit: a recording that reached it (within a frame) was longer.
                let limit = audioVideo.audioLimits.maximumSeconds
                if probe.duration <= 0, duration >= limit - 0.5 { throw MediaError.tooLong(limitSeconds: limit) }
                (analysis.durationSeconds, analysis.waveform) = (duration, sound.peaks)
                if !(probe.audioCodec == "aac" && format == .m4a) {
                    let playable = store.temporaryFile(".m4a")
                    made.append(playable)
                    try await audioVideo.playableAAC(of: file, duration: duration, to: playable)
                    analysis.playable = (playable, try Self.sha256(of: playable))
                }
            case .video:
                let probe = try await audioVideo.probe(file)
                guard let width = probe.width, let height = probe.height else {
                    throw MediaError.unreadable("there is no picture in this film")
                }
                (analysis.width, analysis.height, analysis.durationSeconds) = (width, height, probe.duration)
                let poster = store.temporaryFile(".jpg")
                defer { try? FileManager.default.removeItem(at: poster) }
                try await audioVideo.posterFrame(of: file, duration: probe.duration, to: poster)
                try await makeSizes(from: poster, into: &analysis, made: &made)
            case .document:
                analysis.pageCount = try await pdfs.pageCount(of: file)
                let page = store.temporaryFile(".jpg")
                defer { try? FileManager.default.removeItem(at: page) }
                try await pdfs.firstPage(of: file, to: page)
                try await makeSizes(from: page, into: &analysis, made: &made)
            }
        } catch {
            for url in made { try? FileManager.default.removeItem(at: url) }
            throw error
        }
        return analysis
    }

    private func makeSizes(from source: URL, into analysis: inout MediaAnalysis, made: inout [URL]) async throws {
        let display = store.temporaryFile(".jpg")
        let thumbnail = store.temporaryFile(".jpg")
        made += [display, thumbnail]
        try await images.makeSizes(from: source, display: display, thumbnail: thumbnail)
        analysis.display = (display, try Self.sha256(of: display))
        analysis.thumbnail = (thumbnail, try Self.sha256(of: thumbnail))
    }

    /// The hex SHA-256 of a file, read in pieces; fsyncs it so it can enter the store.
    static func sha256(of file: URL) throws -> String {
        let handle = try FileHandle(forUpdating: file)
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
        }
        try handle.synchronize()
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
