import Foundation
import HeirloomCore
import NIOConcurrencyHelpers

/// The store a hub uses, following `heirloom media migrate` (`MediaStoreChoice`): before a move's switch the
/// configured store; after it the new store, reading from the old one what is not (yet) in the new.
///
/// The latest move is read from the database at most every `refresh` seconds for reads, and afresh for every
/// blob added; the move's last pass holds the store's lock, so a blob added just before its switch is copied.
final class MovingBlobs: BlobBackend {
    /// HEIRLOOM_MEDIA_URL's store, by its location.
    let configured: String
    /// Opens a store by its location (the S3 settings come from the environment).
    let open: @Sendable (String) throws -> any BlobBackend
    /// The latest move, from the database.
    let latestMove: @Sendable () async throws -> MediaMoveRecord?
    let refresh: TimeInterval

    private struct Current {
        var choice: MediaStoreChoice
        var primary: any BlobBackend
        var fallback: (any BlobBackend)?
        var readAt: Date
    }

    private let current: NIOLockedValueBox<Current>
    private let opened = NIOLockedValueBox<[String: any BlobBackend]>([:])

    init(
        configured: String, store: any BlobBackend, refresh: TimeInterval = 5,
        open: @escaping @Sendable (String) throws -> any BlobBackend,
        latestMove: @escaping @Sendable () async throws -> MediaMoveRecord?
    ) {
        self.configured = configured
        self.open = open
        self.latestMove = latestMove
        self.refresh = refresh
        opened.withLockedValue { $0[configured] = store }
        current = NIOLockedValueBox(
            Current(choice: MediaStoreChoice(primary: configured), primary: store, readAt: .distantPast))
    }

    var location: String { current.withLockedValue { $0.primary.location } }

    /// The stores in use now; `fresh` reads the latest move whatever the age of the last reading.
    private func stores(fresh: Bool = false) async throws -> (primary: any BlobBackend, fallback: (any BlobBackend)?) {
        let known = current.withLockedValue { $0 }
        if !fresh, Date().timeIntervalSince(known.readAt) < refresh { return (known.primary, known.fallback) }
        let move: MediaMoveRecord?
        do {
            move = try await latestMove()
        } catch  where known.readAt > .distantPast {
            // The database did not answer: the stores last read stay in use (never the configured one by default,
            // which after a move would be the old store).
            return (known.primary, known.fallback)
        }
        let choice = MediaStoreChoice.choose(configured: configured, latestMove: move)
        let primary = try store(at: choice.primary)
        // An old store that can no longer be opened (its S3 keys removed, say) is simply not read.
        let fallback = choice.fallback.flatMap { try? store(at: $0) }
        current.withLockedValue { $0 = Current(choice: choice, primary: primary, fallback: fallback, readAt: Date()) }
        return (primary, fallback)
    }

    private func store(at location: String) throws -> any BlobBackend {
        if let store = opened.withLockedValue({ $0[location] }) { return store }
        let store = try open(location)
        opened.withLockedValue { $0[location] = store }
        return store
    }

    /// The store in use now, read afresh: the one new blobs go to.
    func primary() async throws -> any BlobBackend {
        try await stores(fresh: true).primary
    }

    /// Where a blob is, or where it would be: the primary (whose error then names the blob).
    private func holderOrPrimary(of sha256: String) async throws -> any BlobBackend {
        if let holder = try await holder(of: sha256) { return holder.store }
        return try await stores().primary
    }

    /// The store that holds a blob, with what it says of it: the primary, else the fallback, else nil. One
    /// request (a HEAD, for a bucket) per store asked.
    private func holder(of sha256: String) async throws -> (store: any BlobBackend, info: BlobInfo)? {
        let (primary, fallback) = try await stores()
        if let info = try await primary.info(sha256) { return (primary, info) }
        if let fallback, let info = try await fallback.info(sha256) { return (fallback, info) }
        // Not where this server last looked: another server may have switched to a new store meanwhile.
        let (now, behind) = try await stores(fresh: true)
        if now.location != primary.location, let info = try await now.info(sha256) { return (now, info) }
        if let behind, behind.location != fallback?.location, let info = try await behind.info(sha256) {
            return (behind, info)
        }
        return nil
    }

    /// Adds a blob to the store in use, read afresh. A move that switches while the blob is written does not
    /// lose it: blobs are added under the store's lock, which the move's last pass takes, so the blob's row is
    /// written by then and the pass copies it.
    func adopt(_ file: URL, sha256: String) async throws {
        try await stores(fresh: true).primary.adopt(file, sha256: sha256)
    }

    func stage() async throws -> (any BlobStaging)? {
        try await stores(fresh: true).primary.stage()
    }

    /// The staged copy is used only if it is in the store in use now (`S3Blobs` checks); otherwise it is
    /// discarded and the file adopted, as by `adopt(_:sha256:)`.
    func adopt(_ file: URL, sha256: String, staged: StagedBlob) async throws {
        try await stores(fresh: true).primary.adopt(file, sha256: sha256, staged: staged)
    }

    func sweepLeftovers(olderThan moment: Date) async throws -> [String] {
        try await stores().primary.sweepLeftovers(olderThan: moment)
    }

    func delete(_ sha256: String) async throws {
        try await stores().primary.delete(sha256)
    }

    func info(_ sha256: String) async throws -> BlobInfo? {
        try await holder(of: sha256)?.info
    }

    /// The primary store's blobs: what the collector sweeps. The old store of a move is left as it is.
    func list() -> AsyncThrowingStream<BlobInfo, any Error> {
        let (stream, continuation) = AsyncThrowingStream<BlobInfo, any Error>.makeStream()
        let task = Task {
            do {
                for try await blob in try await stores().primary.list() { continuation.yield(blob) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// With no move under way the one store is read straight away (a single GET for a bucket); during a move, or
    /// when that store fails (another server may have switched stores meanwhile), the store that holds the blob is
    /// found first.
    func read(_ sha256: String, range: ClosedRange<Int64>?) async throws -> BlobBytes {
        let (primary, fallback) = try await stores()
        if fallback == nil {
            do {
                return try await primary.read(sha256, range: range)
            } catch {
                guard let holder = try await holder(of: sha256), holder.store.location != primary.location else {
                    throw error
                }
                return try await holder.store.read(sha256, range: range)
            }
        }
        guard let holder = try await holder(of: sha256) else {
            throw MediaError.storage("media/\(sha256) is not in the store")
        }
        return try await holder.store.read(sha256, range: range)
    }

    func withLocalFile<T: Sendable>(
        _ sha256: String, scratch: URL, _ body: (URL) async throws -> T
    ) async throws -> T {
        try await holderOrPrimary(of: sha256).withLocalFile(sha256, scratch: scratch, body)
    }

    func copy(_ sha256: String, to file: URL) async throws {
        try await holderOrPrimary(of: sha256).copy(sha256, to: file)
    }

    var primaryFolder: FolderBlobs? {
        get async { try? await stores().primary.primaryFolder }
    }

    /// The blob's file when a folder of this machine holds it; a bucket is not asked (it has no files to give).
    func localPath(_ sha256: String) async -> URL? {
        guard let (primary, fallback) = try? await stores() else { return nil }
        for store in [primary, fallback].compactMap({ $0 }) {
            if let path = await store.localPath(sha256), FileManager.default.fileExists(atPath: path.path) {
                return path
            }
        }
        return nil
    }

    /// Copies one blob between stores through a temporary file of this machine.
    static func copy(_ sha256: String, from source: any BlobBackend, to target: any BlobBackend, scratch: URL)
        async throws
    {
        let temporary = scratch.appendingPathComponent("copy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        try await source.copy(sha256, to: temporary)
        try await target.adopt(temporary, sha256: sha256)
    }
}
