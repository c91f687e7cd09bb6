import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Backups, exports and the data folder hold every journal, password hashes and live links: only the hub's own
/// user may open them, whatever the umask. And a backup made while uploads go on is whole.
@Suite("Private backups, exports and data folders")
struct BackupPrivacyTests {
    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())")
    }

    /// Every folder under `folder` (itself included) and every file, with its permission bits.
    static func modes(under folder: URL) -> (folders: [String: mode_t], files: [String: mode_t]) {
        var folders = [folder.lastPathComponent: PrivateFiles.mode(of: folder) ?? 0]
        var files: [String: mode_t] = [:]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
        else { return (folders, files) }
        for case let url as URL in walker {
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true
            if isFolder {
                folders[url.path] = PrivateFiles.mode(of: url)
            } else {
                files[url.path] = PrivateFiles.mode(of: url)
            }
        }
        return (folders, files)
    }

    @Test("heirloom backup and heirloom export write folders 0700 and files 0600")
    func backupAndExportArePrivate() async throws {
        let parent = Self.temporary("private-backups")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("nightly/backup", isDirectory: true)
        let archive = parent.appendingPathComponent("millers.zip")
        try await withApp { app in
            // given a hub with photos, a journal and members
            let made = try await app.makeFullHousehold()
            let household = try await app.api(.GET, "/api/household", token: made.owner.token)
                .decoded(Components.Schemas.Household.self).id
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)

            // when it is backed up and exported from the command line
            try await app.runCommand(BackupCommand(), ["heirloom", "--output", folder.path])
            try await app.runCommand(
                ExportCommand(), ["heirloom", "--household", household, "--output", archive.path])
        }

        // then the backup's folders (the ones it made above it too) are 0700 and every file in it 0600
        let backup = Self.modes(under: folder)
        #expect(backup.files.count > 3)
        #expect(backup.folders.values.allSatisfy { $0 == 0o700 }, "\(backup.folders)")
        #expect(backup.files.values.allSatisfy { $0 == 0o600 }, "\(backup.files)")
        #expect(PrivateFiles.mode(of: folder.deletingLastPathComponent()) == 0o700)
        // and the export is the hub's user's alone
        #expect(PrivateFiles.mode(of: archive) == 0o600)
    }

    @Test("a new data folder is made 0700 with its database 0600; one open to all users is named in a warning")
    func dataFolder() throws {
        let parent = Self.temporary("data-folders")
        defer { try? FileManager.default.removeItem(at: parent) }

        // given no data folder yet; when it is prepared
        let fresh = parent.appendingPathComponent("new/heirloom-data", isDirectory: true)
        let warning = try DataFolder.prepare(fresh)
        let database = fresh.appendingPathComponent("heirloom.sqlite")
        try DataFolder.createDatabase(database)

        // then it is private, and nothing is said
        #expect(warning == nil)
        #expect(PrivateFiles.mode(of: fresh) == 0o700)
        #expect(PrivateFiles.mode(of: database) == 0o600)

        // given a database already there: it is left alone
        try Data("kept".utf8).write(to: database)
        try DataFolder.createDatabase(database)
        #expect(try String(contentsOf: database, encoding: .utf8) == "kept")

        // given an existing folder others can read; when it is prepared, a warning names it and it is unchanged
        let open = parent.appendingPathComponent("open", isDirectory: true)
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
        chmod(open.path, 0o755)
        let said = try #require(try DataFolder.prepare(open))
        #expect(said.contains(open.path) && said.contains("755"))
        #expect(PrivateFiles.mode(of: open) == 0o755)
        // one shared with its group only (the systemd unit's StateDirectoryMode=0750) is not warned about
        chmod(open.path, 0o750)
        #expect(try DataFolder.prepare(open) == nil)
    }

    @Test("a new hub's media folder and every file in it are private; media check names what others may open")
    func mediaFolder() async throws {
        try await withApp { app in
            // given a new hub that has stored photos, recordings and papers
            _ = try await app.makeFullHousehold()
            // (the S3 suites keep media in a bucket: nothing of it is on this machine's disk to check)
            guard let media = await app.hub.media.store.blobs.primaryFolder?.root else { return }

            // then media/ and every folder in it are 0700, and every file 0600
            let stored = Self.modes(under: media)
            #expect(stored.files.count > 3)
            #expect(stored.folders.values.allSatisfy { $0 == 0o700 }, "\(stored.folders)")
            #expect(stored.files.values.allSatisfy { $0 == 0o600 }, "\(stored.files)")
            try await app.runCommand(MediaCheckCommand(), ["heirloom"])

            // when a file is opened to everyone behind the hub's back, the check says which and how to mend it
            let loose = try #require(stored.files.keys.sorted().first)
            chmod(loose, 0o644)
            let error = await #expect(throws: CommandFailure.self) {
                try await app.runCommand(MediaCheckCommand(), ["heirloom"])
            }
            #expect(error?.description.contains("1 file(s) or folder(s)") == true)
            #expect(error?.description.contains("chmod -R go= \(media.path)") == true)
        }
    }
}
