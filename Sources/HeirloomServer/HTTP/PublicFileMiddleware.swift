import Vapor

/// Serves the files under `Public/`, but asks the file system only about paths that could be one of them.
///
/// Only a path whose first segment names something at the top of `Public/` (`css`, `js`, `favicon.svg`, read
/// once at start-up: the directory ships with the binary) can be a file; every other request (the API, the
/// pages) goes straight on, without a file-system lookup on a thread pool. And a segment longer than a file name
/// may be (255 bytes) would fail with "file name too long", a 500, before routing: such a path goes on to the
/// router, which answers 404.
///
/// Under `/assets/<version>/` the same files are kept by browsers for a year when the version is this release's
/// (`PublicAssets`); under their plain names, or an old version, they are asked for again each time (an ETag makes
/// that a 304). Compression (gzip) is the HTTP server's, for every text answer.
struct PublicFileMiddleware: AsyncMiddleware {
    /// The longest file name Linux and macOS accept, in bytes.
    static let maximumSegmentBytes = 255
    /// Far more than any path under Public/.
    static let maximumPathBytes = 1024

    private let files: FileMiddleware
    /// The names at the top of the public directory.
    private let topLevel: Set<String>

    /// The release's version of the files.
    private let version: String

    init(publicDirectory: String, assets: PublicAssets) {
        files = FileMiddleware(publicDirectory: publicDirectory, defaultFile: nil)
        topLevel = Set((try? FileManager.default.contentsOfDirectory(atPath: publicDirectory)) ?? [])
        version = assets.version
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        var cacheControl = PublicAssets.revalidate
        var fallback: any AsyncResponder = next
        if let asset = PublicAssets.unversioned(request.url.path, current: version) {
            // Only Public/'s own files live under /assets/: any other path there is a 404, never a page.
            guard asset.path.utf8.allSatisfy(PublicAssets.isPlain), !asset.path.contains("//"),
                Self.couldBeAFile(asset.path, topLevel: topLevel)
            else { throw Abort(.notFound) }
            request.url.path = asset.path
            if asset.isCurrent { cacheControl = PublicAssets.immutable }
            fallback = NoSuchAsset()
        }
        guard Self.couldBeAFile(request.url.path, topLevel: topLevel) else {
            return try await next.respond(to: request)
        }
        let response = try await files.respond(to: request, chainingTo: fallback)
        if response.status == .ok || response.status == .notModified || response.status == .partialContent {
            response.headers.replaceOrAdd(name: .cacheControl, value: cacheControl)
        }
        return response
    }

    static func couldBeAFile(_ path: String, topLevel: Set<String>) -> Bool {
        // Most requests are told at once by their first segment, when it holds nothing percent-encoded.
        let first = path.utf8.dropFirst().prefix { $0 != UInt8(ascii: "/") }
        if !first.isEmpty, !first.contains(UInt8(ascii: "%")), !topLevel.contains(String(Substring(first))) {
            return false
        }
        let decoded = path.removingPercentEncoding ?? path
        guard decoded.utf8.count <= maximumPathBytes else { return false }
        let segments = decoded.split(separator: "/")
        guard let first = segments.first, topLevel.contains(String(first)) else { return false }
        return segments.allSatisfy { $0.utf8.count <= maximumSegmentBytes }
    }
}

/// Under /assets/, a file Public/ does not hold.
private struct NoSuchAsset: AsyncResponder {
    func respond(to request: Request) async throws -> Response { throw Abort(.notFound) }
}
