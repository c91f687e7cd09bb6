import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Forms and query strings with absurd numbers of fields")
struct FormFieldLimitTests {
    static func post(_ app: Application, _ path: String, body: String) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.contentType = .urlEncodedForm
        return try await app.testing().sendRequest(.POST, path, headers: headers, body: ByteBuffer(string: body))
    }

    @Test("32,000 repeated keys sent to /login before signing in are refused at once", arguments: ["/login", "/setup"])
    func repeatedKeys(_ path: String) async throws {
        try await withApp { app in
            // given a form of 190 KB: 32,000 `a[]=v` pairs
            let body = Array(repeating: "a[]=v", count: 32_000).joined(separator: "&")

            // when it is posted
            let response = try await Self.post(app, path, body: body)

            // then it is refused by the count of its fields, before the decoder sees it (the decoder's own
            // answers are 400s and 422s; how fast is measured by no test)
            #expect(response.status == .payloadTooLarge, "\(response.status)")
        }
    }

    @Test("the same in a query string, on a page and under /api")
    func repeatedQueryKeys() async throws {
        try await withApp { app in
            let query = Array(repeating: "a[]=v", count: 5_000).joined(separator: "&")
            let page = try await app.testing().sendRequest(.GET, "/login?\(query)")
            #expect(page.status == .payloadTooLarge)
            let api = try await app.testing().sendRequest(.GET, "/api/health?\(query)")
            #expect(api.status == .payloadTooLarge)
            #expect(try api.apiError.code == "payload_too_large")
        }
    }

    @Test("keys nested deeper than any Heirloom form are refused")
    func deepNesting() async throws {
        try await withApp { app in
            let key = "a" + String(repeating: "[b]", count: 200)
            let response = try await Self.post(app, "/login", body: "\(key)=v&email=a@b.c&password=x")
            #expect(response.status == .badRequest)
        }
    }

    @Test("a real form with a few hundred fields still goes through")
    func ordinaryForms() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            var fields = ["email": owner.email, "password": owner.password]
            for index in 0..<300 { fields["extra\(index)"] = "x" }
            let response = try await browser.post("/login", fields)
            #expect(response.headers.first(name: .location) == "/")
        }
    }
}
