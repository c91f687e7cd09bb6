import Foundation
import NIOCore

/// Blobs as objects of a bucket of an S3-compatible service: `<prefix>ab/cd/<sha256>`, the layout of a folder
/// store, so that a backup or a move lays them out alike.
///
/// An object appears only whole (a single PUT, or a multipart upload completed after its last part), so a blob
/// that is listed is complete. Whatever the service refuses or fails to answer is a `MediaError.storeUnavailable`
/// for the person, with the service's own words in the log.
struct S3Blobs: BlobBackend {
    let client: S3Client

    var location: String {
        "\(MediaLocations.bucket(client.settings.bucket, prefix: client.settings.prefix)) at \(client.endpointText)"
    }

    private func key(_ sha256: String) throws -> String {
        guard BlobKey.isValid(sha256) else { throw MediaError.storage("\(sha256) is not a blob's name") }
        return BlobKey.path(sha256)
    }

    func adopt(_ file: URL, sha256: String) async throws {
        let key = try key(sha256)
        // Stored already: nothing to send, but its date is renewed, so that a collector on another server (whose
        // lock this one's does not cover) sees it as young until its new row is written.
        if try await stored({ try await client.head(key) }) != nil, try await renewed(key) {
            try? FileManager.default.removeItem(at: file)
            return
        }
        try await stored { try await client.upload(key, file: file) }
        try? FileManager.default.removeItem(at: file)
    }

    /// Gives an object a new date; false when it has gone meanwhile (a collector elsewhere removed it).
    func renewed(_ key: String) async throws -> Bool {
        do {
            try await client.touch(key)
            return true
        } catch let error as S3Error where error.isMissingObject {
            return false
        } catch {
            throw unavailable(error)
        }
    }

    func delete(_ sha256: String) async throws {
        let key = try key(sha256)
        try await stored { try await client.delete(key) }
    }

    func info(_ sha256: String) async throws -> BlobInfo? {
        let key = try key(sha256)
        guard let head = try await stored({ try await client.head(key) }) else { return nil }
        return BlobInfo(sha256: sha256, size: head.size, modified: head.lastModified ?? .distantPast)
    }

    func list() -> AsyncThrowingStream<BlobInfo, any Error> {
        let client = client
        let (stream, continuation) = AsyncThrowingStream<BlobInfo, any Error>.makeStream()
        let task = Task {
            do {
                for try await object in client.list() {
                    let name = String(object.key.split(separator: "/").last ?? "")
                    // Only blobs: never a staged upload or anything else that shares the prefix.
                    guard BlobKey.isValid(name), object.key == BlobKey.path(name) else { continue }
                    continuation.yield(
                        BlobInfo(sha256: name, size: object.size, modified: object.lastModified ?? .distantPast))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: S3Blobs(client: client).unavailable(error))
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    func read(_ sha256: String, range: ClosedRange<Int64>?) async throws -> BlobBytes {
        let key = try key(sha256)
        let download = try await stored { try await client.get(key, range: range) }
        // Read as the answer is written, piece by piece: a slow reader slows the download instead of the hub
        // holding what the service has sent.
        let body = BodyReader(iterator: download.body.makeAsyncIterator())
        let blobs = self
        let chunks = AsyncThrowingStream<ByteBuffer, any Error> {
            do {
                return try await body.next()
            } catch {
                throw blobs.unavailable(error)
            }
        }
        return BlobBytes(size: download.size, range: download.range, chunks: chunks)
    }

    /// One download's body, read by one reader at a time (the stream's own order).
    private final class BodyReader: @unchecked Sendable {
        var iterator: S3Download.Body.AsyncIterator

        init(iterator: S3Download.Body.AsyncIterator) { self.iterator = iterator }

        func next() async throws -> ByteBuffer? { try await iterator.next() }
    }

    func withLocalFile<T: Sendable>(
        _ sha256: String, scratch: URL, _ body: (URL) async throws -> T
    ) async throws -> T {
        let file = scratch.appendingPathComponent("blob-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try await copy(sha256, to: file)
        return try await body(file)
    }

    func copy(_ sha256: String, to file: URL) async throws {
        let key = try key(sha256)
        try await stored { try await client.download(key, to: file) }
    }

    func localPath(_ sha256: String) async -> URL? { nil }

    var primaryFolder: FolderBlobs? { nil }

    /// Runs a call to the service; what it refuses or fails to answer becomes `storeUnavailable`.
    func stored<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch {
            throw unavailable(error)
        }
    }

    /// The service's own words go to the log; the person gets `storeUnavailable`.
    func unavailable(_ error: any Error) -> any Error {
        guard let error = error as? S3Error else { return error }
        client.logger.warning("media store \(location): \(error)")
        return MediaError.storeUnavailable(error.description)
    }
}
