import Crypto
import Foundation

/// The entries of an export in the order they are written, and how to stream them as one ZIP archive.
///
/// Small files (the JSON records, the spreadsheet, the viewer) are made in memory first; media files are read
/// from the store while the archive is sent. Because every size is known before the first byte, so is the
/// archive's (`size`), which the download announces as its Content-Length.
struct ExportArchive: Sendable {
    enum Entry: Sendable {
        case data(String, Data)
        /// A blob of the store: its bytes must still have this SHA-256 when they are sent.
        case blob(String, size: Int64, sha256: String)

        var name: String {
            switch self {
            case .data(let name, _), .blob(let name, _, _): name
            }
        }

        var size: Int64 {
            switch self {
            case .data(_, let data): Int64(data.count)
            case .blob(_, let size, _): size
            }
        }

        var sha256: String {
            switch self {
            case .data(_, let data): SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            case .blob(_, _, let sha256): sha256
            }
        }
    }

    /// What an archive's manifest.json says about one file.
    struct ManifestFile: Codable, Equatable, Sendable {
        var path: String
        var size: Int64
        var sha256: String
    }

    var fileName: String
    var entries: [Entry]
    var layout = ZIPLayout()
    /// Where the blobs of `.blob` entries are read from.
    var store: BlobStore?

    /// The archive's exact size in bytes.
    var size: Int64 { layout.archiveSize(entries.map { ($0.name, $0.size) }) }

    /// Every entry but the manifest, as the manifest lists them.
    static func manifestFiles(_ entries: [Entry]) -> [ManifestFile] {
        entries.map { ManifestFile(path: $0.name, size: $0.size, sha256: $0.sha256) }
    }

    /// Streams the archive; stops with `damagedFile` if a stored file no longer has its recorded bytes.
    func write(modified: Date, to write: @escaping ZIPStreamWriter.Write) async throws {
        let zip = ZIPStreamWriter(modified: modified, layout: layout, write: write)
        for entry in entries {
            switch entry {
            case .data(let name, let data):
                try await zip.add(name, data: data)
            case .blob(let name, let size, let sha256):
                guard let store else { throw ExportError.missingFile(name) }
                try await store.withLocalFile(sha256) { url in
                    let sum = try ZIPStreamWriter.checksum(of: url)
                    guard sum.sha256 == sha256, sum.size == size else { throw ExportError.damagedFile(name) }
                    try await zip.add(name, file: url, size: size, crc: sum.crc)
                }
            }
        }
        try await zip.finish()
    }
}

/// What stops an export, in words for the person who asked for it.
enum ExportError: Error, CustomStringConvertible {
    case missingFile(String)
    case damagedFile(String)

    var description: String {
        switch self {
        case .missingFile(let name):
            "The file \(name) is missing from the media store, so the export would be incomplete. "
                + "`heirloom media gc --dry-run` lists every missing file; restore them from a backup."
        case .damagedFile(let name):
            "The file \(name) in the media store no longer has the bytes it was saved with. "
                + "Restore it from a backup before exporting."
        }
    }

    var appError: AppError {
        AppError.conflict(code: "export_incomplete", message: description)
    }
}

/// JSON as the export writes it: sorted keys, indented for people, times in UTC with microseconds.
enum ExportJSON {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(format(date))
        }
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a time: \(text)")
            }
            return date
        }
        return decoder
    }

    /// "2026-11-23T15:04:05.123456Z": ISO 8601 with the microseconds the databases keep.
    static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = seconds.rounded(.down)
        var micros = Int(((seconds - whole) * 1_000_000).rounded())
        if micros == 1_000_000 {
            whole += 1
            micros = 0
        }
        let base = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: whole)).dropLast()
        return "\(base).\(String(format: "%06d", micros))Z"
    }

    static func parse(_ text: String) -> Date? {
        guard text.hasSuffix("Z"), let dot = text.lastIndex(of: ".") else {
            return ISO8601DateFormatter().date(from: text)
        }
        guard let base = ISO8601DateFormatter().date(from: String(text[..<dot]) + "Z"),
            let micros = Int(text[text.index(after: dot)..<text.index(before: text.endIndex)])
        else { return nil }
        return Date(timeIntervalSince1970: base.timeIntervalSince1970 + Double(micros) / 1_000_000)
    }
}
