import Vapor

extension Request {
    private struct PathKey: StorageKey {
        typealias Value = String
    }

    /// `url.path`, worked out once per request. Vapor works it out afresh on every use (from `URLComponents`,
    /// with a search and replace), and the middlewares ask for it about ten times per request: 3 % of
    /// `/api/health`'s time in `make bench-api`'s profile.
    var path: String {
        if let known = storage[PathKey.self] { return known }
        let path = url.path
        storage[PathKey.self] = path
        return path
    }
}
