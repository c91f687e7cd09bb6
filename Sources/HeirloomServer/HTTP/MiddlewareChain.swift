import Vapor

/// Runs the hub's middlewares, and the route's own async responder, in the one task of a request.
///
/// Vapor runs every `AsyncMiddleware` in a task of its own: a promise, a new task calling the middleware, and
/// its `next` waiting on the next one's future. With the hub's twelve middlewares and two more on the API's
/// routes, a request made fifteen tasks, each handed between the event loop's thread and Swift's executor: the
/// profile of `/api/health` under `make bench-api` had 8 % of its samples in the kernel switching threads and
/// 5 % in futex waits. Here each middleware calls the next directly, and the chain ends in the route's responder
/// (`chained(_:)` keeps a group's routes async to the end): one task per request.
struct MiddlewareChain: Middleware {
    let middlewares: [any AsyncMiddleware]

    init(_ middlewares: [any AsyncMiddleware]) {
        self.middlewares = middlewares
    }

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let responder = Self.responder(middlewares, endingIn: next)
        let promise = request.eventLoop.makePromise(of: Response.self)
        promise.completeWithTask {
            let response: Response = try await responder.respond(to: request)
            return response
        }
        return promise.futureResult
    }

    /// `middlewares`, outermost first, in front of `next`, as one async responder.
    static func responder(_ middlewares: [any AsyncMiddleware], endingIn next: any Responder) -> any AsyncResponder {
        var responder: any AsyncResponder = (next as? any AsyncResponder) ?? Waiting(next: next)
        for middleware in middlewares.reversed() {
            responder = Link(middleware: middleware, next: responder)
        }
        return responder
    }

    /// One middleware and what comes after it.
    private struct Link: AsyncResponder {
        let middleware: any AsyncMiddleware
        let next: any AsyncResponder

        func respond(to request: Request) async throws -> Response {
            let response: Response = try await middleware.respond(to: request, chainingTo: next)
            return response
        }
    }

    /// A responder that only answers with a future (a route of a plain `grouped` group, a file, not found).
    private struct Waiting: AsyncResponder {
        let next: any Responder

        func respond(to request: Request) async throws -> Response {
            try await next.respond(to: request).get()
        }
    }
}

extension RoutesBuilder {
    /// A group whose routes run `middlewares` (outermost first) and then their handler in the request's task, as
    /// `MiddlewareChain` does for the hub's own middlewares; otherwise the same as `grouped`.
    func chained(_ middlewares: any AsyncMiddleware...) -> any RoutesBuilder {
        ChainedGroup(root: self, middlewares: middlewares)
    }
}

private struct ChainedGroup: RoutesBuilder {
    let root: any RoutesBuilder
    let middlewares: [any AsyncMiddleware]

    func add(_ route: Route) {
        route.responder = MiddlewareChain.responder(middlewares, endingIn: route.responder)
        root.add(route)
    }
}
