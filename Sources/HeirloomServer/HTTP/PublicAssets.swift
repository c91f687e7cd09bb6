import Crypto
import Foundation
import LeafKit

/// The stylesheet, scripts and icon under Public/, named by a version that changes whenever any of them does:
/// `/assets/<version>/css/heirloom.css`. Pages link to them by that name (`#asset("css/heirloom.css")`), so a
/// browser keeps each for a year without asking again, and a new release is fetched at once. One version for
/// all of them keeps the scripts' relative imports (`./upload-progress.js`) inside the same version, so that a
/// module is never loaded twice under two names.
struct PublicAssets: Sendable {
    static let prefix = "assets"
    static let immutable = "public, max-age=31536000, immutable"
    /// For the same files under their plain names, and under a version that is not this release's.
    static let revalidate = "no-cache"

    /// The first 12 hexadecimal digits of a SHA-256 of every file's path and contents.
    let version: String
    /// The files' paths under Public/, such as "js/copy.js".
    let files: Set<String>

    init(publicDirectory: String) {
        let root = URL(fileURLWithPath: publicDirectory, isDirectory: true).standardizedFileURL
        var found: [String] = []
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                found.append(String(url.standardizedFileURL.path.dropFirst(root.path.count + 1)))
            }
        }
        var hash = SHA256()
        for path in found.sorted() {
            hash.update(data: Data(path.utf8))
            hash.update(data: (try? Data(contentsOf: root.appendingPathComponent(path))) ?? Data())
        }
        version = hash.finalize().prefix(6).map { String(format: "%02x", $0) }.joined()
        files = Set(found)
    }

    init(version: String, files: Set<String>) {
        self.version = version
        self.files = files
    }

    /// "/assets/<version>/css/heirloom.css" for "css/heirloom.css".
    func path(_ file: String) -> String? {
        files.contains(file) ? "/\(Self.prefix)/\(version)/\(file)" : nil
    }

    /// Whether a byte may stand in an asset's path: letters, digits, "-", "_", "." and "/" (Public/'s names use no
    /// other), so that nothing odd is ever written back into the request's address.
    static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "/"):
            true
        default: false
        }
    }

    /// For "/assets/<version>/js/copy.js": the file's own path ("/js/copy.js") and whether it names this release.
    static func unversioned(_ path: String, current: String) -> (path: String, isCurrent: Bool)? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 4, segments[0].isEmpty, segments[1] == Self.prefix, !segments[2].isEmpty else {
            return nil
        }
        return ("/" + segments.dropFirst(3).joined(separator: "/"), segments[2] == current)
    }
}

/// `#asset("css/heirloom.css")` in a template: the file's versioned address. A file that Public/ does not hold is
/// a rendering error, caught by the tests that render every page.
struct AssetTag: LeafTag {
    struct UnknownAsset: Error, CustomStringConvertible {
        var name: String
        var description: String { "#asset: Public/ holds no \(name)" }
    }

    let assets: PublicAssets

    func render(_ context: LeafContext) throws -> LeafData {
        let name = context.parameters.first?.string ?? ""
        guard let path = assets.path(name) else { throw UnknownAsset(name: name) }
        return .string(path)
    }
}
