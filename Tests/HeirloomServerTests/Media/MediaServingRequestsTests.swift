import Crypto
import Foundation
import HeirloomCore
import NIOConcurrencyHelpers
import NIOCore
import Testing

@testable import HeirloomServer

/// How often serving a blob asks the store: each ask of a bucket is a request to the S3 service.
@Suite("Media: serving a blob from a bucket asks it little")
struct MediaServingRequestsTests {
    @Test("with no move under way, a file is served with one ask for its size and one read, and no file looked for")
    func oneStoreAskedOnce() async throws {
        // given a bucket-like store holding one blob, used with no move recorded
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-asks-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bucket = try CountingBlobs(base: FolderBlobs(root: folder))
        let bytes = Data("a photo's bytes".utf8)
        let sha256 = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        let file = folder.appendingPathComponent("upload")
        try bytes.write(to: file)
        try await bucket.base.adopt(file, sha256: sha256)
        let blobs = MovingBlobs(
            configured: "s3://family", store: bucket, open: { _ in bucket }, latestMove: { nil })

        // when it is served as `Request.mediaFile` serves a store's blob: a file of this machine, else its size,
        // then its bytes
        #expect(await blobs.localPath(sha256) == nil)
        let info = try #require(try await blobs.info(sha256))
        let read = try await blobs.read(sha256, range: nil)
        var served = Data()
        for try await chunk in read.chunks { served.append(contentsOf: chunk.readableBytesView) }

        // then the store was asked once for the size and once for the bytes
        #expect(info.size == Int64(bytes.count) && served == bytes)
        #expect(bucket.asks.withLockedValue { $0 } == ["info", "read"])
    }
}

/// A store that keeps its blobs like a bucket (no file of this machine to give) and notes each time it is asked.
struct CountingBlobs: BlobBackend {
    let base: FolderBlobs
    let asks = NIOLockedValueBox<[String]>([])

    private func note(_ ask: String) { asks.withLockedValue { $0.append(ask) } }

    var location: String { "a counting bucket" }
    var primaryFolder: FolderBlobs? { nil }
    func adopt(_ file: URL, sha256: String) async throws {
        note("adopt")
        try await base.adopt(file, sha256: sha256)
    }
    func delete(_ sha256: String) async throws {
        note("delete")
        try await base.delete(sha256)
    }
    func info(_ sha256: String) async throws -> BlobInfo? {
        note("info")
        return try await base.info(sha256)
    }
    func list() -> AsyncThrowingStream<BlobInfo, any Error> { base.list() }
    func read(_ sha256: String, range: ClosedRange<Int64>?) async throws -> BlobBytes {
        note("read")
        return try await base.read(sha256, range: range)
    }
    func withLocalFile<T: Sendable>(_ sha256: String, scratch: URL, _ body: (URL) async throws -> T) async throws -> T {
        try await base.withLocalFile(sha256, scratch: scratch, body)
    }
    func copy(_ sha256: String, to file: URL) async throws { try await base.copy(sha256, to: file) }
    func localPath(_ sha256: String) async -> URL? { nil }
}
