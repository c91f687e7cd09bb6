import Crypto
import Foundation
import HeirloomCore
import NIOCore
import NIOPosix

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
    let fileIO: NonBlockingFileIO
    let store: BlobStore

    /// Streams `chunks` into a temporary file (and on to the store, when it stages uploads); on any failure the
    /// file is removed and the staging aborted.
    func receive<Chunks: AsyncSequence>(_ chunks: Chunks) async throws -> Received
    where Chunks.Element: Collection<UInt8> {
        let url = store.temporaryFile()
        let staging = try await store.blobs.stage()
        do {
            let received = try await fileIO.withFileHandle(
                path: url.path,
                mode: .write,
                flags: .allowFileCreation(posixMode: 0o600)
            ) { handle in
                try await write(chunks, to: handle, staging: staging)
            }
            let staged = try await staging?.finish()
            return Received(
                temporaryFile: url, sha256: received.sha256, size: received.size, format: received.format,
                staged: staged)
        } catch {
            try? FileManager.default.removeItem(at: url)
            await staging?.abort()
            throw error
        }
    }

    private func write<Chunks: AsyncSequence>(
        _ chunks: Chunks, to handle: NIOFileHandle, staging: (any BlobStaging)?
    ) async throws
        -> (sha256: String, size: Int64, format: MediaFormat)
    where Chunks.Element: Collection<UInt8> {
        var hasher = SHA256()
        var size: Int64 = 0
        var header: [UInt8] = []
        var sniffed: MediaFormat?
        let allocator = ByteBufferAllocator()
        var iterator = chunks.makeAsyncIterator()
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
                let request = RequestContext.current
                await RefusedBody.discardRest(&iterator, request: request, byteCount: \.count)
                // In a multipart body only this part has been read; the parts after it are the OpenAPI
                // runtime's to read, and it stops when the handler fails: close the connection after the answer.
                if request?.headers.contentType?.type == "multipart" { request?.closesConnectionAfterResponse = true }
                throw error
            }
            let buffer =
                chunk.withContiguousStorageIfAvailable { allocator.buffer(bytes: $0) }
                ?? allocator.buffer(bytes: Array(chunk))
            hasher.update(data: buffer.readableBytesView)
            try await fileIO.write(fileHandle: handle, buffer: buffer)
            try await staging?.append(buffer)
        }
        guard size > 0 else { throw MediaError.empty }
        let format = try sniffed ?? check(header)
        try handle.withUnsafeFileDescriptor { descriptor in
            guard fsync(descriptor) == 0 else { throw MediaError.storage("fsync failed") }
        }
        let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        return (digest, size, format)
    }

    private func check(_ header: [UInt8]) throws -> MediaFormat {
        guard let format = MediaSniffer.detect(header), use.accepted.contains(format) else {
            throw MediaError.unsupported(use: use)
        }
        return format
    }
}
