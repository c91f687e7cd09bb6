import Vapor

/// The API routes that members' credentials do not open, derived from the routes' own access (`RouteAccess`): those
/// of people who come by a link (their handlers check their session token) and those anyone may call.
///
/// `TokenAuthenticator` runs before the router, so it matches the request against these by method and path itself.
struct OutsiderRoutes: Sendable {
    typealias Pattern = (method: HTTPMethod, path: [PathComponent])
    private var outsiders: [Pattern] = []
    private var shared: [Pattern] = []

    /// Every registered route under /api/ whose access is a link's or anyone's, and those members share with people
    /// who have links.
    init(_ routes: [Route]) {
        for route in routes where route.path.first?.description == "api" {
            switch route.access {
            case .link, .anyone: outsiders.append((route.method, route.path))
            case .shared: shared.append((route.method, route.path))
            case .member, nil: continue
            }
        }
    }

    /// Whether `method` and `path` name a route of people with links, or one anyone may call.
    func contains(_ method: HTTPMethod, _ path: String) -> Bool { Self.matches(outsiders, method, path) }

    /// Whether `method` and `path` name a route members share with people who have links.
    func isShared(_ method: HTTPMethod, _ path: String) -> Bool { Self.matches(shared, method, path) }

    private static func matches(_ patterns: [Pattern], _ method: HTTPMethod, _ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return patterns.contains { pattern in
            pattern.method == method && pattern.path.count == segments.count
                && zip(pattern.path, segments).allSatisfy { component, segment in
                    switch component {
                    case .constant(let constant): constant == segment
                    case .parameter: true
                    case .anything, .catchall: false
                    }
                }
        }
    }

    struct Key: StorageKey {
        typealias Value = OutsiderRoutes
    }
}

extension Application {
    /// Derives the outsiders' routes from the routes registered so far (`configure` calls it after `routes`).
    func keepOutsiderRoutes() {
        storage[OutsiderRoutes.Key.self] = OutsiderRoutes(routes.all)
    }
}
