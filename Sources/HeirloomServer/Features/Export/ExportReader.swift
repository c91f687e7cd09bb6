import Crypto
import Foundation
import ZIPFoundation

/// An export archive opened for import: the manifest read, and every file it lists checked against its size
/// and SHA-256 before anything is taken from it.
struct ExportReader {
    let archive: Archive
    let manifest: HouseholdExport.Manifest
    /// The JSON files and the other small files, read whole once they were checked.
    private(set) var small: [String: Data] = [:]

    /// Files over this size are media, read in pieces; the records are read into memory.
    static let smallLimit: Int64 = 256 << 20

    /// Opens the archive and checks every file the manifest lists; a damaged, edited or missing file stops it
    /// with `damaged` naming the file. Media files are copied to `scratch` (named by their SHA-256) while they are
    /// checked; nothing else is written.
    init(url: URL, scratch: URL) throws {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ImportError.notAnExport("\(url.lastPathComponent) is not a ZIP archive that can be read.")
        }
        self.archive = archive
        guard let entry = archive["manifest.json"] else {
            throw ImportError.notAnExport("\(url.lastPathComponent) has no manifest.json; it is not a Heirloom export.")
        }
        let manifestData = try Self.read(entry, in: archive, limit: Self.smallLimit)
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
        for file in manifest.files {
            guard let entry = archive[file.path], entry.type == .file else {
                throw ImportError.damaged(file.path, "it is listed in manifest.json but not in the archive")
            }
            if file.path.hasPrefix("media/") {
                try Self.check(entry, file, in: archive, copyTo: scratch.appendingPathComponent(file.sha256))
                let named = file.path.dropFirst("media/".count).prefix(64)
                guard named == file.sha256 else {
                    throw ImportError.damaged(file.path, "its name does not match its SHA-256")
                }
            } else {
                small[file.path] = try Self.check(entry, file, in: archive, copyTo: nil)
            }
        }
    }

    /// A JSON file of the archive, decoded.
    /// Whether the archive has this file of records (files added by later versions may be absent).
    func hasRecords(_ name: String) -> Bool { small[name] != nil }

    func records<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        guard let data = small[name] else { throw ImportError.damaged(name, "it is missing from manifest.json") }
        do {
            return try ExportJSON.decoder().decode(type, from: data)
        } catch {
            throw ImportError.damaged(name, "it cannot be read (\(error))")
        }
    }

    /// Reads an entry, counting its bytes and hashing them; returns them for small files, copies them otherwise.
    @discardableResult
    private static func check(
        _ entry: Entry, _ file: ExportArchive.ManifestFile, in archive: Archive, copyTo destination: URL?
    ) throws -> Data? {
        var hasher = SHA256()
        var size: Int64 = 0
        var data = Data()
        var handle: FileHandle?
        if let destination {
            FileManager.default.createFile(atPath: destination.path, contents: nil)
            handle = try FileHandle(forWritingTo: destination)
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
        guard hasher.finalize().map({ String(format: "%02x", $0) }).joined() == file.sha256 else {
            throw ImportError.damaged(file.path, "its contents are not what was exported (SHA-256 differs)")
        }
        try handle?.synchronize()
        return destination == nil ? data : nil
    }

    private static func read(_ entry: Entry, in archive: Archive, limit: Int64) throws -> Data {
        var data = Data()
        do {
            _ = try archive.extract(entry) { chunk in
                data.append(chunk)
                guard data.count <= limit else { throw ImportError.damaged(entry.path, "it is far too large") }
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.damaged(entry.path, "it cannot be read from the archive (\(error))")
        }
        return data
    }
}

/// Why an import stopped; nothing of the household was written.
enum ImportError: Error, CustomStringConvertible {
    case notAnExport(String)
    case damaged(String, String)
    case exists(String)
    case unreadableMedia(String, String)

    var description: String {
        switch self {
        case .notAnExport(let message): message
        case .damaged(let path, let why):
            "The file \(path) in the export is damaged or was changed: \(why). Nothing was imported."
        case .exists(let message): message
        case .unreadableMedia(let path, let why):
            "The file \(path) could not be read (\(why)). Nothing was imported."
        }
    }
}
