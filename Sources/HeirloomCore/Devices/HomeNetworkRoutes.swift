/// What the plain-http listener on the home-network address answers: the Memory Palace app's own calls and
/// nothing else. Everything else the hub serves (sign-in pages, password log-in, exports) travels only over its
/// main address, which may be behind a TLS proxy; on the plain listener it does not exist.
public enum HomeNetworkRoutes {
    /// Whether the listener passes a request with this method and path on to the hub.
    ///
    /// `hasAppToken` says whether the request carries the app's `x-auth-token` header: the app's API calls are
    /// served only with it, `GET /health` and the signed `/app/media/…` addresses without.
    public static func allows(method: String, path: String, hasAppToken: Bool) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let reading = method == "GET" || method == "HEAD"
        switch segments.count {
        case 1 where segments[0] == "health": return reading
        case 4 where segments[0] == "app" && segments[1] == "media": return reading
        default: return hasAppToken && isAppCall(method: method, segments)
        }
    }

    /// The app's calls with its token (docs/seed-apps-contract.md, part A).
    private static func isAppCall(method: String, _ segments: [String]) -> Bool {
        guard segments.count >= 2, segments[0] == "api" else { return false }
        switch (segments[1], segments.count) {
        case ("people", 2): return method == "GET" || method == "POST"
        case ("people", 3): return (method == "PUT" || method == "DELETE") && isID(segments[2])
        case ("people", 4): return method == "GET" && isID(segments[2]) && segments[3] == "memories"
        case ("memories", 2): return method == "GET"
        case ("memories", 3):
            if ["photo", "video", "voice", "text"].contains(segments[2]) { return method == "POST" }
            return (method == "PUT" || method == "DELETE") && isID(segments[2])
        default: return false
        }
    }

    private static func isID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 18 && text.utf8.allSatisfy { (48...57).contains($0) }
    }
}
