import Crypto
import Foundation
import HeirloomCore
import NIOCore
import NIOFileSystem

/// Writes an upload to a temporary file as it arrives: hashing it, checking its kind from the first
/// bytes and its size against the limit, and fsyncing it at the end. Never holds the whole file.
struct UploadSink {
    /// A complete upload on disk.
    struct Received: Sendable {
        var temporaryFile: URL
        var sha256: String
        var size: Int64
        var format: MediaFormat
        /// A copy already sent on to the store as the bytes arrived (a large file to an S3 store), or nil.
        var staged: StagedBlob?

        /// Removes the temporary file and any staged copy: the upload is not kept.
        func discard() async {
            try? FileManager.default.removeItem(at: temporaryFile)
            await staged?.discard()
        }
    }

    let use: MediaUse
    let limit: Int64
    let fileSystem: FileSystem
    let store: BlobStore

    /// The bytes are gathered into batches of this size before they go to the file and the store: a few large
    /// writes instead of one (and a hop to the file thread and the store's upload) per network read. With the S3
    /// store, the hub's processor time for `make bench-media`'s 1 GiB upload fell from 2.7–2.9 to 2.4–2.5 CPU-s
    /// (with parts sent uncopied; docs/performance.md).
    static let batchSize = 1 << 20

    /// Streams `chunks` into a temporary file (and on to the store, when it stages uploads); on any failure the
    /// file is removed and the staging aborted.
    func receive<Chunks: AsyncSequence>(_ chunks: Chunks) async throws -> Received
    where Chunks.Element: Collection<UInt8> {
        let url = store.temporaryFile()
        let staging: (any BlobStaging)?
        do {
            staging = try await store.blobs.stage()
        } catch {
            // The store cannot take it (it cannot be reached or opened): the body is read and dropped first.
            var iterator = chunks.makeAsyncIterator()
            await dropRest(&iterator)
            throw error
        }
        do {
            let (received, staged) = try await fileSystem.withFileHandle(
                forWritingAt: FilePath(url.path),
                // Written in place, not made whole at the end: a crashed upload's part is left for the sweep of
                // the temporary folder to find, as e2e/browser/test_media_crash.py checks.
                options: OpenOptions.Write(
                    existingFile: .none,
                    newFile: .init(permissions: [.ownerRead, .ownerWrite], transactionalCreation: false))
            ) { handle in
                let received = try await write(chunks, to: handle, staging: staging)
                let staged = try await staging?.finish()
                // A staged upload's file is scratch (read by the analysis, removed once the staged copy is in
                // place), so it is not forced to disk; a file that becomes the blob is (a folder store that takes
                // a staged upload's file syncs it itself, `FolderBlobs.adopt(_:sha256:staged:)`).
                if staged == nil { try await handle.synchronize() }
                return (received, staged)
            }
            return Received(
                temporaryFile: url, sha256: received.sha256, size: received.size, format: received.format,
                staged: staged)
        } catch {
            try? FileManager.default.removeItem(at: url)
            await staging?.abort()
            throw error
        }
    }

    /// Reads `chunks`, hashing them and checking the kind and size as they come, and writes them in batches to the
    /// file and the staging at once; one batch is written while the next arrives.
    private func write<Chunks: AsyncSequence>(
        _ chunks: Chunks, to handle: WriteFileHandle, staging: (any BlobStaging)?
    ) async throws
        -> (sha256: String, size: Int64, format: MediaFormat)
    where Chunks.Element: Collection<UInt8> {
        var hasher = SHA256()
        var size: Int64 = 0
        var header: [UInt8] = []
        var sniffed: MediaFormat?
        let allocator = ByteBufferAllocator()
        var batch = allocator.buffer(capacity: Self.batchSize)
        var flushed: Int64 = 0
        var iterator = chunks.makeAsyncIterator()
        try await withThrowingTaskGroup(of: Void.self) { writes in
            /// Sends the batch on its way once the one before it is written; a file or store that failed ends the
            /// upload, the rest of the body being read and dropped first.
            func flush() async throws {
                do {
                    try await writes.next()
                } catch {
                    await dropRest(&iterator)
                    throw error
                }
                let full = batch
                let offset = flushed
                flushed += Int64(full.readableBytes)
                batch = allocator.buffer(capacity: Self.batchSize)
                writes.addTask {
                    async let written = handle.write(contentsOf: full, toAbsoluteOffset: offset)
                    try await staging?.append(full)
                    _ = try await written
                }
            }
            while let chunk = try await iterator.next() {
                size += Int64(chunk.count)
                do {
                    if size > limit { throw MediaError.tooLarge(use: use, limit: limit) }
                    if sniffed == nil {
                        header.append(contentsOf: chunk.prefix(MediaSniffer.headerLength - header.count))
                        if header.count >= MediaSniffer.headerLength { sniffed = try check(header) }
                    }
                } catch {
                    // Refused part-way: the rest is read and dropped, so the connection can carry the next request.
                    await dropRest(&iterator)
                    throw error
                }
                // A batch never outgrows its buffer (which would double it, and copy it).
                if batch.readableBytes > 0, batch.readableBytes + chunk.count > Self.batchSize { try await flush() }
                let copied: Void? = chunk.withContiguousStorageIfAvailable { bytes in
                    hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes))
                    batch.writeBytes(bytes)
                }
                if copied == nil {
                    let bytes = Array(chunk)
                    hasher.update(data: bytes)
                    batch.writeBytes(bytes)
                }
            }
            if batch.readableBytes > 0 { try await flush() }
            try await writes.waitForAll()
        }
        guard size > 0 else { throw MediaError.empty }
        let format = try sniffed ?? check(header)
        let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        return (digest, size, format)
    }

    /// Reads and drops what is left of the body, so that the answer reaches the client on a connection that can
    /// carry its next request (`RefusedBody`).
    private func dropRest<Iterator: AsyncIteratorProtocol>(_ iterator: inout Iterator) async
    where Iterator.Element: Collection<UInt8> {
        let request = RequestContext.current
        await RefusedBody.discardRest(&iterator, request: request, byteCount: \.count)
        // In a multipart body only this part has been read; the parts after it are the OpenAPI runtime's to read,
        // and it stops when the handler fails: close the connection after the answer.
        if request?.headers.contentType?.type == "multipart" { request?.closesConnectionAfterResponse = true }
    }

    private func check(_ header: [UInt8]) throws -> MediaFormat {
        guard let format = MediaSniffer.detect(header), use.accepted.contains(format) else {
            throw MediaError.unsupported(use: use)
        }
        return format
    }
}
