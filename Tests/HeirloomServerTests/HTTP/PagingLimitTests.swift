import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Paging with absurd cursors and offsets")
struct PagingLimitTests {
    @Test("an absurd cursor or offset is refused, never a crash")
    func absurdCursor() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let api = try await app.api(.GET, "/api/items?cursor=9223372036854775807", token: owner.token)
            #expect(api.status == .badRequest)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.get("/items?category=Art&offset=9223372036854775807")
            #expect(page.status == .ok)
        }
    }
}
