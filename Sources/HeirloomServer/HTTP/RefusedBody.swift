import Foundation
import Vapor

/// What to do with the rest of an upload refused part-way through (too large, the wrong kind of file).
///
/// Vapor stops reading a connection whose request body was left half-read, so the next request on that
/// keep-alive connection would wait until the client gave up. The rest is read and thrown away, up to
/// `maximumBytes` or `maximumTime`; past that (and for a multipart upload, whose later parts are not read),
/// the connection is closed after the answer instead (`RefusedBodyMiddleware`).
enum RefusedBody {
    /// How much of a refused body is read and thrown away at most.
    static let maximumBytes: Int64 = 64 << 20
    /// How long at most.
    static let maximumTime: Duration = .seconds(30)

    /// Reads and discards what is left of `iterator`; when more is left than the bounds allow, marks `request`
    /// so that its connection is closed after the answer.
    static func discardRest<Iterator: AsyncIteratorProtocol>(
        _ iterator: inout Iterator, request: Request?, byteCount: (Iterator.Element) -> Int
    ) async {
        let deadline = ContinuousClock.now + maximumTime
        var discarded: Int64 = 0
        do {
            while let chunk = try await iterator.next() {
                discarded += Int64(byteCount(chunk))
                if discarded > maximumBytes || ContinuousClock.now > deadline {
                    request?.closesConnectionAfterResponse = true
                    return
                }
            }
        } catch {
            request?.closesConnectionAfterResponse = true
        }
    }
}

extension Request {
    /// Whether the connection must be closed once the answer is sent (a refused body was left unread).
    var closesConnectionAfterResponse: Bool {
        get { storage[CloseKey.self] ?? false }
        set { storage[CloseKey.self] = newValue }
    }

    private struct CloseKey: StorageKey {
        typealias Value = Bool
    }
}

/// Closes the connection after answering a request whose refused body was left unread (see `RefusedBody`).
///
/// Vapor offers no way to close a connection from a responder, but it closes one whose response body fails
/// after it has been sent: the answer goes out whole, with `Connection: close`, then the stream fails.
struct RefusedBodyMiddleware: AsyncMiddleware {
    struct ClosingConnection: Error {}

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        // A refusal before anyone read the body (a guard, a field count, a size) leaves it in the connection.
        if response.status.code >= 400, request.body.data == nil, Self.hasBody(request) {
            request.closesConnectionAfterResponse = true
        }
        guard request.closesConnectionAfterResponse else { return response }
        response.headers.replaceOrAdd(name: .connection, value: "close")
        // A request made in memory (the tests' `app.testing()`) has no connection to close.
        guard request.remoteAddress != nil, let bytes = response.body.buffer else { return response }
        response.body = Response.Body(
            asyncStream: { writer in
                // Every path must end the writer: a client that hung up mid-upload makes writeBuffer throw, and
                // a writer dropped without .end or .error stops a debug build (Vapor asserts in its deinit).
                try? await writer.writeBuffer(bytes)
                try? await writer.write(.error(ClosingConnection()))
            }, count: bytes.readableBytes, byteBufferAllocator: request.byteBufferAllocator)
        return response
    }

    private static func hasBody(_ request: Request) -> Bool {
        if let length = request.headers.first(name: .contentLength).flatMap(Int.init) { return length > 0 }
        return request.headers.contains(name: .transferEncoding)
    }
}
