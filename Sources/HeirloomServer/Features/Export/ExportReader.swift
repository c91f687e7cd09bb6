import Crypto
import Foundation
import ZIPFoundation

/// An export archive opened for import: the manifest read, and every file it lists checked against its size
/// and SHA-256 before anything is taken from it.
///
/// Nothing the archive says is used as a file name: a media file is copied into the scratch folder under its
/// SHA-256 only once that is 64 lower-case hexadecimal digits, and sizes are checked against the limits, the ZIP's
/// own entries and the free space before the first byte is unpacked.
struct ExportReader {
    let archive: Archive
    let manifest: HouseholdExport.Manifest
    /// The JSON files and the other small files, read whole once they were checked.
    private(set) var small: [String: Data] = [:]
    /// The media files, checked and copied into the scratch folder, by SHA-256; and their sizes by their paths.
    private(set) var copies: [String: URL] = [:]
    private(set) var mediaSizes: [String: Int64] = [:]

    /// Opens the archive and checks every file the manifest lists; a damaged, edited or missing file stops it
    /// with `damaged` naming the file, one too large with `tooLarge`. Media files are copied into `scratch`
    /// while they are checked; nothing else is written.
    init(url: URL, scratch: URL, limits: ImportLimits = ImportLimits()) throws {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ImportError.notAnExport("\(url.lastPathComponent) is not a ZIP archive that can be read.")
        }
        self.archive = archive
        guard let entry = archive["manifest.json"], entry.type == .file else {
            throw ImportError.notAnExport("\(url.lastPathComponent) has no manifest.json; it is not a Heirloom export.")
        }
        let declared = ExportArchive.ManifestFile(
            path: "manifest.json", size: Int64(clamping: entry.uncompressedSize), sha256: "")
        try Self.checkEntry(entry, declared, limits: limits, maximum: limits.recordBytes)
        let manifestData = try Self.unpack(entry, declared, in: archive, to: nil).data
        do {
            manifest = try ExportJSON.decoder().decode(HouseholdExport.Manifest.self, from: manifestData)
        } catch {
            throw ImportError.damaged("manifest.json", "it cannot be read (\(error))")
        }
        guard manifest.format == HouseholdExport.formatName else {
            throw ImportError.notAnExport("manifest.json names the format \(manifest.format), not a household export.")
        }
        guard manifest.version <= HouseholdExport.formatVersion else {
            throw ImportError.notAnExport(
                "This export is of version \(manifest.version) of the format; this hub reads up to version "
                    + "\(HouseholdExport.formatVersion). Update Heirloom first.")
        }
        // Everything the manifest and the ZIP declare is checked before anything is unpacked.
        let entries = try Self.checkDeclared(manifest.files, in: archive, scratch: scratch, limits: limits)
        for (file, entry) in zip(manifest.files, entries) {
            if ExportPaths.records.contains(file.path) {
                small[file.path] = try Self.unpack(entry, file, in: archive, to: nil).data
            } else if ExportPaths.isForPeople(file.path) || ExportPaths.isPlayableCopy(file.path) {
                // A recording's typed copy or AAC copy, or a storyteller's book: media.json brings the transcript
                // back, the AAC copy is made again from the original, and the next export makes the book again.
                continue
            } else {
                let copy = scratch.appendingPathComponent(file.sha256, isDirectory: false)
                guard copies[file.sha256] == nil else {
                    throw ImportError.damaged(file.path, "another file of the export has the same SHA-256")
                }
                copies[file.sha256] = copy
                mediaSizes[file.path] = file.size
                try Self.unpack(entry, file, in: archive, to: copy)
            }
        }
    }

    /// Whether the archive has this file of records (files added by later versions may be absent).
    func hasRecords(_ name: String) -> Bool { small[name] != nil }

    /// A JSON file of the archive, decoded.
    func records<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        guard let data = small[name] else { throw ImportError.damaged(name, "it is missing from manifest.json") }
        do {
            return try ExportJSON.decoder().decode(type, from: data)
        } catch {
            throw ImportError.damaged(name, "it cannot be read (\(error))")
        }
    }

    /// Checks the manifest's names, hashes and sizes, and the ZIP's entries for them, against each other, the
    /// limits and the free space; returns the entries in the manifest's order.
    private static func checkDeclared(
        _ files: [ExportArchive.ManifestFile], in archive: Archive, scratch: URL, limits: ImportLimits
    ) throws -> [Entry] {
        var seen = Set<String>()
        var total: Int64 = 0
        var media: Int64 = 0
        for file in files {
            guard seen.insert(file.path).inserted else {
                throw ImportError.damaged(file.path, "manifest.json lists it twice")
            }
            guard ExportPaths.isSHA256(file.sha256) else {
                throw ImportError.damaged(file.path, "its SHA-256 in manifest.json is not 64 lower-case hex digits")
            }
            let isRecords = ExportPaths.records.contains(file.path)
            guard
                isRecords || ExportPaths.isMedia(file.path, sha256: file.sha256) || ExportPaths.isForPeople(file.path)
                    || ExportPaths.isPlayableCopy(file.path)
            else {
                throw ImportError.damaged(
                    file.path, "it is not a file an export holds (records by their names, media as media/SHA-256.ext)")
            }
            let isSmall = isRecords || ExportPaths.isForPeople(file.path)
            guard file.size >= 0, !isSmall || file.size <= limits.recordBytes else {
                throw ImportError.tooLarge(
                    "The file \(file.path) in the export is declared as \(file.size) bytes, more than a file of "
                        + "records may have (\(limits.recordBytes)). Nothing was imported.")
            }
            total = total.addingReportingOverflow(file.size).overflow ? .max : total + file.size
            if !isRecords { media = media.addingReportingOverflow(file.size).overflow ? .max : media + file.size }
        }
        guard total <= limits.totalBytes else {
            throw ImportError.tooLarge(
                "The export's files are declared as \(total) bytes together, more than this hub imports "
                    + "(\(limits.totalBytes)). Nothing was imported.")
        }
        if let free = ImportLimits.freeSpace(at: scratch), media > free - min(free, limits.reserve) {
            throw ImportError.tooLarge(
                "The export's media files are declared as \(media) bytes, but the disk of the data folder has only "
                    + "\(free) bytes of free space (and keeps \(limits.reserve) spare). Nothing was imported.")
        }
        return try files.map { file in
            guard let entry = archive[file.path], entry.type == .file else {
                throw ImportError.damaged(file.path, "it is listed in manifest.json but not in the archive")
            }
            try checkEntry(entry, file, limits: limits, maximum: file.size)
            return entry
        }
    }

    /// Checks what the ZIP declares of an entry: its size, and how far it is compressed.
    private static func checkEntry(
        _ entry: Entry, _ file: ExportArchive.ManifestFile, limits: ImportLimits, maximum: Int64
    ) throws {
        guard entry.uncompressedSize == UInt64(max(0, file.size)), file.size <= maximum else {
            throw ImportError.damaged(
                file.path, "its size in the ZIP (\(entry.uncompressedSize) bytes) is not the recorded size")
        }
        let packed = max(1, Int64(clamping: entry.compressedSize))
        guard file.size <= limits.ratioFloor || file.size / packed <= limits.maximumRatio else {
            throw ImportError.damaged(
                file.path,
                "it is compressed \(file.size / packed) to one, as no export is; it would fill the disk when unpacked")
        }
    }

    /// Unpacks an entry, counting its bytes and hashing them, and stops as soon as it is larger than declared;
    /// returns them for small files, copies them to `destination` (made new, never followed) otherwise.
    @discardableResult
    private static func unpack(
        _ entry: Entry, _ file: ExportArchive.ManifestFile, in archive: Archive, to destination: URL?
    ) throws -> (data: Data, sha256: String) {
        var hasher = SHA256()
        var size: Int64 = 0
        var data = Data()
        var handle: FileHandle?
        if let destination {
            let descriptor = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else {
                throw ImportError.damaged(file.path, "it could not be unpacked (errno \(errno))")
            }
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
        defer { try? handle?.close() }
        do {
            _ = try archive.extract(entry, bufferSize: 1 << 20) { chunk in
                size += Int64(chunk.count)
                guard size <= file.size else { throw ImportError.damaged(file.path, "it is larger than recorded") }
                hasher.update(data: chunk)
                if let handle { try handle.write(contentsOf: chunk) } else { data.append(chunk) }
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.damaged(file.path, "it cannot be read from the archive (\(error))")
        }
        guard size == file.size else { throw ImportError.damaged(file.path, "its size is not the recorded size") }
        let sha256 = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        guard file.sha256.isEmpty || sha256 == file.sha256 else {
            throw ImportError.damaged(file.path, "its contents are not what was exported (SHA-256 differs)")
        }
        try handle?.synchronize()
        return (destination == nil ? data : Data(), sha256)
    }
}
