import Foundation

extension S3Client {
    /// Every object whose key starts with `prefix`, page after page (ListObjectsV2 and its continuation tokens),
    /// a page fetched only when the one before has been read.
    func list(prefix: String = "", pageSize: Int = 1000) -> S3Listing {
        S3Listing(client: self, prefix: settings.prefix + prefix, pageSize: pageSize)
    }

    /// One page of a listing and the token of the next, if there is one.
    func listPage(prefix: String, continuationToken: String?, pageSize: Int) async throws
        -> (objects: [S3ListedObject], next: String?)
    {
        var query = [("list-type", "2"), ("max-keys", "\(pageSize)"), ("prefix", prefix)]
        if let continuationToken { query.append(("continuation-token", continuationToken)) }
        let page = try await xml(S3Request(method: .GET, key: nil, query: query, timeout: timeouts.request))
        let objects = page.children("Contents").map {
            S3ListedObject(
                key: relativeKey($0["Key"] ?? ""), size: Int64($0["Size"] ?? "") ?? 0,
                lastModified: S3XML.date($0["LastModified"]))
        }
        guard page["IsTruncated"] == "true" else { return (objects, nil) }
        guard let next = page["NextContinuationToken"], !next.isEmpty else {
            throw S3Error.unreadableAnswer("a truncated listing without a continuation token")
        }
        return (objects, next)
    }

    /// Asks for one key of the bucket, so that a wrong key, secret, region or bucket is found at start-up with
    /// a clear error rather than at the first upload.
    func checkAccess() async throws {
        _ = try await listPage(prefix: settings.prefix, continuationToken: nil, pageSize: 1)
    }

    /// The multipart uploads under `prefix` begun and neither completed nor aborted (ListMultipartUploads, every
    /// page), for a clean-up to abort the old ones.
    func abandonedUploads(prefix: String = "") async throws -> [S3PendingUpload] {
        var uploads: [S3PendingUpload] = []
        var markers: (key: String, uploadID: String)?
        repeat {
            var query = [("uploads", ""), ("prefix", settings.prefix + prefix)]
            if let markers { query += [("key-marker", markers.key), ("upload-id-marker", markers.uploadID)] }
            let page = try await xml(S3Request(method: .GET, key: nil, query: query, timeout: timeouts.request))
            uploads += page.children("Upload").compactMap { upload in
                guard let key = upload["Key"], let uploadID = upload["UploadId"] else { return nil }
                return S3PendingUpload(
                    key: relativeKey(key), uploadID: uploadID, initiated: S3XML.date(upload["Initiated"]))
            }
            markers = nil
            if page["IsTruncated"] == "true" {
                guard let key = page["NextKeyMarker"], let uploadID = page["NextUploadIdMarker"], !key.isEmpty else {
                    throw S3Error.unreadableAnswer("a truncated list of uploads without markers")
                }
                markers = (key, uploadID)
            }
        } while markers != nil
        return uploads
    }
}

/// The objects under a prefix as an async sequence, read a page at a time.
struct S3Listing: AsyncSequence, Sendable {
    typealias Element = S3ListedObject
    let client: S3Client
    let prefix: String
    let pageSize: Int

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(listing: self) }

    struct AsyncIterator: AsyncIteratorProtocol {
        let listing: S3Listing
        /// The page being read, last object first.
        private var pending: [S3ListedObject] = []
        private var token: String?
        private var finished = false

        init(listing: S3Listing) { self.listing = listing }

        mutating func next() async throws -> S3ListedObject? {
            while pending.isEmpty {
                if finished { return nil }
                let page = try await listing.client.listPage(
                    prefix: listing.prefix, continuationToken: token, pageSize: listing.pageSize)
                pending = page.objects.reversed()
                token = page.next
                finished = page.next == nil
            }
            return pending.popLast()
        }
    }
}
