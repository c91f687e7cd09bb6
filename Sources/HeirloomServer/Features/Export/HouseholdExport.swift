import Fluent
import Foundation

/// Makes a household's export (docs/export-format.md): what the archive holds, ready to stream.
struct HouseholdExport: Sendable {
    let db: any Database
    /// The media: the files of the archive, and the photos of the storytellers' books.
    let pipeline: MediaPipeline
    let now: Date

    var store: BlobStore { pipeline.store }

    /// The name of the format in manifest.json, and its version.
    static let formatName = "heirloom-household-export"
    static let formatVersion = 1

    struct Manifest: Codable, Equatable, Sendable {
        var format: String
        var version: Int
        var hubVersion: String
        var exportedAt: Date
        var household: Household
        var counts: [String: Int]
        var files: [ExportArchive.ManifestFile]

        struct Household: Codable, Equatable, Sendable {
            var id: UUID
            var name: String
        }
    }

    /// The archive of one household as `exporterID` may take it (the binder's private entries are the estate holder's
    /// and their authors' only, sealed letters their writers'); throws `missingFile` before anything is sent if a file is not in the store.
    func archive(householdID: UUID, exportedBy exporterID: UUID?) async throws -> ExportArchive {
        let snapshot = try await ExportSnapshot.read(householdID: householdID, exportedBy: exporterID, on: db)
        let encoder = ExportJSON.encoder()
        var entries: [ExportArchive.Entry] = [
            .data("household.json", try encoder.encode(snapshot.household)),
            .data("members.json", try encoder.encode(snapshot.members)),
            .data("media.json", try encoder.encode(snapshot.media)),
            .data("items.json", try encoder.encode(snapshot.items)),
            .data("beneficiaries.json", try encoder.encode(snapshot.beneficiaries)),
            .data("links.json", try encoder.encode(snapshot.links)),
            .data("people.json", try encoder.encode(snapshot.people)),
            .data("memories.json", try encoder.encode(snapshot.memories)),
            .data("sets.json", try encoder.encode(snapshot.sets)),
            .data("binder.json", try encoder.encode(snapshot.binder)),
            .data("letters.json", try encoder.encode(snapshot.letters)),
            .data("storytellers.json", try encoder.encode(snapshot.storytellers)),
            .data("items.csv", try ExportSpreadsheet.csv(snapshot)),
            .data("index.html", Data(ExportViewer.html(snapshot, exportedAt: now).utf8)),
            .data("binder.html", Data(ExportViewer.binderHTML(snapshot, exportedAt: now).utf8)),
            .data("letters.html", Data(ExportViewer.lettersHTML(snapshot, exportedAt: now).utf8)),
        ]
        entries += try await storyBookEntries(snapshot)
        var seen = Set<String>()
        for file in snapshot.media where seen.insert(file.path).inserted {
            guard let size = try await store.blobs.info(file.sha256)?.size else {
                throw ExportError.missingFile(file.path)
            }
            entries.append(.blob(file.path, size: size, sha256: file.sha256))
            if let copy = file.playable, seen.insert(copy.path).inserted {
                guard let size = try await store.blobs.info(copy.sha256)?.size else {
                    throw ExportError.missingFile(copy.path)
                }
                entries.append(.blob(copy.path, size: size, sha256: copy.sha256))
            }
        }
        entries += TranscriptTransfer.files(for: snapshot.media)
        let manifest = Manifest(
            format: Self.formatName, version: Self.formatVersion, hubVersion: HubInfo.version, exportedAt: now,
            household: .init(id: snapshot.household.id, name: snapshot.household.name), counts: snapshot.counts,
            files: ExportArchive.manifestFiles(entries))
        entries.insert(.data("manifest.json", try encoder.encode(manifest)), at: 0)
        return ExportArchive(fileName: Self.fileName(snapshot.household.name, now), entries: entries, store: store)
    }

    /// "heirloom-the-millers-2026-11-23.zip".
    static func fileName(_ name: String, _ date: Date, kind: String = "") -> String {
        let slug = name.lowercased().unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-"
        }
        let cleaned = String(slug).split(separator: "-").joined(separator: "-").prefix(40)
        let day = ExportJSON.format(date).prefix(10)
        return "heirloom-\(cleaned.isEmpty ? "household" : String(cleaned))\(kind)-\(day).zip"
    }
}
