import Crypto
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting
import ZIPFoundation

@testable import HeirloomServer

/// The household and journal exports, downloaded through the API and opened with an independent ZIP reader.
@Suite("Export")
struct ExportTests {
    @Test("An owner downloads everything: manifest, records, media by SHA-256, items.csv and the offline viewer")
    func householdExport() async throws {
        try await withApp { app in
            // given
            let household = try await app.makeFullHousehold()
            let holder = try await app.api(
                .PUT, "/api/estate", token: household.owner.token, json: ["holderUserId": household.owner.id])
            let holderName = try holder.decoded(Components.Schemas.Estate.self).holderName ?? "?"

            // when
            let response = try await app.download("/api/export", token: household.owner.token)

            // then
            #expect(response.status == .ok, "\(response.body.string)")
            #expect(response.headers.contentType == HTTPMediaType(type: "application", subType: "zip"))
            #expect(response.headers.first(name: .contentLength) == String(response.body.readableBytes))
            #expect(response.headers.first(name: .contentDisposition)?.hasPrefix("attachment;") == true)
            // and the family's page and Home's list know a copy was made
            let copied = try await Household.query(on: app.db).first()?.lastCopyAt
            #expect(copied != nil)
            let files = try ZIPContents(Data(response.body.readableBytesView))
            #expect(files.names.first == "manifest.json")
            for name in [
                "household.json", "members.json", "media.json", "items.json", "beneficiaries.json", "links.json",
                "people.json", "memories.json", "items.csv", "index.html",
            ] {
                #expect(files.names.contains(name), "\(name)")
            }
            let manifest = try ExportJSON.decoder().decode(HouseholdExport.Manifest.self, from: files["manifest.json"])
            #expect(manifest.format == "heirloom-household-export" && manifest.version == 1)
            #expect(manifest.household.name == "The Miller Family")
            #expect(
                manifest.counts["items"] == 1 && manifest.counts["memories"] == 1 && manifest.counts["members"] == 3)
            #expect(Set(manifest.files.map(\.path)) == Set(files.names.dropFirst()), "every file but itself, once")
            for file in manifest.files {
                let data = try files[file.path]
                #expect(Int64(data.count) == file.size, "\(file.path)")
                #expect(SHA256.hash(data: data).hex == file.sha256, "\(file.path)")
            }
            let media = files.names.filter { $0.hasPrefix("media/") && !ExportPaths.isPlayableCopy($0) }
            #expect(media.count == 5, "photo, document, story, avatar and memory photo: \(media)")
            // the story (an Ogg) has an AAC copy beside it, named after the original
            let copies = files.names.filter { ExportPaths.isPlayableCopy($0) }
            #expect(copies.count == 1 && media.contains { copies[0].hasPrefix($0.prefix(70)) }, "\(copies)")
            for name in media {
                let hash = String(name.dropFirst("media/".count).prefix(64))
                #expect(SHA256.hash(data: try files[name]).hex == hash, "named by its SHA-256: \(name)")
            }

            let items = try ExportJSON.decoder().decode([ExportRecord.Item].self, from: files["items.json"])
            #expect(items.first?.estimatedValue == 125050 && items.first?.currency == "USD")
            #expect(items.first?.valuation?.userNotes == "Hallmarked on the base")
            #expect(items.first?.photos.count == 1 && items.first?.documents.count == 1)
            #expect(items.first?.documents.first?.title == "Valuation for the insurer, 2019")
            #expect(items.first?.documents.first?.documentType == "appraisal")
            let links = try ExportJSON.decoder().decode([ExportRecord.Link].self, from: files["links.json"])
            #expect(links.first?.accessPermission == "uponPassing")
            #expect(links.first?.personalMessage == "For your Sunday teas, with love.")
            let memories = try ExportJSON.decoder().decode([ExportRecord.Memory].self, from: files["memories.json"])
            #expect(memories.first?.date?.precision == "month" && memories.first?.date?.value == "1968-06")
            #expect(memories.first?.faces.first?.personId == household.personID)

            let csv = try files.text("items.csv")
            #expect(
                csv.hasPrefix(
                    "name,category,estimated value,purchase value,currency,description,beneficiaries,quantity,"
                        + "estimated total"))
            #expect(csv.contains("1250.50,300.00,USD"))
            #expect(csv.contains("Daisy Miller,1,1250.50"))
            let viewer = try files.text("index.html")
            #expect(viewer.contains("Grandmother’s silver tea set"))
            #expect(viewer.contains("Picnic at the lake"))
            #expect(viewer.contains(">Appraisal: Valuation for the insurer, 2019</a>"), "a paper by its title and kind")
            #expect(viewer.contains("For your Sunday teas, with love."))
            #expect(viewer.contains("upon \(holderName)’s passing"), "whose passing, for whoever opens the archive")
            #expect(!viewer.contains("http://") && !viewer.contains("https://") && !viewer.contains("<script"))
            for path in manifest.files.map(\.path) where path.hasPrefix("media/") {
                #expect(try files.text("media.json").contains(path))
            }

            let everything = files.names.compactMap { try? files.text($0) }.joined()
            #expect(!everything.contains(household.openJournalText), "no journal in a household export")
            #expect(!everything.contains(household.lockedJournalText))
            #expect(!everything.contains("passwordHash") && !everything.contains("$2b$"), "no secrets")
        }
    }

    @Test("Editors and viewers are told the export does not exist; a stranger must sign in")
    func ownersOnly() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let editor = try await app.addMember(role: "editor", by: owner)

            // when
            let asEditor = try await app.download("/api/export", token: editor.token)
            let anonymous = try await app.api(.GET, "/api/export")

            // then
            #expect(asEditor.status == .notFound)
            #expect(try asEditor.apiError.code == "not_found")
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("A download named with ?progress= can be followed to its end by the owner who started it, and nobody else")
    func progress() async throws {
        try await withApp { app in
            // given
            let household = try await app.makeFullHousehold()
            let other = try await app.addMember(
                role: "owner", by: household.owner, name: "Olive Miller", email: "olive@example.com",
                password: "olive's good password")
            let id = "0c8f7a52-5c1e-4d7e-9a55-6f2f0b7d1a11"

            // when
            let unknown = try await app.api(.GET, "/api/export/progress/\(id)", token: household.owner.token)
            let archive = try await app.download("/api/export?progress=\(id)", token: household.owner.token)
            let followed = try await app.api(.GET, "/api/export/progress/\(id)", token: household.owner.token)

            // then
            #expect(unknown.status == .notFound)
            #expect(archive.status == .ok)
            #expect(try followed.content.get(String.self, at: "state") == "done")
            let total = try followed.content.get(Int.self, at: "total")
            #expect(total == archive.body.readableBytes)
            #expect(try followed.content.get(Int.self, at: "written") == total)
            #expect(try await app.api(.GET, "/api/export/progress/\(id)", token: other.token).status == .notFound)
            #expect(
                try await app.api(.GET, "/api/export/progress/\(id)", token: household.viewer.token).status
                    == .notFound)
            let bad = try await app.download("/api/export?progress=a/b", token: household.owner.token)
            #expect(bad.status == .badRequest)
        }
    }

    @Test("A member's journal: locked drawers only after unlocking, and never anyone else's")
    func journalExport() async throws {
        try await withApp { app in
            // given
            let household = try await app.makeFullHousehold()

            // when
            let locked = try ZIPContents(
                Data(try await app.download("/api/journal/export", token: household.owner.token).body.readableBytesView)
            )
            try await app.unlockJournal(household.owner)
            let unlocked = try ZIPContents(
                Data(try await app.download("/api/journal/export", token: household.owner.token).body.readableBytesView)
            )
            let editors = try ZIPContents(
                Data(
                    try await app.download("/api/journal/export", token: household.editor.token).body.readableBytesView)
            )

            // then
            let lockedJournal = try locked.text("journal.json")
            #expect(lockedJournal.contains(household.openJournalText))
            #expect(!lockedJournal.contains(household.lockedJournalText))
            #expect(!(try locked.text("index.html")).contains(household.lockedJournalText))
            #expect(lockedJournal.contains(#""lockedDrawersIncluded" : false"#))
            #expect(try unlocked.text("journal.json").contains(household.lockedJournalText))
            #expect(try unlocked.text("index.html").contains(household.lockedJournalText))
            #expect(!(try editors.text("journal.json")).contains(household.openJournalText))
        }
    }

    @Test("heirloom export --user --journal writes a member's journal, locked drawers left out without --unlock")
    func journalCommand() async throws {
        try await withApp { app in
            // given
            let household = try await app.makeFullHousehold()
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID()).zip")
            defer { try? FileManager.default.removeItem(at: file) }

            // when
            try await app.runCommand(
                ExportCommand(), ["heirloom", "--user", household.owner.email, "--journal", "--output", file.path])

            // then
            let journal = try ZIPContents(try Data(contentsOf: file)).text("journal.json")
            #expect(journal.contains(household.openJournalText))
            #expect(!journal.contains(household.lockedJournalText))
            let everything = FileManager.default.temporaryDirectory.appendingPathComponent("all-\(UUID()).zip")
            defer { try? FileManager.default.removeItem(at: everything) }
            try await app.runCommand(
                ExportCommand(), ["heirloom", "--household", household.owner.householdID, "--output", everything.path])
            #expect(try ZIPContents(try Data(contentsOf: everything)).names.first == "manifest.json")
        }
    }

    @Test("Past 4 GiB the archive switches to ZIP64 records, and its announced size stays exact")
    func zip64() async throws {
        // given: a layout whose limit is a few bytes, so every record needs ZIP64
        let entries: [ExportArchive.Entry] = (0..<5).map { .data("file-\($0).txt", Data(repeating: 65, count: 300)) }
        let archive = ExportArchive(fileName: "small.zip", entries: entries, layout: ZIPLayout(limit: 200))
        let collected = Collected()

        // when
        try await archive.write(modified: Date()) { await collected.append($0) }

        // then
        let data = await collected.data
        #expect(Int64(data.count) == archive.size)
        let files = try ZIPContents(data)
        #expect(files.names == entries.map(\.name))
        #expect(try files["file-4.txt"] == Data(repeating: 65, count: 300))
    }
}

/// Bytes gathered from a stream.
actor Collected {
    var data = Data()
    func append(_ buffer: ByteBuffer) { data.append(contentsOf: buffer.readableBytesView) }
}

/// A ZIP archive read with ZIPFoundation, which knows nothing of how Heirloom wrote it.
struct ZIPContents {
    let archive: Archive
    let names: [String]

    init(_ data: Data) throws {
        archive = try Archive(data: data, accessMode: .read)
        names = archive.map(\.path)
    }

    subscript(_ name: String) -> Data {
        get throws {
            guard let entry = archive[name] else { throw TestFailure("no \(name) in the archive") }
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            return data
        }
    }

    func text(_ name: String) throws -> String { String(decoding: try self[name], as: UTF8.self) }
}

extension Digest {
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
