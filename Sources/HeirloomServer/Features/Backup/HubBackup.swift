import Fluent
import Foundation
import SQLKit

/// A consistent copy of the whole hub in a folder: the database (SQLite's `VACUUM INTO`, or PostgreSQL's
/// `pg_dump` in custom format) and the media store (hard links on the same file system, copies otherwise).
///
/// Why every row of the copied database has its files in the copied media folder, whoever writes at the time:
/// - the database is copied, then the media linked, both while the store's lock is held (`BlobStore.withLock`,
///   an flock(2) on `media.lock` in the data folder, so it keeps out the serving hub when the backup runs from
///   the command line, and the command line when the hub makes its scheduled backup);
/// - every change to files and media rows happens inside that lock: an upload moves its files into the store
///   before it inserts the row, a deletion removes rows before files, `media gc` and `import` likewise;
/// - so a row in the copy was committed inside an earlier holding of the lock, after its files were in place,
///   and no file can be deleted until the backup lets go; files added later are simply not in this backup.
/// Blobs are content-addressed and never rewritten, so linking them is as good as copying them. From a bucket
/// (`S3Blobs`) the hashes the copied rows refer to are read inside the lock and downloaded after it, through the
/// store in use and the old one of a move; a blob deleted in between stops the backup, to be made again.
/// `restore` puts a stopped hub back from such a folder.
struct HubBackup: Sendable {
    let config: HeirloomConfig
    let db: any Database
    let store: BlobStore
    let now: Date

    /// backup.json: what is in the folder.
    struct Facts: Codable, Equatable, Sendable {
        var format = "heirloom-backup"
        var version = 1
        var hubVersion: String
        var createdAt: Date
        /// "sqlite" (database.sqlite) or "postgresql" (database.pgdump).
        var database: String
        var mediaFiles: Int
        var sizeBytes: Int64
    }

    static let sqliteFile = "database.sqlite"
    static let postgresFile = "database.pgdump"

    /// Makes a backup in `folder`, which must not exist yet or be empty.
    func make(in folder: URL) async throws -> Facts {
        let fileManager = FileManager.default
        if let contents = try? fileManager.contentsOfDirectory(atPath: folder.path), !contents.isEmpty {
            throw BackupError("\(folder.path) is not empty; choose a new folder for the backup.")
        }
        // The copy holds every journal, password hashes and live links: the folder and all in it are private.
        try PrivateFiles.makeFolder(folder)
        PrivateFiles.restrict(folder, isFolder: true)
        let media = folder.appendingPathComponent("media", isDirectory: true)
        var facts = Facts(hubVersion: HubInfo.version, createdAt: now, database: "", mediaFiles: 0, sizeBytes: 0)
        var referenced: Set<String>?
        try await store.withLock {
            switch config.database {
            case .sqliteFile, .sqliteMemory:
                facts.database = "sqlite"
                let target = folder.appendingPathComponent(Self.sqliteFile)
                // VACUUM INTO accepts an empty file, and writes into it keeping its mode.
                try PrivateFiles.createFile(target).close()
                try await db.sql().raw("VACUUM INTO \(bind: target.path)").run()
            case .postgres(let url):
                facts.database = "postgresql"
                let target = folder.appendingPathComponent(Self.postgresFile).path
                try PrivateFiles.createFile(URL(fileURLWithPath: target)).close()
                let result = try await ExternalTool.run(
                    "pg_dump", ["--format=custom", "--no-owner", "--file=\(target)", "--dbname=\(url.absoluteString)"],
                    timeout: 6 * 3600)
                guard result.status == 0 else { throw BackupError("pg_dump failed: \(result.errorOutput)") }
            }
            if let folder = await store.blobs.primaryFolder {
                (facts.mediaFiles, facts.sizeBytes) = try Self.mirror(folder.root, into: media)
            } else {
                referenced = try await MediaObject.referencedHashes(on: db)
            }
        }
        // From a bucket, the files the copied rows refer to are downloaded after the lock is let go, so that
        // uploads do not wait for the whole download; blobs are never rewritten, so a later copy is the same.
        if let referenced {
            (facts.mediaFiles, facts.sizeBytes) = try await Self.download(referenced, from: store.blobs, into: media)
        }
        facts.sizeBytes +=
            Self.size(of: folder.appendingPathComponent(Self.sqliteFile))
            + Self.size(of: folder.appendingPathComponent(Self.postgresFile))
        try PrivateFiles.write(ExportJSON.encoder().encode(facts), to: folder.appendingPathComponent("backup.json"))
        return facts
    }

    /// Puts a stopped hub back from a backup: the database replaced, the media store given every file it lacks.
    static func restore(from folder: URL, config: HeirloomConfig, store: BlobStore) async throws -> Facts {
        let factsURL = folder.appendingPathComponent("backup.json")
        guard let data = try? Data(contentsOf: factsURL),
            let facts = try? ExportJSON.decoder().decode(Facts.self, from: data)
        else { throw BackupError("\(folder.path) has no backup.json; it is not a Heirloom backup.") }
        try PrivateFiles.makeFolder(config.dataDirectory)
        switch (facts.database, config.database) {
        case ("sqlite", .sqliteFile(let target)):
            let source = folder.appendingPathComponent(sqliteFile)
            let temporary = target.deletingLastPathComponent().appendingPathComponent(".restoring-\(UUID()).sqlite")
            try FileManager.default.copyItem(at: source, to: temporary)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: target.path + suffix) }
            guard rename(temporary.path, target.path) == 0 else {
                throw BackupError("Could not put the database in place at \(target.path).")
            }
            // A backup made before backups were private may hold a 0644 copy.
            PrivateFiles.restrict(target)
        case ("postgresql", .postgres(let url)):
            let result = try await ExternalTool.run(
                "pg_restore",
                [
                    "--clean", "--if-exists", "--no-owner", "--single-transaction", "--dbname=\(url.absoluteString)",
                    folder.appendingPathComponent(postgresFile).path,
                ], timeout: 6 * 3600)
            guard result.status == 0 else { throw BackupError("pg_restore failed: \(result.errorOutput)") }
        case (let made, _):
            throw BackupError(
                "This backup holds a \(made) database, but this hub is set up for another kind. Set DATABASE_URL "
                    + "(PostgreSQL) or leave it unset (SQLite) to match the backup.")
        }
        try await restoreMedia(from: folder.appendingPathComponent("media", isDirectory: true), into: store)
        return facts
    }

    /// Links (or, across file systems, copies) every file under `source` to the same place under `target`,
    /// skipping those already there, every folder 0700 and every file 0600. Returns how many files and bytes
    /// the source holds.
    static func mirror(_ source: URL, into target: URL) throws -> (files: Int, bytes: Int64) {
        let fileManager = FileManager.default
        try PrivateFiles.makeFolder(target)
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey]
        guard let walker = fileManager.enumerator(at: source, includingPropertiesForKeys: keys) else { return (0, 0) }
        var files = 0
        var bytes: Int64 = 0
        let base = source.standardizedFileURL.path
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
                continue
            }
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            let destination = target.appendingPathComponent(relative)
            files += 1
            bytes += Int64(values.fileSize ?? 0)
            if fileManager.fileExists(atPath: destination.path) { continue }
            try PrivateFiles.makeFolder(destination.deletingLastPathComponent())
            if link(url.path, destination.path) != 0 {
                try fileManager.copyItem(at: url, to: destination)
            }
            // A link shares the stored file's mode, which renditions written by other tools may have left 0644.
            PrivateFiles.restrict(destination)
        }
        return (files, bytes)
    }

    /// Gives the store every blob of a backup's media folder that it lacks: linked into a folder store, uploaded
    /// to any other.
    static func restoreMedia(from source: URL, into store: BlobStore) async throws {
        if let folder = await store.blobs.primaryFolder {
            _ = try mirror(source, into: folder.root)
            return
        }
        guard let walker = FileManager.default.enumerator(at: source, includingPropertiesForKeys: [.isRegularFileKey])
        else { return }
        for case let url as URL in walker where BlobKey.isValid(url.lastPathComponent) {
            let sha256 = url.lastPathComponent
            if try await store.contains(sha256) { continue }
            let copy = store.temporaryFile()
            try FileManager.default.copyItem(at: url, to: copy)
            try await store.adopt(copy, sha256: sha256)
        }
    }

    /// The blobs `hashes` of a store (a bucket) into the folder `target`, laid out as a folder store. A blob that
    /// went missing meanwhile (its row deleted since the copy of the database) stops the backup: make it again.
    static func download(_ hashes: Set<String>, from blobs: any BlobBackend, into target: URL) async throws
        -> (files: Int, bytes: Int64)
    {
        try PrivateFiles.makeFolder(target)
        var bytes: Int64 = 0
        var waiting = hashes.sorted()[...]
        // Several at once: a household's thousands of small files each wait a round trip or two for the bucket
        // (a backup taken while uploads go on, e2e/http, went from 60 s to a quarter of that with eight).
        try await withThrowingTaskGroup(of: Int64.self) { downloads in
            var running = 0
            while true {
                while running < downloadsInFlight, let sha256 = waiting.popFirst() {
                    downloads.addTask { try await downloadOne(sha256, from: blobs, into: target) }
                    running += 1
                }
                guard let size = try await downloads.next() else { break }
                running -= 1
                bytes += size
            }
        }
        return (hashes.count, bytes)
    }

    /// How many blobs a backup downloads from a bucket at once.
    static let downloadsInFlight = 8

    /// One blob of a bucket into the backup's folder, private; its size.
    private static func downloadOne(_ sha256: String, from blobs: any BlobBackend, into target: URL) async throws
        -> Int64
    {
        let destination = target.appendingPathComponent(BlobKey.path(sha256))
        try PrivateFiles.makeFolder(destination.deletingLastPathComponent())
        guard try await blobs.info(sha256) != nil else {
            throw BackupError(
                "media/\(sha256) left \(blobs.location) while the backup was being made; make the backup again.")
        }
        try await blobs.copy(sha256, to: destination)
        PrivateFiles.restrict(destination)
        return HubBackup.size(of: destination)
    }

    static func size(of url: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}

/// Why a backup or a restore stopped, in words for whoever runs it.
struct BackupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
