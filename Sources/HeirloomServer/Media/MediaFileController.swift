import Fluent
import Foundation
import HeirloomCore
import Vapor

/// Serves media bytes to those allowed to see them, with ETag, Range and safe headers.
struct MediaFileController {
    typealias Variant = MediaVariant

    func download(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("file")
        let variant = try req.id("file", .variant, as: MediaVariant.self)
        let object = try await req.heirloom.media.find(id, householdID: principal.householdID)
        guard try await req.application.hub.mediaAccess.allows(principal, object, db: req.db) else {
            throw AppError.notFound("file")
        }
        return try await Self.respond(
            object, variant: variant, download: (try? req.query.get(Bool.self, at: "download")) ?? false, req: req)
    }

    /// Streams one variant of a media object (features with their own addresses call this too).
    static func respond(_ object: MediaObject, variant: Variant, download: Bool, req: Request) async throws -> Response
    {
        let (hash, contentType, fileName) = try pick(variant, of: object)
        let path = req.application.hub.media.store.path(for: hash).path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = (attributes[.size] as? NSNumber)?.int64Value
        else { throw AppError.notFound("file") }
        // Vapor's own range handling answers 400 where HTTP says 416, and serves `bytes=-0` as an empty 206:
        // the range is checked here and handed on in a form it serves right.
        switch ByteRange(header: req.headers.first(name: .range), size: size) {
        case .unsatisfiable: throw AppError.rangeNotSatisfiable(size: size)
        case .whole: req.headers.remove(name: .range)
        case .bytes(let range):
            req.headers.replaceOrAdd(name: .range, value: "bytes=\(range.lowerBound)-\(range.upperBound)")
        }
        let response = try await req.fileio.asyncStreamFile(at: path, mediaType: contentType)
        // A journal recording must not outlive "Lock now" or signing out in the browser's cache.
        let isPrivate = object.ownerType == JournalCardService.mediaOwnerType
        response.headers.replaceOrAdd(name: .cacheControl, value: isPrivate ? "no-store" : "private, max-age=86400")
        response.headers.replaceOrAdd(name: .contentDisposition, value: disposition(fileName, attachment: download))
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        return response
    }

    private static func pick(_ variant: Variant, of object: MediaObject) throws -> (String, HTTPMediaType, String) {
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

    /// `inline; filename="…"; filename*=UTF-8''…`, with the name made safe for a header.
    static func disposition(_ fileName: String, attachment: Bool) -> String {
        let ascii = String(
            fileName.unicodeScalars.map {
                $0.isASCII && $0.value >= 32 && $0 != "\"" && $0 != "\\" ? Character($0) : "_"
            })
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = fileName.addingPercentEncoding(withAllowedCharacters: allowed) ?? ascii
        return "\(attachment ? "attachment" : "inline"); filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}
