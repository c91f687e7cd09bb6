import Foundation
import NIOCore

/// An upload sent on to the bucket as it arrives, under `incoming/<uuid>`, so that a large file is in the store
/// by the time its last byte is (`BlobStaging`); adopting it is then a copy inside the service.
///
/// The first part's worth of bytes is held back: a file smaller than that is not staged at all (it enters the
/// store from its file, in one PUT), so small photos cost no more requests than before.
actor S3Staging: BlobStaging {
    static let prefix = "incoming/"

    let blobs: S3Blobs
    let key: String
    /// The bytes held back, as they came (never copied into one buffer).
    private var held: [ByteBuffer] = []
    private var heldBytes = 0
    private var upload: S3MultipartUpload?
    private var threshold: Int { S3MultipartUpload.defaultPartSize }

    init(blobs: S3Blobs) {
        self.blobs = blobs
        key = Self.prefix + UUID().uuidString.lowercased()
    }

    func append(_ bytes: ByteBuffer) async throws {
        if let upload {
            try await blobs.stored { try await upload.append(bytes) }
            return
        }
        held.append(bytes)
        heldBytes += bytes.readableBytes
        guard heldBytes > threshold else { return }
        let upload = try blobs.client.multipartUpload(key)
        self.upload = upload
        let first = held
        dropHeld()
        try await blobs.stored { for bytes in first { try await upload.append(bytes) } }
    }

    func finish() async throws -> StagedBlob? {
        guard let upload else {
            dropHeld()
            return nil
        }
        try await blobs.stored { try await upload.finish() }
        let (blobs, key) = (blobs, key)
        return StagedBlob(location: blobs.location, key: key) { try? await blobs.client.delete(key) }
    }

    func abort() async {
        dropHeld()
        try? await upload?.abort()
    }

    private func dropHeld() {
        held = []
        heldBytes = 0
    }
}

extension S3Blobs {
    func stage() async throws -> (any BlobStaging)? { S3Staging(blobs: self) }

    /// The staged copy becomes the blob with a copy inside the service (or is dropped when the blob is there).
    func adopt(_ file: URL, sha256: String, staged: StagedBlob) async throws {
        guard staged.location == location, staged.key.hasPrefix(S3Staging.prefix) else {
            await staged.discard()
            try await adopt(file, sha256: sha256)
            return
        }
        let key = BlobKey.path(sha256)
        var there = false
        if try await info(sha256) != nil { there = try await renewed(key) }
        if !there { try await stored { try await client.copy(from: staged.key, to: key) } }
        await staged.discard()
        try? FileManager.default.removeItem(at: file)
    }

    /// Staged copies and unfinished multipart uploads older than `moment`: what a crash or a cut connection left.
    func sweepLeftovers(olderThan moment: Date) async throws -> [String] {
        var removed: [String] = []
        for upload in try await stored({ try await client.abandonedUploads() })
        where (upload.initiated ?? .distantPast) < moment {
            try await stored { try await client.abort(key: upload.key, uploadID: upload.uploadID) }
            removed.append("unfinished upload \(upload.key)")
        }
        for try await object in client.list(prefix: S3Staging.prefix)
        where (object.lastModified ?? .distantPast) < moment {
            try await stored { try await client.delete(object.key) }
            removed.append("staged upload \(object.key)")
        }
        return removed
    }
}
