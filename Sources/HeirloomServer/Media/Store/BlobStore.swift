import Fluent
import Foundation
import NIOConcurrencyHelpers

/// The content-addressed store: each content once, under its SHA-256, in a folder of this machine or in an
/// S3-compatible bucket (`blobs`), with scratch space for uploads and their renditions on this machine.
///
/// Adding and releasing blobs go through one lock, so that a blob being added again is never deleted under it.
/// The lock is an advisory lock on `media.lock` in the data folder, so it holds across processes: the serving
/// hub, and `heirloom backup`, `media gc` or `import` run beside it.
final class BlobStore: Sendable {
    let blobs: any BlobBackend
    let temporaryDirectory: URL
    /// An open file whose advisory lock is held while blobs are added or released.
    private let lockDescriptor: Int32

    /// A store in the folder `media` of the data folder.
    convenience init(dataDirectory: URL) throws {
        try self.init(
            dataDirectory: dataDirectory,
            blobs: FolderBlobs(root: dataDirectory.appendingPathComponent("media", isDirectory: true)))
    }

    init(dataDirectory: URL, blobs: any BlobBackend) throws {
        self.blobs = blobs
        temporaryDirectory = dataDirectory.appendingPathComponent("tmp", isDirectory: true)
        try PrivateFiles.makeFolder(temporaryDirectory)
        // Close-on-exec: a child process (vips, ffmpeg, pg_dump) must not keep the lock after the hub is gone.
        let lockFile = dataDirectory.appendingPathComponent("media.lock")
        lockDescriptor = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        // Without the lock a backup could miss files: better not to start.
        guard lockDescriptor >= 0 else {
            throw MediaError.storage("cannot open the media lock \(lockFile.path) (errno \(errno))")
        }
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// A new path for a temporary file in the data directory (same file system as a folder store).
    func temporaryFile(_ suffix: String = "") -> URL {
        temporaryDirectory.appendingPathComponent("upload-\(UUID().text)\(suffix)")
    }

    /// The database whose advisory lock keeps servers on other machines out too (PostgreSQL; see `withLock`).
    private let serverLock = NIOLockedValueBox<(@Sendable () -> (any Database)?)?>(nil)

    /// Makes `withLock` also take `MediaLockKey` on this database, for servers on several machines sharing it and
    /// one bucket (a file lock covers one machine only).
    func lockAcrossServers(on database: @escaping @Sendable () -> (any Database)?) {
        serverLock.withLockedValue { $0 = database }
    }

    /// The advisory lock's number: "HeirMedi" in ASCII.
    static let serverLockKey: Int64 = 5_216_691_683_524_650_089

    /// Runs `body` while no blob is being added or released: adding files and recording them in the
    /// database happen together, as do forgetting them and deleting files.
    func withLock<T>(_ body: () async throws -> T) async throws -> T {
        // A lock held across suspension points must be an async one; the file lock keeps out another
        // process (`heirloom media gc` run by hand while the server runs), the database's another machine.
        await gate.acquire()
        defer { gate.release() }
        await lockFile()
        defer { flock(lockDescriptor, LOCK_UN) }
        guard let db = serverLock.withLockedValue({ $0 })?() else { return try await body() }
        return try await AdvisoryLock.holding(Self.serverLockKey, on: db, body)
    }

    private func lockFile() async {
        while flock(lockDescriptor, LOCK_EX | LOCK_NB) != 0 {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    private let gate = AsyncSemaphore(limit: 1)

    /// Moves a complete, fsynced temporary file into the store under its hash (or drops it when the
    /// content is stored already). Call inside `withLock`.
    func adopt(_ temporary: URL, sha256: String) async throws {
        try await blobs.adopt(temporary, sha256: sha256)
    }

    /// Adopts a blob of which an upload staged a copy (see `BlobStaging`). Call inside `withLock`.
    func adopt(_ temporary: URL, sha256: String, staged: StagedBlob?) async throws {
        if let staged {
            try await blobs.adopt(temporary, sha256: sha256, staged: staged)
        } else {
            try await blobs.adopt(temporary, sha256: sha256)
        }
    }

    /// Deletes a blob. Call inside `withLock`, after checking nothing refers to it.
    func delete(_ sha256: String) async throws {
        try await blobs.delete(sha256)
    }

    /// Whether the store holds a blob.
    func contains(_ sha256: String) async throws -> Bool {
        try await blobs.info(sha256) != nil
    }

    /// Every blob in the store with its size and modification date.
    func allBlobs() async throws -> [BlobInfo] {
        var all: [BlobInfo] = []
        for try await blob in blobs.list() { all.append(blob) }
        return all
    }

    /// Runs `body` with the blob as a file of this machine (see `BlobBackend.withLocalFile`).
    func withLocalFile<T: Sendable>(_ sha256: String, _ body: (URL) async throws -> T) async throws -> T {
        try await blobs.withLocalFile(sha256, scratch: temporaryDirectory, body)
    }

    /// The whole blob in memory: only for small ones (a photo's display size for the AI appraiser).
    func data(_ sha256: String) async throws -> Data {
        try await withLocalFile(sha256) { try Data(contentsOf: $0) }
    }
}

/// A first-come first-served async semaphore: at most `limit` holders at once.
final class AsyncSemaphore: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: NIOLockedValueBox<State>
    private let limit: Int

    init(limit: Int) {
        self.limit = max(1, limit)
        state = NIOLockedValueBox(State(available: self.limit))
    }

    /// How many hold a place and how many wait for one (for /metrics).
    var usage: (holding: Int, waiting: Int) {
        state.withLockedValue { (limit - $0.available, $0.waiters.count) }
    }

    func acquire() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLockedValue { state -> Bool in
                guard state.available > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.available -= 1
                return true
            }
            if resumeNow { continuation.resume() }
        }
    }

    func release() {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }

    /// Runs `body` holding one place.
    func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await body()
    }
}
