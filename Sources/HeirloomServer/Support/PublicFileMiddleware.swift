import Vapor

/// Serves the files under `Public/`, but never asks the file system about a path it could not hold: a segment
/// longer than a file name may be (255 bytes) would fail with "file name too long", a 500, before routing.
/// Such a path goes on to the router, which answers 404.
struct PublicFileMiddleware: AsyncMiddleware {
    /// The longest file name Linux and macOS accept, in bytes.
    static let maximumSegmentBytes = 255
    /// Far more than any path under Public/.
    static let maximumPathBytes = 1024

    private let files: FileMiddleware

    init(publicDirectory: String) {
        files = FileMiddleware(publicDirectory: publicDirectory, defaultFile: nil)
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard Self.couldBeAFile(request.url.path) else { return try await next.respond(to: request) }
        return try await files.respond(to: request, chainingTo: next)
    }

    static func couldBeAFile(_ path: String) -> Bool {
        let decoded = path.removingPercentEncoding ?? path
        guard decoded.utf8.count <= maximumPathBytes else { return false }
        return decoded.split(separator: "/").allSatisfy { $0.utf8.count <= maximumSegmentBytes }
    }
}
