import Fluent
import Foundation
import HeirloomCore

/// One member's own journal as a ZIP archive: journal.json, the voice recordings under media/, and a page to
/// read it offline. Locked drawers are in it only while the reader has the journal unlocked.
struct JournalExport: Sendable {
    let db: any Database
    let store: BlobStore
    let now: Date

    static let formatName = "heirloom-journal-export"

    struct Journal: Codable, Equatable, Sendable {
        var format: String
        var version: Int
        var hubVersion: String
        var exportedAt: Date
        var author: Author
        /// False when locked drawers were left out because the journal was locked.
        var lockedDrawersIncluded: Bool
        var drawers: [Drawer]
        var files: [ExportArchive.ManifestFile]

        struct Author: Codable, Equatable, Sendable {
            var id: UUID
            var name: String
            var email: String
        }
        struct Drawer: Codable, Equatable, Sendable {
            var id: UUID
            var name: String
            var isLocked: Bool
            var sortOrder: Int
            var createdAt: Date?
            var cards: [Card]
        }
        struct Card: Codable, Equatable, Sendable {
            var id: UUID
            var kind: String
            var title: String?
            var body: String
            var writtenOn: String
            var tags: [String]
            var recording: String?
            var durationSeconds: Double?
            var createdAt: Date?
            var updatedAt: Date?
        }
    }

    func archive(for reader: JournalReader) async throws -> ExportArchive {
        guard let user = try await User.query(on: db).filter(\.$id == reader.userID).with(\.$household).first() else {
            throw AppError.notFound("member")
        }
        let drawers = try await JournalDrawer.query(on: db).filter(\.$user.$id == reader.userID)
            .sort(\.$sortOrder).sort(\.$createdAt).all()
        let readable = drawers.filter(reader.canRead)
        let cards = try await JournalCard.query(on: db).filter(\.$user.$id == reader.userID)
            .filter(\.$drawer.$id ~~ readable.compactMap(\.id)).with(\.$tags).sort(\.$writtenOn).sort(\.$createdAt)
            .all()
        let recordings = try await MediaObject.query(on: db)
            .filter(\.$id ~~ cards.compactMap(\.mediaID)).filter(\.$ownerType == JournalCardService.mediaOwnerType)
            .all()
        let byID = Dictionary(recordings.compactMap { object in object.id.map { ($0, object) } }) { first, _ in first }
        var sizes: [String: Int64] = [:]
        for recording in recordings { sizes[recording.sha256] = try await store.blobs.info(recording.sha256)?.size }
        var media: [ExportArchive.Entry] = []
        var journal = Journal(
            format: Self.formatName, version: 1, hubVersion: HubInfo.version, exportedAt: now,
            author: .init(id: reader.userID, name: user.name, email: user.email),
            lockedDrawersIncluded: reader.isUnlocked || !drawers.contains(where: \.isLocked), drawers: [], files: [])
        for drawer in readable {
            let id = try drawer.requireID()
            journal.drawers.append(
                .init(
                    id: id, name: drawer.name, isLocked: drawer.isLocked, sortOrder: drawer.sortOrder,
                    createdAt: drawer.createdAt,
                    cards: try cards.filter { $0.$drawer.id == id }.map { card in
                        let recording = card.mediaID.flatMap { byID[$0] }
                        let path = recording.map { "media/\($0.sha256).\($0.format.fileExtension)" }
                        if let recording, let path, !media.contains(where: { $0.name == path }) {
                            guard let size = sizes[recording.sha256] else { throw ExportError.missingFile(path) }
                            media.append(.blob(path, size: size, sha256: recording.sha256))
                        }
                        return .init(
                            id: try card.requireID(), kind: card.kind.rawValue, title: card.title, body: card.body,
                            writtenOn: card.writtenOn, tags: card.tags.map(\.name).sorted(), recording: path,
                            durationSeconds: card.durationSeconds, createdAt: card.createdAt,
                            updatedAt: card.updatedAt)
                    }))
        }
        let page = Data(Self.html(journal, days: user.household.days).utf8)
        journal.files = ExportArchive.manifestFiles([.data("index.html", page)] + media)
        let entries: [ExportArchive.Entry] =
            [.data("journal.json", try ExportJSON.encoder().encode(journal)), .data("index.html", page)] + media
        return ExportArchive(
            fileName: HouseholdExport.fileName(user.name, now, kind: "-journal"), entries: entries, store: store)
    }

    /// A plain page of the journal, drawer by drawer, that opens from the unpacked folder.
    static func html(_ journal: Journal, days: DayText) -> String {
        let escape = ExportViewer.escape
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(journal.author.name))’s journal</title>
            <style>body{margin:0 auto;max-width:48rem;padding:1rem;background:#F6F1E7;color:#211E1C;
            font:18px/1.5 system-ui,sans-serif}h1,h2,h3{font-family:ui-serif,Georgia,serif}
            article{background:#FCF9F3;border:1px solid #D6CAB7;border-radius:10px;padding:1rem;margin:0 0 1rem}
            .muted{color:#70675E}audio{width:100%}</style></head><body>
            <h1>\(escape(journal.author.name))’s journal</h1>
            <p class="muted">Exported on \(days.day(journal.exportedAt)).\(journal.lockedDrawersIncluded ? "" : " Locked drawers were left out because the journal was locked.")</p>

            """
        for drawer in journal.drawers {
            html += "<section><h2>\(escape(drawer.name))\(drawer.isLocked ? " 🔒" : "")</h2>\n"
            if drawer.cards.isEmpty { html += "<p class=\"muted\">Nothing written here.</p>\n" }
            for card in drawer.cards {
                html += "<article><h3>\(escape(card.title ?? card.writtenOn))</h3>\n"
                html += "<p class=\"muted\">\(escape(card.writtenOn))"
                html += card.tags.isEmpty ? "" : " · " + card.tags.map(escape).joined(separator: ", ")
                html += "</p>\n"
                if let recording = card.recording {
                    html += "<audio controls preload=\"none\" src=\"\(escape(recording))\"></audio>\n"
                }
                for line in card.body.split(separator: "\n") { html += "<p>\(escape(String(line)))</p>\n" }
                html += "</article>\n"
            }
            html += "</section>\n"
        }
        return html + "</body></html>\n"
    }
}
