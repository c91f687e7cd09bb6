import Foundation
import NIOCore

/// Where the content-addressed blobs live: a folder on this machine (`FolderBlobs`) or a bucket of an
/// S3-compatible service (`S3Blobs`). A blob's key is the hex SHA-256 of its bytes; it is written once, whole,
/// and never changed, so a blob that is there is always complete.
protocol BlobBackend: Sendable {
    /// Where, in words for logs and commands: "the folder /srv/heirloom/media", "s3://family/media at
    /// https://s3.example.com". Never a secret.
    var location: String { get }

    /// Puts a complete file of this machine into the store under its hash and removes the file; when the
    /// content is stored already, only removes the file.
    func adopt(_ file: URL, sha256: String) async throws

    /// Removes a blob; one that is not there is no error.
    func delete(_ sha256: String) async throws

    /// A blob's size and when it was written, or nil when it is not in the store.
    func info(_ sha256: String) async throws -> BlobInfo?

    /// Every blob in the store, read page by page.
    func list() -> AsyncThrowingStream<BlobInfo, any Error>

    /// The bytes of a blob, or of `range` of them, as they arrive: never the whole blob in memory.
    func read(_ sha256: String, range: ClosedRange<Int64>?) async throws -> BlobBytes

    /// Runs `body` with the blob as a file of this machine, for the tools that need one (vips, ffmpeg, the
    /// ZIP writer): the stored file itself in a folder, otherwise a download into `scratch` removed afterwards.
    func withLocalFile<T: Sendable>(
        _ sha256: String, scratch: URL, _ body: (URL) async throws -> T
    ) async throws -> T

    /// Writes a copy of the blob to `file` (a new file of this machine), whole or not at all.
    func copy(_ sha256: String, to file: URL) async throws

    /// The blob's own file when the store is a folder of this machine, so it can be served as a file.
    func localPath(_ sha256: String) async -> URL?

    /// The folder of this machine that new blobs go to, when they go to one (backups link from it).
    var primaryFolder: FolderBlobs? { get async }

    /// Somewhere to send an upload's bytes as they arrive, or nil (see `BlobStaging`).
    func stage() async throws -> (any BlobStaging)?

    /// Adopts a blob of which `staged` holds a copy, removing the file (and the staged copy once it is not needed).
    func adopt(_ file: URL, sha256: String, staged: StagedBlob) async throws

    /// Removes what crashed uploads left in the store itself (staged copies, unfinished uploads) from before
    /// `moment`; answers what was removed, in words.
    func sweepLeftovers(olderThan moment: Date) async throws -> [String]
}

/// One blob as the store lists it.
struct BlobInfo: Sendable, Equatable {
    var sha256: String
    var size: Int64
    var modified: Date
}

/// A blob's bytes on their way: its whole size, the range being read and the bytes of that range.
struct BlobBytes: Sendable {
    var size: Int64
    var range: ClosedRange<Int64>?
    var chunks: AsyncThrowingStream<ByteBuffer, any Error>
}

/// What a blob key may be: 64 lower-case hex digits. Anything else never reaches a file system or a bucket.
enum BlobKey {
    static func isValid(_ sha256: String) -> Bool {
        sha256.utf8.count == 64 && sha256.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// `ab/cd/<sha256>`: two levels of folders keep any one folder small.
    static func path(_ sha256: String) -> String {
        let characters = Array(sha256)
        return "\(String(characters[0..<2]))/\(String(characters[2..<4]))/\(sha256)"
    }
}

/// An upload's bytes sent on to the store while they arrive, before their hash (and so their key) is known: a
/// large file then enters the store with a copy inside the service instead of a second upload.
protocol BlobStaging: Sendable {
    func append(_ bytes: ByteBuffer) async throws
    /// The staged copy, or nil when the file was too small to be worth one (it is then adopted from its file).
    func finish() async throws -> StagedBlob?
    /// Gives up, leaving nothing behind in the store.
    func abort() async
}

/// A complete staged copy of an upload in a store, waiting to be adopted under its hash or discarded.
struct StagedBlob: Sendable {
    /// The store that holds it (`BlobBackend.location`).
    var location: String
    var key: String
    /// Removes the staged copy.
    var discard: @Sendable () async -> Void
}

extension BlobBackend {
    /// A store that cannot stage takes uploads from their files only.
    func stage() async throws -> (any BlobStaging)? { nil }

    /// Adopts a blob of which `staged` holds a copy; a store that did not stage it adopts the file.
    func adopt(_ file: URL, sha256: String, staged: StagedBlob) async throws {
        await staged.discard()
        try await adopt(file, sha256: sha256)
    }

    /// Removes what crashed uploads left in the store itself; what was removed, in words.
    func sweepLeftovers(olderThan moment: Date) async throws -> [String] { [] }
}
