import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Cookies and HSTS on a hub reached over https")
struct TLSCookieTests {
    @Test("a hub reached over https marks its cookies Secure and asks browsers to keep to https")
    func secureCookies() async throws {
        var options = TestOptions()
        options.publicURL = "https://heirloom.example.org"
        try await withApp(options) { app in
            let browser = WebSession(app: app)
            let done = try await browser.post(
                "/setup",
                [
                    "householdName": "The Millers", "name": "Ann", "email": "ann@example.com",
                    "password": "correct horse battery",
                ]
            )
            let cookies = done.headers[.setCookie]
            let session = try #require(cookies.first { $0.hasPrefix("heirloom_session=") })
            #expect(session.contains("Secure") && session.contains("HttpOnly"))
            #expect(done.headers.first(name: "Strict-Transport-Security") != nil)
        }
    }
}
