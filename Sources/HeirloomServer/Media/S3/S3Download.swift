import AsyncHTTPClient
import Foundation
import NIOCore

/// What a HEAD tells of an object.
struct S3ObjectInfo: Sendable, Equatable {
    var size: Int64
    /// The ETag as S3 gives it, quotes removed (an MD5 for a single PUT, `…-N` after a multipart upload).
    var etag: String?
    var lastModified: Date?
}

/// One object of a listing; its key is relative to the settings' prefix.
struct S3ListedObject: Sendable, Equatable {
    var key: String
    var size: Int64
    var lastModified: Date?
}

/// A multipart upload begun and neither completed nor aborted; its key is relative to the settings' prefix.
struct S3PendingUpload: Sendable, Equatable {
    var key: String
    var uploadID: String
    var initiated: Date?
}

/// An object, or part of one, as it arrives: the body is read as it comes, never whole.
struct S3Download: Sendable {
    /// 200 for the whole object, 206 for a range.
    var status: Int
    /// The whole object's size.
    var size: Int64
    /// The bytes in the body, both ends included (the whole object when no range was asked).
    var range: ClosedRange<Int64>?
    /// The body's length.
    var contentLength: Int64
    var etag: String?
    var lastModified: Date?
    var body: Body

    /// The body's bytes in pieces as they arrive; a failure part-way is an `S3Error`.
    struct Body: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let base: HTTPClientResponse.Body
        let endpoint: String

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: base.makeAsyncIterator(), endpoint: endpoint)
        }

        struct AsyncIterator: AsyncIteratorProtocol {
            var base: HTTPClientResponse.Body.AsyncIterator
            let endpoint: String

            mutating func next() async throws -> ByteBuffer? {
                do {
                    return try await base.next()
                } catch {
                    throw S3Client.transportError(error, endpoint: endpoint)
                }
            }
        }
    }
}
