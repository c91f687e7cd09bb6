import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Log-in says nothing about which emails have accounts")
struct LoginSilenceTests {
    @Test("an unknown email and a wrong password get the same answer, over the API and on the page")
    func sameAnswer() async throws {
        try await withApp { app in
            // given a hub whose owner is ann@example.com
            let owner = try await app.setUpHub()

            // when someone tries a known address with a wrong password, and an address without an account
            let known = try await app.api(
                .POST, "/api/auth/login", json: ["email": owner.email, "password": "not the password"])
            let unknown = try await app.api(
                .POST, "/api/auth/login", json: ["email": "nobody@example.com", "password": "not the password"])

            // then both answers are the same
            #expect(known.status == .unauthorized && unknown.status == .unauthorized)
            #expect(try known.apiError.code == unknown.apiError.code)
            #expect(try known.apiError.message == unknown.apiError.message)
            let browser = WebSession(app: app)
            let knownPage = try await browser.post("/login", ["email": owner.email, "password": "not the password"])
            let unknownPage = try await browser.post(
                "/login", ["email": "nobody@example.com", "password": "not the password"])
            #expect(knownPage.status == unknownPage.status)
            let message = { (page: TestingHTTPResponse) in
                page.body.string.replacingOccurrences(of: "nobody@example.com", with: owner.email)
                    .replacingOccurrences(of: #"value="[0-9A-Za-z_-]{32,}""#, with: "", options: .regularExpression)
            }
            #expect(message(knownPage) == message(unknownPage))
        }
    }
}
