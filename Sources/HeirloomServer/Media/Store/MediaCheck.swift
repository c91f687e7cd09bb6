import Crypto
import Fluent
import Foundation

/// `heirloom media check`: every blob a media row refers to is in the store, with the size the row records
/// and the bytes its name (the SHA-256) promises. Reads each blob once, whichever store holds it.
struct MediaCheck: Sendable {
    let db: any Database
    let store: BlobStore

    /// One blob that is not as it should be.
    struct Finding: Sendable, Equatable, CustomStringConvertible {
        enum Problem: Sendable, Equatable {
            case missing
            case wrongSize(expected: Int64, found: Int64)
            case wrongBytes
        }

        var sha256: String
        /// The file it belongs to, as people know it: "photo.jpg (3F2A…)".
        var file: String
        var problem: Problem

        var description: String {
            switch problem {
            case .missing: "missing media/\(sha256) of \(file)"
            case .wrongSize(let expected, let found):
                "wrong size media/\(sha256) of \(file): \(found) bytes, the row says \(expected)"
            case .wrongBytes: "damaged media/\(sha256) of \(file): its bytes do not have this SHA-256"
            }
        }
    }

    /// How far the check has got: blobs read, of how many.
    typealias Progress = @Sendable (_ done: Int, _ total: Int) -> Void

    func run(progress: Progress = { _, _ in }) async throws -> [Finding] {
        var wanted: [String: (file: String, size: Int64?)] = [:]
        for object in try await MediaObject.query(on: db).sort(\.$createdAt).all() {
            let file = "\(object.originalName) (\(object.id?.text ?? "?"))"
            wanted[object.sha256] = (file, object.sizeBytes)
            for hash in [object.displaySHA256, object.thumbnailSHA256, object.playableSHA256].compactMap({ $0 })
            where wanted[hash] == nil {
                wanted[hash] = (file, nil)
            }
        }
        var findings: [Finding] = []
        for (index, hash) in wanted.keys.sorted().enumerated() {
            defer { progress(index + 1, wanted.count) }
            let (file, size) = wanted[hash] ?? ("?", nil)
            if let problem = try await check(hash, size: size) {
                findings.append(Finding(sha256: hash, file: file, problem: problem))
            }
        }
        return findings
    }

    /// What is wrong with one blob, or nil.
    /// Reads the store in use only: after a move, a blob found only in the old store is missing from the new one.
    func check(_ sha256: String, size expected: Int64?) async throws -> Finding.Problem? {
        let blobs = try await (store.blobs as? MovingBlobs)?.primary() ?? store.blobs
        guard let info = try await blobs.info(sha256) else { return .missing }
        if let expected, info.size != expected { return .wrongSize(expected: expected, found: info.size) }
        return try await Self.sha256(of: sha256, in: blobs) == sha256 ? nil : .wrongBytes
    }

    /// The SHA-256 of a stored blob's bytes, read as they come.
    static func sha256(of key: String, in blobs: any BlobBackend) async throws -> String {
        var hasher = SHA256()
        for try await chunk in try await blobs.read(key, range: nil).chunks {
            hasher.update(data: chunk.readableBytesView)
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
