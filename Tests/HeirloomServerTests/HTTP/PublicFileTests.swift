import Testing

@testable import HeirloomServer

@Suite("Which paths may name a file under Public/")
struct PublicFileTests {
    private let topLevel: Set<String> = ["css", "js", "favicon.svg"]

    @Test(
        "a path is looked up only when its first segment names something at the top of Public/",
        arguments: [
            ("/css/site.css", true), ("/favicon.svg", true), ("/js/record.js", true),
            // percent-encoded, or after an empty segment: decided on the decoded segments, as before
            ("/%63ss/site.css", true), ("//css/site.css", true), ("/c%73s/site.css", true),
            ("/api/items", false), ("/api/health", false), ("/", false), ("", false), ("/items/new", false),
            ("/%61pi/items", false), ("/css/" + String(repeating: "a", count: 300), false),
        ])
    func couldBeAFile(path: String, expected: Bool) {
        #expect(PublicFileMiddleware.couldBeAFile(path, topLevel: topLevel) == expected)
    }
}
