import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Bad input gets a clear JSON error and never a 500")
struct ErrorTests {
    @Test("malformed JSON is 400 in the error shape")
    func malformedJSON() async throws {
        try await withApp { app in
            let response = try await app.api(.POST, "/api/setup", rawBody: "{\"householdName\": ")
            #expect(response.status == .badRequest)
            #expect(try response.apiError.code == "bad_request")
            #expect(try !response.apiError.message.isEmpty)
        }
    }

    @Test("an error is exactly {\"error\": {\"code\", \"message\"}}, with \"field\" only when one field is at fault")
    func errorWireShape() async throws {
        try await withApp { app in
            // raw JSON: the iPhone apps read these exact keys, so the shape is checked key by key, not by a decoder
            func error(_ response: TestingHTTPResponse) throws -> [String: Any] {
                let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
                let body = try #require(object as? [String: Any], "\(response.body.string)")
                #expect(Set(body.keys) == ["error"], "\(response.body.string)")
                return try #require(body["error"] as? [String: Any], "\(response.body.string)")
            }
            // when a request is malformed
            let malformed = try error(try await app.api(.POST, "/api/setup", rawBody: "{"))
            // then
            #expect(Set(malformed.keys) == ["code", "message"])
            #expect(malformed["code"] as? String == "bad_request")
            #expect((malformed["message"] as? String)?.isEmpty == false)

            // when one field is at fault
            let owner = try await app.setUpHub()
            let named = try error(try await app.api(.POST, "/api/items", token: owner.token, json: ["name": ""]))
            // then
            #expect(Set(named.keys) == ["code", "message", "field"])
            #expect(named["field"] as? String == "name")
        }
    }

    @Test("a wrong type or a missing field is 400 naming the field")
    func wrongTypes() async throws {
        try await withApp { app in
            let wrongType = try await app.api(
                .POST,
                "/api/setup",
                rawBody:
                    #"{"householdName": 5, "name": "Ann", "email": "a@example.com", "password": "long enough pass"}"#
            )
            #expect(wrongType.status == .badRequest)
            #expect(try wrongType.apiError.message.contains("householdName"))

            let missing = try await app.api(.POST, "/api/setup", rawBody: #"{"name": "Ann"}"#)
            #expect(missing.status == .badRequest)
            #expect(try missing.apiError.code == "bad_request")

            let empty = try await app.api(.POST, "/api/setup")
            #expect(empty.status == .badRequest)

            let badRole = try await app.api(
                .POST,
                "/api/invitations",
                token: try await app.setUpHub().token,
                rawBody: #"{"role": "emperor"}"#
            )
            #expect(badRole.status == .badRequest)
            #expect(try badRole.apiError.message.contains("role"))
        }
    }

    @Test("an absurdly large body is 413")
    func hugeBody() async throws {
        try await withApp { app in
            let name = String(repeating: "a", count: 2_000_000)
            let response = try await app.api(
                .POST,
                "/api/setup",
                json: ["householdName": name, "name": "Ann", "email": "a@example.com", "password": "long enough pass"]
            )
            #expect(response.status == .payloadTooLarge)
            #expect(try response.apiError.code == "payload_too_large")
        }
    }

    @Test("unknown API routes are JSON 404s, unknown pages a friendly page")
    func unknownRoutes() async throws {
        try await withApp { app in
            let api = try await app.api(.GET, "/api/nothing-here")
            #expect(api.status == .notFound)
            #expect(try api.apiError.code == "not_found")

            let wrongMethod = try await app.api(.DELETE, "/api/health")
            #expect(wrongMethod.status.code >= 400 && wrongMethod.status.code < 500)
            #expect(try !wrongMethod.apiError.code.isEmpty)

            let page = try await app.testing().sendRequest(.GET, "/no-such-page")
            #expect(page.status == .notFound)
            #expect(page.headers.contentType == .html)
            #expect(page.body.string.contains("couldn’t find"))
            #expect(page.headers.setCookie?[CSRF.cookieName] != nil)
        }
    }

    @Test("a missing picture or the browser's own favicon.ico gets a short answer, and no cookie")
    func missingSubresource() async throws {
        try await withApp { app in
            // when the browser asks for /favicon.ico, as Chrome does after loading JSON
            let icon = try await app.testing().sendRequest(.GET, "/favicon.ico", headers: ["Sec-Fetch-Dest": "image"])
            // then it is a plain 404 that hands out no CSRF cookie (which could overwrite the one a form was given)
            #expect(icon.status == .notFound)
            #expect(icon.headers.contentType == .plainText)
            #expect(icon.headers.setCookie?[CSRF.cookieName] == nil)
            // while a page the person opened is the friendly page
            let page = try await app.testing().sendRequest(
                .GET, "/no-such-page", headers: ["Sec-Fetch-Dest": "document"])
            #expect(page.headers.contentType == .html)
        }
    }

    @Test("without a token the API answers 401; with a bad one too")
    func unauthenticated() async throws {
        try await withApp { app in
            try await app.setUpHub()
            let none = try await app.api(.GET, "/api/me")
            #expect(none.status == .unauthorized)
            #expect(try none.apiError.code == "unauthenticated")

            let bad = try await app.api(.GET, "/api/me", token: "not-a-real-token")
            #expect(bad.status == .unauthorized)

            let absurd = try await app.api(.GET, "/api/me", token: String(repeating: "x", count: 10_000))
            #expect(absurd.status == .unauthorized)
        }
    }

    @Test("ids that are not UUIDs name nothing: 404")
    func badIDs() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let response = try await app.api(.PATCH, "/api/members/12", token: owner.token, json: ["role": "viewer"])
            #expect(response.status == .notFound)
            #expect(try response.apiError.code == "not_found")
        }
    }

    @Test("every response carries the security headers")
    func securityHeaders() async throws {
        try await withApp { app in
            for path in ["/api/health", "/login", "/setup"] {
                let response = try await app.testing().sendRequest(.GET, path)
                let csp = response.headers.first(name: "Content-Security-Policy") ?? ""
                #expect(csp.contains("frame-ancestors 'none'"))
                #expect(csp.contains("script-src 'self'"))
                #expect(!csp.contains("unsafe-inline"))
                #expect(response.headers.first(name: "X-Content-Type-Options") == "nosniff")
                #expect(response.headers.first(name: "Referrer-Policy") != nil)
            }
        }
    }

    @Test("the API document is served")
    func openAPIDocument() async throws {
        try await withApp { app in
            let response = try await app.testing().sendRequest(.GET, "/api/openapi.yaml")
            #expect(response.status == .ok)
            #expect(response.body.string.hasPrefix("openapi: 3.1"))
            #expect(response.body.string.contains("/api/invitations/{token}/accept"))
        }
    }
}
