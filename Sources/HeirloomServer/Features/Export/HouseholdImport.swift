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
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let reader = try ExportReader(url: url, scratch: scratch)
        let household = try reader.records("household.json", as: ExportRecord.Household.self)
        let members = try reader.records("members.json", as: [ExportRecord.Member].self)
        let media = try reader.records("media.json", as: [ExportRecord.Media].self)
        let items = try reader.records("items.json", as: [ExportRecord.Item].self)
        let beneficiaries = try reader.records("beneficiaries.json", as: [ExportRecord.Beneficiary].self)
        let links = try reader.records("links.json", as: [ExportRecord.Link].self)
        let people = try reader.records("people.json", as: [ExportRecord.Person].self)
        let memories = try reader.records("memories.json", as: [ExportRecord.Memory].self)
        // Sets came with downsizing; older exports have none.
        let sets =
            try reader.hasRecords("sets.json") ? reader.records("sets.json", as: [ExportRecord.ItemSet].self) : []
        try await refuseExisting(household, members)

        // The renditions, made before anything enters the store.
        var made: [String: MediaAnalysis] = [:]
        defer {
            for file in made.values.flatMap(\.temporaryFiles) { try? FileManager.default.removeItem(at: file) }
        }
        for file in media where made[file.sha256] == nil {
            guard let format = MediaFormat(rawValue: file.format) else {
                throw ImportError.damaged("media.json", "the format \(file.format) of \(file.path) is unknown")
            }
            guard FileManager.default.fileExists(atPath: scratch.appendingPathComponent(file.sha256).path) else {
                throw ImportError.damaged(file.path, "it is listed in media.json but not in manifest.json")
            }
            do {
                made[file.sha256] = try await pipeline.analyse(
                    scratch.appendingPathComponent(file.sha256), format: format, size: file.sizeBytes)
            } catch {
                throw ImportError.unreadableMedia(file.path, "\(error)")
            }
        }

        let objects = try media.map { file in
            try Self.mediaObject(file, householdID: household.id, analysis: made[file.sha256] ?? MediaAnalysis())
        }
        try await store.withLock {
            var adopted: [String] = []
            do {
                for (sha256, analysis) in made {
                    let original = scratch.appendingPathComponent(sha256)
                    try store.adopt(original, sha256: sha256)
                    adopted.append(sha256)
                    for rendition in [analysis.display, analysis.thumbnail, analysis.playable].compactMap({ $0 }) {
                        try store.adopt(rendition.url, sha256: rendition.sha256)
                        adopted.append(rendition.sha256)
                    }
                }
                try await db.transaction { db in
                    try await RowWriter(db: db).write(
                        household: household, members: members, media: objects, items: items,
                        beneficiaries: beneficiaries, links: links, people: people, memories: memories, sets: sets)
                }
            } catch {
                // Files that were new to the store go again; those shared with other households stay.
                for hash in adopted {
                    if try await !Self.isReferenced(hash, on: db) { store.delete(hash) }
                }
                throw error
            }
        }
        return Summary(
            householdID: household.id, householdName: household.name, counts: reader.manifest.counts,
            members: members.map { ($0.id, $0.name, $0.email) })
    }

    private func refuseExisting(_ household: ExportRecord.Household, _ members: [ExportRecord.Member]) async throws {
        if let existing = try await Household.find(household.id, on: db) {
            throw ImportError.exists(
                "This hub already holds the household “\(existing.name)” (\(household.id)). Nothing was imported. "
                    + "To bring it back from this export, import into a new data folder, or remove it first.")
        }
        let emails = members.map(\.email)
        if let taken = try await User.query(on: db).filter(\.$email ~~ emails).first() {
            throw ImportError.exists(
                "\(taken.email) already has an account on this hub, so the household cannot be imported here. "
                    + "Nothing was imported.")
        }
    }

    static func isReferenced(_ hash: String, on db: any Database) async throws -> Bool {
        try await MediaObject.query(on: db)
            .group(.or) {
                $0.filter(\.$sha256 == hash).filter(\.$displaySHA256 == hash)
                    .filter(\.$thumbnailSHA256 == hash).filter(\.$playableSHA256 == hash)
            }
            .count() > 0
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
        object.originalName = file.fileName
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
