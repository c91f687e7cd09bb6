import Vapor

/// GET /metrics in Prometheus's text format, for the bearer of `HEIRLOOM_METRICS_TOKEN`; without that
/// setting the address does not exist.
///
/// A middleware ahead of sign-in rather than a route: the metrics token is no member's token, and the
/// sign-in middleware would refuse it (and send a browser to the sign-in page).
struct MetricsMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.path == "/metrics", request.method == .GET || request.method == .HEAD,
            let expected = request.heirloom.services.config.metricsToken
        else { return try await next.respond(to: request) }
        request.routeLabel = "/metrics"
        guard let given = request.headers.bearerAuthorization?.token, SecretToken.constantTimeEquals(given, expected)
        else {
            let response = Response(status: .unauthorized, body: .init(string: "A bearer token is required.\n"))
            response.headers.replaceOrAdd(name: .wwwAuthenticate, value: "Bearer")
            response.headers.contentType = .plainText
            return response
        }
        let application = request.application
        let text = await application.hubMetrics.render(
            media: application.hub.media, batchRunner: application.hub.batchRunner, db: request.db,
            poolSize: application.databasePoolSize)
        let response = Response(status: .ok, body: .init(string: text))
        response.headers.replaceOrAdd(name: .contentType, value: "text/plain; version=0.0.4; charset=utf-8")
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}

extension Request {
    /// What the request log and /metrics call a request answered outside the router.
    var routeLabel: String? {
        get { storage[RouteLabelKey.self] }
        set { storage[RouteLabelKey.self] = newValue }
    }

    private struct RouteLabelKey: StorageKey {
        typealias Value = String
    }
}

extension Application {
    private struct MetricsKey: StorageKey {
        typealias Value = HubMetrics
    }

    /// The hub's metrics; made by `configure`.
    var hubMetrics: HubMetrics {
        get {
            if let metrics = storage[MetricsKey.self] { return metrics }
            let metrics = HubMetrics()
            storage[MetricsKey.self] = metrics
            return metrics
        }
        set { storage[MetricsKey.self] = newValue }
    }

    /// How many connections the database pool may open.
    var databasePoolSize: Int {
        switch hub.config.database {
        case .postgres: 4 * System.coreCount
        // Fluent's SQLite driver opens one connection per event loop.
        case .sqliteFile, .sqliteMemory: System.coreCount
        }
    }
}
