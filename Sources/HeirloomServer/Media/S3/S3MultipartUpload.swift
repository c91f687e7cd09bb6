import Foundation
import Logging
import NIOCore

/// Streams one object to S3 as its bytes arrive, never holding it whole.
///
/// Bytes appended in order are cut into parts of `partSize` (the last may be smaller), and up to `partsInFlight`
/// parts are sent at once; `append` waits while that many are in flight, so an upload holds at most
/// (`partsInFlight` + 1) × `partSize` bytes (40 MiB by default). A part is sent as the buffers it was appended in,
/// never copied into one. An object that fits in one part is sent with a single PUT at `finish()`, with no
/// multipart upload at all.
///
/// Any failure (a part refused, the service gone) aborts the upload, removing the parts already sent, before the
/// error is thrown; `abort()` does the same for a caller that gives up. If the abort itself cannot reach the
/// service, the upload stays there until a clean-up finds it with `S3Client.abandonedUploads`. Call `append` and
/// `finish` one at a time.
actor S3MultipartUpload {
    /// The smallest part S3 takes (but the last).
    static let minimumPartSize = 5 << 20
    static let defaultPartSize = 8 << 20
    static let maximumParts = 10_000

    /// The key, relative to the settings' prefix.
    nonisolated let key: String
    nonisolated let partSize: Int
    nonisolated let partsInFlight: Int
    private let client: S3Client
    private let fullKey: String

    private enum State { case open, finished, aborted }
    private var state = State.open
    /// Bytes appended and not yet in a part (slices of the appended buffers, sharing their storage).
    private var pending: [ByteBuffer] = []
    private var pendingBytes = 0
    private var uploadID: String?
    private var nextPartNumber = 1
    private var etags: [Int: String] = [:]
    private var inFlight: [Int: Task<Void, Never>] = [:]
    private var failure: Error?
    /// Callers waiting for a part to finish.
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Every byte appended so far.
    private(set) var size: Int64 = 0

    init(client: S3Client, key: String, fullKey: String, partSize: Int, partsInFlight: Int) {
        self.client = client
        self.key = key
        self.fullKey = fullKey
        self.partSize = max(Self.minimumPartSize, partSize)
        self.partsInFlight = max(1, partsInFlight)
    }

    /// 8 MiB, or the whole MiBs that keep a file of `expectedSize` within 10,000 parts.
    static func partSize(expectedSize: Int64?) -> Int {
        guard let expectedSize, expectedSize > Int64(defaultPartSize) * Int64(maximumParts) else {
            return defaultPartSize
        }
        let mebibytes = (expectedSize / Int64(maximumParts) >> 20) + 1
        return Int(mebibytes << 20)
    }

    /// Adds bytes at the end of the object; waits while `partsInFlight` parts are being sent.
    func append(_ bytes: ByteBuffer) async throws {
        try await abortingOnFailure {
            var bytes = bytes
            size += Int64(bytes.readableBytes)
            while bytes.readableBytes > 0 {
                let slice = bytes.readSlice(length: min(partSize - pendingBytes, bytes.readableBytes))!
                pending.append(slice)
                pendingBytes += slice.readableBytes
                if pendingBytes == partSize { try await sendPending() }
            }
        }
    }

    /// Sends what is left and joins the parts into the object (or sends it in one PUT when it fits in one part).
    func finish() async throws {
        try await abortingOnFailure {
            if uploadID == nil {
                try await client.put(key, body: S3Payload(pending))
            } else {
                if pendingBytes > 0 { try await sendPending() }
                while !inFlight.isEmpty { await waitForAPart() }
                if let failure { throw failure }
                let parts = etags.sorted { $0.key < $1.key }.map { (number: $0.key, etag: $0.value) }
                try await client.completeMultipartUpload(fullKey: fullKey, uploadID: uploadID!, parts: parts)
            }
            state = .finished
            dropPending()
        }
    }

    /// Gives up: stops the parts in flight and aborts the upload, so that no part stays on the service.
    func abort() async throws {
        guard state == .open else { return }
        state = .aborted
        dropPending()
        for task in inFlight.values { task.cancel() }
        while !inFlight.isEmpty { await waitForAPart() }
        guard let uploadID else { return }
        // In a task of its own, so that a caller cancelled (a client gone) still removes the parts.
        let (client, fullKey) = (client, fullKey)
        try await Task { try await client.abort(fullKey: fullKey, uploadID: uploadID) }.value
    }

    /// Runs `body`; on an error, aborts (logging an abort that fails) and throws the error.
    private func abortingOnFailure(_ body: () async throws -> Void) async throws {
        guard state == .open else { throw S3Error.uploadEnded(key: key) }
        do {
            try await body()
        } catch {
            do {
                try await abort()
            } catch let abortError {
                client.logger.warning(
                    "An S3 upload could not be aborted; a clean-up will find it",
                    metadata: ["key": "\(key)", "uploadID": "\(uploadID ?? "")", "error": "\(abortError)"])
            }
            throw error
        }
    }

    /// Starts sending the pending bytes as the next part, once fewer than `partsInFlight` are in flight.
    private func sendPending() async throws {
        if uploadID == nil {
            // Not cancelled with its caller (a client gone): the service may have made the upload already, and only
            // its id lets `abort()` remove it. The cancellation is noticed just below, and aborts.
            let (client, fullKey) = (client, fullKey)
            uploadID = try await Task { try await client.createMultipartUpload(fullKey: fullKey) }.value
        }
        while inFlight.count >= partsInFlight, failure == nil, state == .open { await waitForAPart() }
        if let failure { throw failure }
        guard state == .open else { throw S3Error.uploadEnded(key: key) }
        try Task.checkCancellation()
        let number = nextPartNumber
        guard number <= Self.maximumParts else {
            throw S3Error.tooLarge("\(key) needs more than \(Self.maximumParts) parts of \(partSize >> 20) MiB")
        }
        nextPartNumber += 1
        let part = S3Payload(pending)
        dropPending()
        let (client, fullKey, uploadID) = (client, fullKey, uploadID!)
        inFlight[number] = Task {
            let result: Result<String, Error>
            do {
                result = .success(
                    try await client.uploadPart(fullKey: fullKey, uploadID: uploadID, number: number, body: part))
            } catch {
                result = .failure(error)
            }
            self.partFinished(number, result)
        }
    }

    private func dropPending() {
        pending = []
        pendingBytes = 0
    }

    private func partFinished(_ number: Int, _ result: Result<String, Error>) {
        inFlight[number] = nil
        switch result {
        case .success(let etag): etags[number] = etag
        case .failure(let error): if failure == nil { failure = error }
        }
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting { waiter.resume() }
    }

    private func waitForAPart() async {
        await withCheckedContinuation { waiters.append($0) }
    }
}
