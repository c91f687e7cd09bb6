import Logging
import Vapor

/// One log line per request, when it has been answered: method, route pattern (never the raw path, which can
/// hold an invitation or pairing token), status, duration and request id. Never a header, cookie or body.
/// The same figures feed /metrics.
struct RequestLogMiddleware: AsyncMiddleware {
    let metrics: HubMetrics

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let started = ContinuousClock.now
        let requestID = Self.requestID(request)
        // Every other line about this request (an error's report, say) carries the same id.
        request.logger[metadataKey: "request-id"] = .string(requestID)
        let response: Response
        do {
            response = try await next.respond(to: request)
        } catch {
            // Only a failure no inner middleware turned into an answer gets here.
            finish(request, status: .internalServerError, started: started, requestID: requestID)
            throw error
        }
        response.headers.replaceOrAdd(name: "X-Request-Id", value: requestID)
        finish(request, status: response.status, started: started, requestID: requestID)
        return response
    }

    private func finish(
        _ request: Request, status: HTTPResponseStatus, started: ContinuousClock.Instant, requestID: String
    ) {
        let elapsed = ContinuousClock.now - started
        let route = Self.routePattern(request)
        metrics.recordRequest(
            method: request.method.rawValue, route: route, status: Int(status.code), duration: elapsed)
        // logfmt, so that the line reads the same whatever the log handler adds around it.
        let line =
            "method=\(request.method.rawValue) route=\(route) status=\(status.code) "
            + "duration_ms=\(Self.milliseconds(elapsed)) request_id=\(requestID)"
        request.logger.log(level: status.code >= 500 ? .error : .notice, "\(line)")
    }

    /// A duration in milliseconds with one decimal (`12.3`), without `String(format:)`, which is slow on Linux.
    static func milliseconds(_ duration: Duration) -> String {
        let components = duration.components
        let tenths = components.seconds * 10_000 + (components.attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The route as registered (`/api/items/:id/photos`), or `unmatched` (a static file, or nothing at all).
    static func routePattern(_ request: Request) -> String {
        if let route = request.route {
            return "/" + route.path.map(\.description).joined(separator: "/")
        }
        return request.routeLabel ?? "unmatched"
    }

    /// A proxy's X-Request-Id when it is short and plain, else a new one: the id Vapor gave the request when it
    /// came without one (a new UUID costs a file opened and read on Linux), or a new UUID.
    private static func requestID(_ request: Request) -> String {
        guard let given = request.headers.first(name: "X-Request-Id") else { return request.id.lowercased() }
        if (8...64).contains(given.count), given.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        {
            return given
        }
        return UUID().text.lowercased()
    }
}
