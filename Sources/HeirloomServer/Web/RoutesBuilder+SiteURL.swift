import Vapor

extension RoutesBuilder {
    /// Registers a page.
    @discardableResult
    func get(_ url: SiteURL, use handler: @escaping @Sendable (Request) async throws -> some AsyncResponseEncodable)
        -> Route
    {
        get(url.pathComponents, use: handler)
    }

    /// Registers a form target; the body (at most the app's default size) is collected before the handler runs.
    @discardableResult
    func post(_ url: SiteURL, use handler: @escaping @Sendable (Request) async throws -> some AsyncResponseEncodable)
        -> Route
    {
        post(url.pathComponents, use: handler)
    }

    /// Registers an upload form whose body streams to the handler, which checks its CSRF field in the stream.
    @discardableResult
    func upload(_ url: SiteURL, use handler: @escaping @Sendable (Request) async throws -> some AsyncResponseEncodable)
        -> Route
    {
        let route = on(.POST, url.pathComponents, body: .stream, use: handler)
        route.userInfo[CSRFFormMiddleware.checkedInStream] = true
        return route
    }
}

extension Request {
    /// The value of a path parameter as a UUID; a missing or malformed one is a 404 naming `what`.
    func id(_ what: String, _ name: RouteParameter = .id) throws(AppError) -> UUID {
        try id(what, name, as: UUID.self)
    }

    /// The value of a path parameter as an id of the given type; a missing or malformed one is a 404.
    func id<ID: RouteID>(_ what: String, _ name: RouteParameter = .id, as type: ID.Type) throws(AppError) -> ID {
        guard let raw = parameters.get(name.rawValue), let id = ID(routeValue: raw) else { throw .notFound(what) }
        return id
    }
}

/// A type a path parameter can name: UUIDs, integer ids (memories and people) and tokens.
protocol RouteID {
    init?(routeValue: String)
}

extension UUID: RouteID {
    init?(routeValue: String) { self.init(uuidString: routeValue) }
}

extension Int: RouteID {
    init?(routeValue: String) { self.init(routeValue) }
}

extension MediaVariant: RouteID {
    init?(routeValue: String) { self.init(rawValue: routeValue) }
}
