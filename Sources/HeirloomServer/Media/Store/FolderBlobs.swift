import Foundation
import NIOCore

/// Blobs as files in a folder of this machine: `media/ab/cd/<sha256>`, the default store.
///
/// A file enters the folder only whole (written to a temporary file in the same file system, fsynced, then
/// renamed), so a crash leaves no half-written blob.
struct FolderBlobs: BlobBackend {
    let root: URL

    init(root: URL) throws {
        self.root = root
        try PrivateFiles.makeFolder(root)
    }

    var location: String { "the folder \(root.path)" }

    /// Where a blob lives; a key that is not a SHA-256 leads to a name no blob has.
    func path(for sha256: String) -> URL {
        guard BlobKey.isValid(sha256) else { return root.appendingPathComponent("invalid") }
        return root.appendingPathComponent(BlobKey.path(sha256))
    }

    func localPath(_ sha256: String) -> URL? { path(for: sha256) }

    var primaryFolder: FolderBlobs? { self }

    func adopt(_ file: URL, sha256: String) async throws {
        let destination = path(for: sha256)
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: destination.path) {
            try? fileManager.removeItem(at: file)
            // Newly referenced again: a sweep must see it as young, whatever it read before.
            try? fileManager.setAttributes([.modificationDate: Date()], ofItemAtPath: destination.path)
            return
        }
        let directory = destination.deletingLastPathComponent()
        try PrivateFiles.makeFolder(directory)
        // However it was written (an upload, vips, ffmpeg), a blob is the hub's user's alone.
        PrivateFiles.restrict(file)
        if rename(file.path, destination.path) != 0 {
            // Another file system (a store on its own disk): copy to a temporary name beside it, then rename.
            guard errno == EXDEV else {
                throw MediaError.storage("could not move the upload into the store (errno \(errno))")
            }
            let beside = directory.appendingPathComponent(".incoming-\(UUID().uuidString)")
            do {
                try fileManager.copyItem(at: file, to: beside)
                try Self.fsync(beside)
                guard rename(beside.path, destination.path) == 0 else {
                    throw MediaError.storage("could not move the upload into the store (errno \(errno))")
                }
            } catch {
                try? fileManager.removeItem(at: beside)
                throw error
            }
            try? fileManager.removeItem(at: file)
        }
        Self.fsyncDirectory(directory)
    }

    /// An upload staged elsewhere (a move switched stores while it arrived): its file was not synced, as it was
    /// to be scratch, so it is synced before it becomes the blob.
    func adopt(_ file: URL, sha256: String, staged: StagedBlob) async throws {
        await staged.discard()
        try Self.fsync(file)
        try await adopt(file, sha256: sha256)
    }

    func delete(_ sha256: String) async throws {
        try? FileManager.default.removeItem(at: path(for: sha256))
    }

    func info(_ sha256: String) async throws -> BlobInfo? {
        guard BlobKey.isValid(sha256),
            let attributes = try? FileManager.default.attributesOfItem(atPath: path(for: sha256).path),
            (attributes[.type] as? FileAttributeType) == .typeRegular
        else { return nil }
        return BlobInfo(
            sha256: sha256, size: (attributes[.size] as? NSNumber)?.int64Value ?? 0,
            modified: attributes[.modificationDate] as? Date ?? .distantPast)
    }

    func list() -> AsyncThrowingStream<BlobInfo, any Error> {
        let root = root
        return AsyncThrowingStream { continuation in
            let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
            if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) {
                for case let url as URL in walker {
                    guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true,
                        BlobKey.isValid(url.lastPathComponent)
                    else { continue }
                    continuation.yield(
                        BlobInfo(
                            sha256: url.lastPathComponent, size: Int64(values.fileSize ?? 0),
                            modified: values.contentModificationDate ?? .distantPast))
                }
            }
            continuation.finish()
        }
    }

    func read(_ sha256: String, range: ClosedRange<Int64>?) async throws -> BlobBytes {
        guard let info = try await info(sha256) else { throw MediaError.storage("media/\(sha256) is not in the store") }
        let start = range?.lowerBound ?? 0
        let reader = try FileChunkReader(
            path(for: sha256), from: start, count: (range.map { $0.upperBound + 1 } ?? info.size) - start,
            name: "media/\(sha256)")
        return BlobBytes(
            size: info.size, range: range, chunks: AsyncThrowingStream(unfolding: { try await reader.next() }))
    }

    func withLocalFile<T: Sendable>(
        _ sha256: String, scratch: URL, _ body: (URL) async throws -> T
    ) async throws -> T {
        try await body(path(for: sha256))
    }

    func copy(_ sha256: String, to file: URL) async throws {
        let source = path(for: sha256)
        if link(source.path, file.path) != 0 { try FileManager.default.copyItem(at: source, to: file) }
    }

    static func fsync(_ file: URL) throws {
        let handle = try FileHandle(forUpdating: file)
        defer { try? handle.close() }
        try handle.synchronize()
    }

    static func fsyncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        Foundation.fsync(descriptor)
        close(descriptor)
    }
}
