import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Brings a household back from its export: the same ids, the same bytes, all or nothing.
///
/// Every file is checked against the manifest's SHA-256 before anything is written (`ExportReader`); the
/// renditions (display sizes, thumbnails, playable audio) are made again from the originals; then the files
/// enter the store and every row is written in one transaction. Members come back without passwords: each
/// chooses one with a one-time link (`PasswordLink`), and Settings lists who has not yet.
struct HouseholdImport: Sendable {
    let db: any Database
    let pipeline: MediaPipeline
    var limits = ImportLimits()

    struct Summary: Sendable {
        var householdID: UUID
        var householdName: String
        var counts: [String: Int]
        /// The members, who must each set a password again.
        var members: [(id: UUID, name: String, email: String)]
    }

    func run(_ url: URL) async throws -> Summary {
        let store = pipeline.store
        let scratch = store.temporaryDirectory.appendingPathComponent("import-\(UUID().text)", isDirectory: true)
        try PrivateFiles.makeFolder(scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }

        // Every check that needs no file to be written, in the order a person fixes them; then the hub's rows.
        let reader = try ExportReader(url: url, scratch: scratch, limits: limits)
        let records = try ExportSnapshot(reading: reader)
        try records.checkReferences(mediaSizes: reader.mediaSizes)
        try records.checkRules()
        try await refuseExisting(records)

        // The renditions, made before anything enters the store.
        var made: [String: MediaAnalysis] = [:]
        defer {
            for file in made.values.flatMap(\.temporaryFiles) { try? FileManager.default.removeItem(at: file) }
        }
        for file in records.media where made[file.sha256] == nil {
            guard let format = MediaFormat(rawValue: file.format) else {
                throw ImportError.damaged("media.json", "the format \(file.format) of \(file.path) is unknown")
            }
            guard let copy = reader.copies[file.sha256] else {
                throw ImportError.damaged(file.path, "it is listed in media.json but not in manifest.json")
            }
            do {
                made[file.sha256] = try await pipeline.analyse(copy, format: format, size: file.sizeBytes)
            } catch {
                throw ImportError.unreadableMedia(file.path, "\(error)")
            }
        }

        let householdID = records.household.id
        let objects = try records.media.map { file in
            try Self.mediaObject(file, householdID: householdID, analysis: made[file.sha256] ?? MediaAnalysis())
        }
        try await store.withLock {
            // Only files new to the store are removed again when the import fails; shared ones stay.
            var added: [String] = []
            func adopt(_ file: URL, _ sha256: String) async throws {
                let isNew = try await !store.contains(sha256)
                try await store.adopt(file, sha256: sha256)
                if isNew { added.append(sha256) }
            }
            do {
                for (sha256, analysis) in made {
                    guard let copy = reader.copies[sha256] else { continue }
                    try await adopt(copy, sha256)
                    for rendition in [analysis.display, analysis.thumbnail, analysis.playable].compactMap({ $0 }) {
                        try await adopt(rendition.url, rendition.sha256)
                    }
                }
                try await db.transaction { db in
                    try await RowWriter(db: db).write(records, media: objects)
                    try await TranscriptTransfer.write(records.media, householdID: householdID, on: db)
                }
            } catch {
                for hash in added where !((try? await MediaObject.isReferenced(hash, on: db)) ?? true) {
                    try? await store.delete(hash)
                }
                throw error is ImportError ? error : ImportError.notWritten("\(error)")
            }
        }
        return Summary(
            householdID: householdID, householdName: records.household.name, counts: reader.manifest.counts,
            members: records.members.map { ($0.id, $0.name, $0.email) })
    }

    static func mediaObject(_ file: ExportRecord.Media, householdID: UUID, analysis: MediaAnalysis) throws
        -> MediaObject
    {
        guard let format = MediaFormat(rawValue: file.format), let use = MediaUse(rawValue: file.use) else {
            throw ImportError.damaged("media.json", "\(file.path) has an unknown format or use")
        }
        let object = MediaObject()
        object.id = file.id
        object.$household.id = householdID
        object.$uploadedBy.id = file.uploadedById
        object.ownerType = file.ownerType
        object.ownerID = file.ownerId
        object.use = use
        object.format = format
        object.originalName = MediaService.cleanFileName(file.fileName, format: format)  // As an upload's name is.
        object.sizeBytes = file.sizeBytes
        object.sha256 = file.sha256
        object.displaySHA256 = analysis.display?.sha256
        object.thumbnailSHA256 = analysis.thumbnail?.sha256
        object.playableSHA256 = analysis.playable?.sha256
        object.width = file.width
        object.height = file.height
        object.takenAt = file.takenAt
        object.durationSeconds = file.durationSeconds
        object.waveformJSON = file.waveform.flatMap { try? String(decoding: JSONEncoder().encode($0), as: UTF8.self) }
        object.pageCount = file.pageCount
        object.createdAt = file.createdAt
        return object
    }
}
