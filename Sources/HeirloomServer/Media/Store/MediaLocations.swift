import AsyncHTTPClient
import Foundation
import Logging

/// The stores a hub can open, by location: "file:///srv/heirloom/media" for a folder, "s3://bucket/prefix" for a
/// bucket of the S3 service that HEIRLOOM_S3_* describe. The location is what a move records and compares.
struct MediaLocations: Sendable {
    /// HEIRLOOM_MEDIA_URL's store, by its location.
    let configured: String
    /// The data folder's own `media`, where media live when HEIRLOOM_MEDIA_URL is unset.
    let defaultFolder: URL
    /// Opens a bucket of the S3 service (nil when HEIRLOOM_S3_* are not set).
    let openBucket: (@Sendable (_ bucket: String, _ prefix: String) throws -> any BlobBackend)?

    /// The stores of a hub's configuration: its folder or bucket, and the buckets of HEIRLOOM_S3_*'s service,
    /// reached with `client`.
    init(config: HeirloomConfig, client: HTTPClient?, logger: Logger) {
        defaultFolder = config.dataDirectory.appendingPathComponent("media", isDirectory: true)
        switch config.media {
        case .folder(let folder): configured = Self.folder(folder ?? defaultFolder)
        case .s3(let settings): configured = Self.bucket(settings.bucket, prefix: settings.prefix)
        }
        guard let service = config.s3, let client else {
            openBucket = nil
            return
        }
        openBucket = { bucket, prefix in
            S3Blobs(
                client: S3Client(settings: service.bucket(bucket, prefix: prefix), httpClient: client, logger: logger))
        }
    }

    init(
        configured: String, defaultFolder: URL,
        openBucket: (@Sendable (_ bucket: String, _ prefix: String) throws -> any BlobBackend)?
    ) {
        self.configured = configured
        self.defaultFolder = defaultFolder
        self.openBucket = openBucket
    }

    /// The location of a folder: "file://" and its absolute path, without a trailing slash.
    static func folder(_ url: URL) -> String {
        var path = url.standardizedFileURL.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return "file://\(path)"
    }

    /// The location of a bucket and prefix: "s3://bucket" or "s3://bucket/a/b".
    static func bucket(_ bucket: String, prefix: String) -> String {
        let trimmed = prefix.split(separator: "/").joined(separator: "/")
        return trimmed.isEmpty ? "s3://\(bucket)" : "s3://\(bucket)/\(trimmed)"
    }

    /// A location as someone typed it (`--to`), in the form moves record; refuses what is neither.
    func location(of raw: String) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.lowercased().hasPrefix("s3://") {
            let parts = text.dropFirst(5).split(separator: "/").map(String.init)
            guard let bucket = parts.first, !bucket.isEmpty else {
                throw CommandFailure("Name the bucket: s3://bucket or s3://bucket/prefix.")
            }
            return Self.bucket(bucket, prefix: parts.dropFirst().joined(separator: "/"))
        }
        let path = text.lowercased().hasPrefix("file://") ? String(text.dropFirst(7)) : text
        guard path.hasPrefix("/") else {
            throw CommandFailure("Name the store as s3://bucket/prefix or as a folder's full path (file:///srv/media).")
        }
        return Self.folder(URL(fileURLWithPath: path, isDirectory: true))
    }

    /// Opens the store at a location (as `location(of:)` gives it). One that cannot be opened (a bucket while
    /// HEIRLOOM_S3_* are not set, a folder that cannot be made) is `MediaError.storeUnavailable`: in a request (a
    /// move recorded by another server, say) a 503 for the person with the reason in the log, and that reason
    /// alone from a command.
    func open(_ location: String) throws -> any BlobBackend {
        if location.hasPrefix("s3://") {
            guard let openBucket else {
                throw MediaError.storeUnavailable(
                    "The media are to be kept in \(location), but HEIRLOOM_S3_ENDPOINT, HEIRLOOM_S3_ACCESS_KEY_ID and "
                        + "HEIRLOOM_S3_SECRET_ACCESS_KEY are not set: the hub cannot reach that S3 service.")
            }
            let parts = location.dropFirst(5).split(separator: "/").map(String.init)
            return try openBucket(parts.first ?? "", parts.dropFirst().map { "\($0)/" }.joined())
        }
        guard location.hasPrefix("file://") else {
            throw MediaError.storeUnavailable("\(location) is not a media store.")
        }
        let folder = String(location.dropFirst(7))
        do {
            return try FolderBlobs(root: URL(fileURLWithPath: folder, isDirectory: true))
        } catch {
            throw MediaError.storeUnavailable(
                "The media folder \(folder) cannot be made: \(error.localizedDescription)")
        }
    }
}
