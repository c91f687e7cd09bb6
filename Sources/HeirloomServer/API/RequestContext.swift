import Vapor

/// The Vapor request behind the generated API handler that is running, which the generated protocol does
/// not pass along.
enum RequestContext {
    @TaskLocal static var current: Request?

    static func request() throws -> Request {
        guard let request = current else { throw AppError.internalProblem("An API handler ran outside a request.") }
        return request
    }
}

/// Makes the request available to the generated API handlers.
struct RequestContextMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await RequestContext.$current.withValue(request) {
            try await next.respond(to: request)
        }
    }
}
