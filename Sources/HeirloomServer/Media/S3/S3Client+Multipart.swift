import Foundation
import NIOCore
import NIOPosix

extension S3Client {
    /// A writer that streams an object to `key` as its bytes are appended (see `S3MultipartUpload`). Parts are
    /// 8 MiB, or larger when `expectedSize` needs more than 10,000 of them.
    func multipartUpload(_ key: String, expectedSize: Int64? = nil, partsInFlight: Int = 4) throws
        -> S3MultipartUpload
    {
        S3MultipartUpload(
            client: self, key: key, fullKey: try fullKey(key),
            partSize: S3MultipartUpload.partSize(expectedSize: expectedSize), partsInFlight: partsInFlight)
    }

    /// Stores a file: in one PUT when it fits in one part, else as a multipart upload with a few parts in flight,
    /// aborted (its parts removed) on any failure. The file is read a part at a time.
    func upload(_ key: String, file: URL) async throws {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let size = try await NIOThreadPool.singleton.runIfActive { try handle.seekToEnd() }
        try await NIOThreadPool.singleton.runIfActive { try handle.seek(toOffset: 0) }
        let upload = try multipartUpload(key, expectedSize: Int64(size))
        do {
            while true {
                let partSize = upload.partSize
                let data = try await NIOThreadPool.singleton.runIfActive { try handle.read(upToCount: partSize) }
                guard let data, !data.isEmpty else { break }
                try await upload.append(ByteBuffer(bytes: data))
            }
            try await upload.finish()
        } catch {
            try? await upload.abort()
            throw error
        }
    }

    /// Begins a multipart upload and answers its id. Not asked twice: a lost answer would leave an upload behind.
    func createMultipartUpload(fullKey: String) async throws -> String {
        let answer = try await xml(
            S3Request(method: .POST, key: fullKey, query: [("uploads", "")], timeout: timeouts.request, retries: false))
        guard let uploadID = answer["UploadId"], !uploadID.isEmpty else {
            throw S3Error.unreadableAnswer("a new multipart upload without an UploadId")
        }
        return uploadID
    }

    /// Sends one part and answers its ETag.
    func uploadPart(fullKey: String, uploadID: String, number: Int, body: S3Payload) async throws -> String {
        let response = try await checked(
            S3Request(
                method: .PUT, key: fullKey, query: [("partNumber", "\(number)"), ("uploadId", uploadID)], body: body,
                timeout: timeouts.upload(bytes: body.count)))
        _ = try? await response.body.collect(upTo: 1 << 16)
        guard let etag = response.headers.first(name: "etag"), !etag.isEmpty else {
            throw S3Error.unreadableAnswer("part \(number) was taken without an ETag")
        }
        return etag
    }

    /// Joins the parts into the object. The answer's own ETag is not read: Ceph's RGW leaves it empty.
    func completeMultipartUpload(fullKey: String, uploadID: String, parts: [(number: Int, etag: String)])
        async throws
    {
        var body = "<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
        for part in parts {
            body += "<Part><PartNumber>\(part.number)</PartNumber><ETag>\(S3XML.escape(part.etag))</ETag></Part>"
        }
        body += "</CompleteMultipartUpload>"
        _ = try await xml(
            S3Request(
                method: .POST, key: fullKey, query: [("uploadId", uploadID)],
                headers: [("content-type", "application/xml")],
                body: S3Payload(ByteBuffer(string: body)), timeout: timeouts.serverWork))
    }

    /// Aborts a multipart upload, removing its parts; one already gone is no error.
    func abort(key: String, uploadID: String) async throws {
        try await abort(fullKey: try fullKey(key), uploadID: uploadID)
    }

    func abort(fullKey: String, uploadID: String) async throws {
        _ = try await checked(
            S3Request(method: .DELETE, key: fullKey, query: [("uploadId", uploadID)], timeout: timeouts.request),
            accepting: [404])
    }
}
