import Foundation
import NIOConcurrencyHelpers

/// The content-addressed store: `media/ab/cd/<sha256>`, each content once.
///
/// A file enters the store only whole (written to a temporary file, fsynced, then renamed), so a crash
/// leaves no half-written blob. Adding and releasing blobs go through one lock, so that a blob being
/// added again is never deleted under it. The lock is an advisory lock on `media.lock` in the data folder, so
/// it holds across processes: the serving hub, and `heirloom backup`, `media gc` or `import` run beside it.
final class BlobStore: Sendable {
    let root: URL
    let temporaryDirectory: URL
    /// An open file whose advisory lock is held while blobs are added or released.
    private let lockDescriptor: Int32

    init(dataDirectory: URL) throws {
        root = dataDirectory.appendingPathComponent("media", isDirectory: true)
        temporaryDirectory = dataDirectory.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
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

    /// Where a blob lives.
    func path(for sha256: String) -> URL {
        let characters = Array(sha256)
        guard characters.count == 64, characters.allSatisfy(\.isHexDigit) else {
            return root.appendingPathComponent("invalid")
        }
        return
            root
            .appendingPathComponent(String(characters[0..<2]), isDirectory: true)
            .appendingPathComponent(String(characters[2..<4]), isDirectory: true)
            .appendingPathComponent(sha256)
    }

    /// A new path for a temporary file in the data directory (same file system as the store).
    func temporaryFile(_ suffix: String = "") -> URL {
        temporaryDirectory.appendingPathComponent("upload-\(UUID().text)\(suffix)")
    }

    /// Runs `body` while no blob is being added or released: adding files and recording them in the
    /// database happen together, as do forgetting them and deleting files.
    func withLock<T>(_ body: () async throws -> T) async rethrows -> T {
        // A lock held across suspension points must be an async one; the file lock keeps out another
        // process (`heirloom media gc` run by hand while the server runs).
        await gate.acquire()
        defer { gate.release() }
        await lockFile()
        defer { flock(lockDescriptor, LOCK_UN) }
        return try await body()
    }

    private func lockFile() async {
        while flock(lockDescriptor, LOCK_EX | LOCK_NB) != 0 {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    private let gate = AsyncSemaphore(limit: 1)

    /// Moves a complete, fsynced temporary file into the store under its hash (or drops it when the
    /// content is stored already). Call inside `withLock`.
    func adopt(_ temporary: URL, sha256: String) throws {
        let destination = path(for: sha256)
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: destination.path) {
            try? fileManager.removeItem(at: temporary)
            // Newly referenced again: a sweep must see it as young, whatever it read before.
            try? fileManager.setAttributes([.modificationDate: Date()], ofItemAtPath: destination.path)
            return
        }
        let directory = destination.deletingLastPathComponent()
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        if rename(temporary.path, destination.path) != 0 {
            throw MediaError.storage("could not move the upload into the store (errno \(errno))")
        }
        Self.fsyncDirectory(directory)
    }

    /// Deletes a blob's file. Call inside `withLock`, after checking nothing refers to it.
    func delete(_ sha256: String) {
        try? FileManager.default.removeItem(at: path(for: sha256))
    }

    /// Every blob in the store with its size and modification date.
    func allBlobs() -> [(sha256: String, size: Int64, modified: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else {
            return []
        }
        var blobs: [(String, Int64, Date)] = []
        for case let url as URL in enumerator {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
                continue
            }
            blobs.append(
                (url.lastPathComponent, Int64(values.fileSize ?? 0), values.contentModificationDate ?? .distantPast))
        }
        return blobs
    }

    static func fsyncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
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
