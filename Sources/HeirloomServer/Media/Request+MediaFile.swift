import Foundation
import HeirloomCore
import Vapor

/// Stored media as an answer: the variant asked for, with ranges, its name and cache rules.
extension Request {
    /// Streams one variant of a media object to whoever the caller has checked may see it.
    func mediaFile(_ object: MediaObject, variant: MediaVariant, download: Bool) async throws -> Response {
        let (hash, contentType, fileName) = try Self.pick(variant, of: object)
        let blobs = heirloom.services.media.store.blobs
        let response: Response
        if let path = await blobs.localPath(hash) {
            response = try await fileResponse(path.path, contentType: contentType)
        } else {
            response = try await blobResponse(hash, from: blobs, contentType: contentType)
        }
        // A journal recording must not outlive "Lock now" or signing out in the browser's cache.
        let isPrivate = object.ownerType == JournalCardService.mediaOwnerType
        response.headers.describeDownload(
            fileName, attachment: download, cacheControl: isPrivate ? "no-store" : "private, max-age=86400")
        return response
    }

    /// A blob of a folder store, sent by Vapor's file streaming (which also answers If-None-Match).
    private func fileResponse(_ path: String, contentType: HTTPMediaType) async throws -> Response {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = (attributes[.size] as? NSNumber)?.int64Value
        else { throw AppError.notFound("file") }
        // Vapor's own range handling answers 400 where HTTP says 416, and serves `bytes=-0` as an empty 206:
        // the range is checked here and handed on in a form it serves right.
        switch ByteRange(header: headers.first(name: .range), size: size) {
        case .unsatisfiable: throw AppError.rangeNotSatisfiable(size: size)
        case .whole: headers.remove(name: .range)
        case .bytes(let range):
            headers.replaceOrAdd(name: .range, value: "bytes=\(range.lowerBound)-\(range.upperBound)")
        }
        return try await fileio.asyncStreamFile(at: path, mediaType: contentType)
    }

    /// A blob of another store, streamed as it is read (a ranged read for a Range request). Blobs never change,
    /// so their hash is their ETag.
    private func blobResponse(_ hash: String, from blobs: any BlobBackend, contentType: HTTPMediaType) async throws
        -> Response
    {
        let etag = "\"\(hash)\""
        if headers.first(name: .ifNoneMatch)?.split(separator: ",").contains(where: {
            $0.trimmingCharacters(in: .whitespaces) == etag
        }) == true {
            let response = Response(status: .notModified)
            response.headers.replaceOrAdd(name: .eTag, value: etag)
            return response
        }
        guard let info = try await blobs.info(hash) else { throw AppError.notFound("file") }
        var wanted: ClosedRange<Int64>?
        switch ByteRange(header: headers.first(name: .range), size: info.size) {
        case .unsatisfiable: throw AppError.rangeNotSatisfiable(size: info.size)
        case .whole: wanted = nil
        case .bytes(let range): wanted = range
        }
        let response = Response(status: wanted == nil ? .ok : .partialContent)
        response.headers.contentType = contentType
        response.headers.replaceOrAdd(name: .eTag, value: etag)
        response.headers.replaceOrAdd(name: .acceptRanges, value: "bytes")
        if let wanted {
            response.headers.replaceOrAdd(
                name: .contentRange, value: "bytes \(wanted.lowerBound)-\(wanted.upperBound)/\(info.size)")
        }
        let length = wanted.map { $0.upperBound - $0.lowerBound + 1 } ?? info.size
        // A HEAD is answered from the object's facts: nothing is read from the store.
        guard method != .HEAD else {
            response.headers.replaceOrAdd(name: .contentLength, value: String(length))
            return response
        }
        let bytes = try await blobs.read(hash, range: wanted)
        // A service that ignored the Range would send more than the Content-Length promises.
        guard bytes.range == wanted || (wanted == nil && bytes.range == 0...(info.size - 1)) else {
            throw MediaError.storeUnavailable("the store answered another range than asked")
        }
        response.body = Response.Body(
            asyncStream: { writer in
                do {
                    for try await chunk in bytes.chunks { try await writer.writeBuffer(chunk) }
                    try await writer.write(.end)
                } catch {
                    try? await writer.write(.error(error))
                }
            }, count: Int(length))
        return response
    }

    private static func pick(_ variant: MediaVariant, of object: MediaObject) throws -> (String, HTTPMediaType, String)
    {
        let base = (object.originalName as NSString).deletingPathExtension
        let jpeg = HTTPMediaType(type: "image", subType: "jpeg")
        switch variant {
        case .original:
            return (object.sha256, mediaType(object.format.mimeType), object.originalName)
        case .display:
            guard let hash = object.displaySHA256 else { throw AppError.notFound("file") }
            return (hash, jpeg, "\(base).jpg")
        case .thumbnail:
            guard let hash = object.thumbnailSHA256 else { throw AppError.notFound("file") }
            return (hash, jpeg, "\(base)-small.jpg")
        case .play:
            guard object.kind == .audio || object.kind == .video else { throw AppError.notFound("file") }
            if let hash = object.playableSHA256 {
                return (hash, HTTPMediaType(type: "audio", subType: "mp4"), "\(base).m4a")
            }
            return (object.sha256, mediaType(object.format.mimeType), object.originalName)
        }
    }

    private static func mediaType(_ mime: String) -> HTTPMediaType {
        let parts = mime.split(separator: "/")
        return HTTPMediaType(type: String(parts[0]), subType: String(parts.count > 1 ? parts[1] : "octet-stream"))
    }
}
