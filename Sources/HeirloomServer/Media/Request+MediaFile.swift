import Foundation
import HeirloomCore
import Vapor

/// Stored media as an answer: the variant asked for, with ranges, its name and cache rules.
extension Request {
    /// Streams one variant of a media object to whoever the caller has checked may see it.
    func mediaFile(_ object: MediaObject, variant: MediaVariant, download: Bool) async throws -> Response {
        let (hash, contentType, fileName) = try Self.pick(variant, of: object)
        let path = heirloom.services.media.store.path(for: hash).path
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
        let response = try await fileio.asyncStreamFile(at: path, mediaType: contentType)
        // A journal recording must not outlive "Lock now" or signing out in the browser's cache.
        let isPrivate = object.ownerType == JournalCardService.mediaOwnerType
        response.headers.describeDownload(
            fileName, attachment: download, cacheControl: isPrivate ? "no-store" : "private, max-age=86400")
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
