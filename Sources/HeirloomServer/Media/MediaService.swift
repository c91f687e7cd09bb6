import Fluent
import Foundation
import HeirloomCore

/// Stores uploads, finds them for those allowed to see them, and deletes them with their blobs.
struct MediaService: Sendable {
    let db: any Database
    let pipeline: MediaPipeline

    /// Who an upload is for and who made it.
    struct Origin: Sendable {
        var householdID: UUID
        var uploaderID: UUID?
        /// The feature object it belongs to, or nil for an upload not yet attached.
        var ownerType: String?
        var ownerID: String?
    }

    /// Streams an upload to disk, checks and analyses it, then moves its blobs into the store and
    /// records it, in that order, so that no row ever points at a missing file.
    func ingest<Chunks: AsyncSequence>(
        _ chunks: Chunks,
        fileName: String?,
        use: MediaUse,
        origin: Origin
    ) async throws -> MediaObject where Chunks.Element: Collection<UInt8> {
        let sink = UploadSink(
            use: use, limit: pipeline.limit(for: use), fileSystem: pipeline.fileSystem, store: pipeline.store)
        let received = try await sink.receive(chunks)
        var analysis = MediaAnalysis()
        do {
            analysis = try await pipeline.analyse(received.temporaryFile, format: received.format, size: received.size)
        } catch {
            await received.discard()
            throw error
        }
        let object = MediaObject()
        object.$household.id = origin.householdID
        object.$uploadedBy.id = origin.uploaderID
        object.ownerType = origin.ownerType
        object.ownerID = origin.ownerID
        object.use = use
        object.format = received.format
        object.originalName = Self.cleanFileName(fileName, format: received.format)
        object.sizeBytes = received.size
        object.sha256 = received.sha256
        object.displaySHA256 = analysis.display?.sha256
        object.thumbnailSHA256 = analysis.thumbnail?.sha256
        object.playableSHA256 = analysis.playable?.sha256
        object.width = analysis.width
        object.height = analysis.height
        object.takenAt = analysis.takenAt
        object.durationSeconds = analysis.durationSeconds
        object.waveformJSON = analysis.waveform.flatMap {
            try? String(decoding: JSONEncoder().encode($0), as: UTF8.self)
        }
        object.pageCount = analysis.pageCount

        let renditions = [analysis.display, analysis.thumbnail, analysis.playable]
            .compactMap { $0 }.map { ($0.url, $0.sha256) }
        let store = pipeline.store
        try await store.withLock {
            do {
                try await store.adopt(received.temporaryFile, sha256: received.sha256, staged: received.staged)
                for (url, sha256) in renditions { try await store.adopt(url, sha256: sha256) }
                try await db.transaction { db in
                    try await object.create(on: db)
                    // A recording (or a film's sound) is typed out after it is stored (issue 33).
                    if use == .audio || use == .video {
                        try await Transcript.enqueue(object, on: db)
                    }
                }
            } catch {
                await received.discard()
                for (url, _) in renditions { try? FileManager.default.removeItem(at: url) }
                try await releaseUnreferenced(object.blobHashes)
                throw error
            }
        }
        return object
    }

    /// A media object of the household, or not found.
    func find(_ id: UUID, householdID: UUID) async throws -> MediaObject {
        guard
            let object = try await MediaObject.query(on: db)
                .filter(\.$id == id)
                .filter(\.$household.$id == householdID)
                .first()
        else { throw AppError.notFound("file") }
        return object
    }

    /// Deletes media objects together with the feature rows that refer to them (in one transaction),
    /// then deletes every blob nothing refers to any more.
    func delete(
        _ objects: [MediaObject],
        alongWith deleteOwners: @escaping @Sendable (any Database) async throws -> Void = { _ in }
    ) async throws {
        let ids = objects.compactMap(\.id)
        let hashes = objects.flatMap(\.blobHashes)
        try await pipeline.store.withLock {
            try await db.transaction { db in
                try await deleteOwners(db)
                if !ids.isEmpty { try await MediaObject.query(on: db).filter(\.$id ~~ ids).delete() }
            }
            try await releaseUnreferenced(hashes)
        }
    }

    /// Deletes the files of hashes no media object refers to. Call while holding the store's lock.
    private func releaseUnreferenced(_ hashes: [String]) async throws {
        for hash in Set(hashes) {
            // One left behind (the store did not answer) is the collector's to remove later.
            if try await !MediaObject.isReferenced(hash, on: db) { try? await pipeline.store.delete(hash) }
        }
    }

    /// A file name safe to show and to send back in Content-Disposition.
    static func cleanFileName(_ raw: String?, format: MediaFormat) -> String {
        let base = (raw ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let cleaned = TextLimit.clipped(
            base.filter { !$0.isNewline && $0 != "\"" && !($0.asciiValue.map { $0 < 32 } ?? false) }, to: 200
        ).trimmingWhitespace()
        return cleaned.isEmpty ? "\(format.label.lowercased())-file.\(format.fileExtension)" : cleaned
    }
}
