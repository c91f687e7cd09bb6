import HeirloomCore
import Testing

@Suite("What the plain-http home-network listener answers")
struct HomeNetworkRoutesTests {
    @Test(
        "the Memory Palace app's calls",
        arguments: [
            ("GET", "/health", false), ("HEAD", "/health", false), ("GET", "/app/media/12/thumbnail", false),
            ("GET", "/api/people", true), ("POST", "/api/people", true), ("PUT", "/api/people/3", true),
            ("DELETE", "/api/people/3", true),
            ("GET", "/api/people/3/memories", true), ("GET", "/api/memories", true),
            ("PUT", "/api/memories/7", true), ("DELETE", "/api/memories/7", true),
            ("POST", "/api/memories/photo", true), ("POST", "/api/memories/video", true),
            ("POST", "/api/memories/voice", true), ("POST", "/api/memories/text", true),
        ])
    func allowed(_ method: String, _ path: String, _ token: Bool) {
        #expect(HomeNetworkRoutes.allows(method: method, path: path, hasAppToken: token))
    }

    @Test(
        "everything else: pages, log-in, exports, and the app's calls without its token",
        arguments: [
            ("GET", "/login", true), ("POST", "/login", true), ("POST", "/api/auth/login", true),
            ("GET", "/api/export", true), ("GET", "/api/health", true), ("GET", "/", true), ("GET", "", true),
            ("GET", "/settings/devices", true), ("POST", "/health", false), ("GET", "/health/", false),
            ("GET", "/api/people", false), ("POST", "/api/memories/text", false), ("PATCH", "/api/memories/7", true),
            ("DELETE", "/api/people/x", true), ("GET", "/api/people/3/avatar", true), ("GET", "/api/memories/7", true),
            ("GET", "/api/media/1/original", true), ("GET", "/app/media/1", false), ("POST", "/app/media/1/x", false),
            ("GET", "//api/export", true), ("POST", "/ai/analyze-item-photo", true),
        ])
    func refused(_ method: String, _ path: String, _ token: Bool) {
        #expect(!HomeNetworkRoutes.allows(method: method, path: path, hasAppToken: token))
    }
}
