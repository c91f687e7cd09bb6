import Fluent
import Foundation

/// Removes what crashes leave behind: blobs no media object refers to, stale temporary files, and
/// uploads that were never attached to anything.
struct MediaGarbageCollector: Sendable {
    let db: any Database
    let pipeline: MediaPipeline
    let now: Date

    struct Report: Sendable {
        /// What was removed, or with `dryRun` what would be.
        var removed: [String] = []
        var bytesFreed: Int64 = 0
        /// Rows whose files are not in the store (found by `dryRun`).
        var missing: [String] = []
    }

    /// Files younger than this are left alone: an upload may be between the store and the database.
    static let gracePeriod: TimeInterval = 15 * 60
    /// Uploads not attached within this time are deleted.
    static let unattachedLifetime: TimeInterval = 24 * 60 * 60

    /// Looks without changing anything: what `run()` would remove, and every row whose file is missing.
    func dryRun() async throws -> Report {
        var report = Report()
        let store = pipeline.store
        let objects = try await MediaObject.query(on: db).all()
        for object in objects where object.ownerType == nil {
            if let created = object.createdAt, created < now.addingTimeInterval(-Self.unattachedLifetime) {
                report.removed.append("unattached upload \(object.originalName)")
            }
        }
        let referenced = Set(objects.flatMap(\.blobHashes))
        for blob in try await store.allBlobs()
        where !referenced.contains(blob.sha256) && now.timeIntervalSince(blob.modified) > Self.gracePeriod {
            report.removed.append("media/\(blob.sha256)")
            report.bytesFreed += blob.size
        }
        for object in objects {
            for hash in object.blobHashes where try await !store.contains(hash) {
                report.missing.append("\(object.id?.text ?? "?") \(object.originalName): media/\(hash)")
            }
        }
        return report
    }

    func run() async throws -> Report {
        var report = Report()
        let stale = try await MediaObject.query(on: db)
            .filter(\.$ownerType == nil)
            .filter(\.$createdAt < now.addingTimeInterval(-Self.unattachedLifetime))
            .all()
        if !stale.isEmpty {
            try await MediaService(db: db, pipeline: pipeline).delete(stale)
            report.removed += stale.map { "unattached upload \($0.originalName)" }
        }
        let store = pipeline.store
        try await store.withLock {
            let referenced = try await MediaObject.referencedHashes(on: db)
            for blob in try await store.allBlobs()
            where !referenced.contains(blob.sha256) && now.timeIntervalSince(blob.modified) > Self.gracePeriod {
                try await store.delete(blob.sha256)
                report.removed.append("media/\(blob.sha256)")
                report.bytesFreed += blob.size
            }
        }
        // Uploads staged in the store by a hub that crashed or lost its connection; a day leaves any upload
        // still under way alone.
        report.removed += try await store.blobs.sweepLeftovers(
            olderThan: now.addingTimeInterval(-Self.unattachedLifetime))
        let keys: Set<URLResourceKey> = [.contentModificationDateKey, .fileSizeKey]
        let temporary =
            (try? FileManager.default.contentsOfDirectory(
                at: store.temporaryDirectory,
                includingPropertiesForKeys: Array(keys)
            )) ?? []
        for file in temporary {
            guard let values = try? file.resourceValues(forKeys: keys),
                now.timeIntervalSince(values.contentModificationDate ?? now) > Self.gracePeriod
            else { continue }
            try? FileManager.default.removeItem(at: file)
            report.removed.append("tmp/\(file.lastPathComponent)")
            report.bytesFreed += Int64(values.fileSize ?? 0)
        }
        return report
    }
}
