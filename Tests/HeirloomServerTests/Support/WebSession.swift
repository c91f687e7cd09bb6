import Foundation
import Testing
import Vapor
import VaporTesting

/// A browser as the web tests need one: keeps cookies and fills in the CSRF field.
final class WebSession {
    let app: Application
    private(set) var cookies: [String: String] = [:]

    init(app: Application) {
        self.app = app
    }

    var csrf: String? { cookies["heirloom_csrf"] }

    @discardableResult
    func get(_ path: String) async throws -> TestingHTTPResponse {
        let response = try await app.testing().sendRequest(.GET, path, headers: cookieHeaders())
        remember(response)
        return response
    }

    /// Posts a form; `_csrf` is added from the cookie unless `csrf` is false.
    @discardableResult
    func post(_ path: String, _ fields: [String: String], csrf: Bool = true) async throws -> TestingHTTPResponse {
        try await post(path, pairs: fields.map { ($0.key, $0.value) }, csrf: csrf)
    }

    /// Posts a form whose fields may repeat (ticked boxes: `itemIds[]` once per box), in the order given.
    @discardableResult
    func post(_ path: String, pairs fields: [(String, String)], csrf: Bool = true) async throws
        -> TestingHTTPResponse
    {
        if self.csrf == nil { try await get(path) }
        var form = fields
        if csrf, let token = self.csrf { form.append(("_csrf", token)) }
        var headers = cookieHeaders()
        headers.contentType = .urlEncodedForm
        let body = form.map { key, value in
            "\(key.formEncoded)=\(value.formEncoded)"
        }.joined(separator: "&")
        let response = try await app.testing().sendRequest(
            .POST, path, headers: headers, body: ByteBuffer(string: body))
        remember(response)
        return response
    }

    func cookieHeaders() -> HTTPHeaders {
        var headers = HTTPHeaders()
        if !cookies.isEmpty {
            headers.add(name: .cookie, value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        return headers
    }

    private func remember(_ response: TestingHTTPResponse) {
        for header in response.headers[.setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            if pair[1].isEmpty || header.lowercased().contains("max-age=0") {
                cookies[pair[0]] = nil
            } else {
                cookies[pair[0]] = pair[1]
            }
        }
    }
}

extension WebSession {
    /// Posts a multipart form in the order given, with `_csrf` first as every Heirloom form sends it.
    func postParts(_ path: String, _ parts: [Part], csrf: Bool = true) async throws -> TestingHTTPResponse {
        if self.csrf == nil { try await get(path) }
        let (body, boundary) = Part.encode((csrf ? [Part.text("_csrf", self.csrf ?? "")] : []) + parts)
        var headers = cookieHeaders()
        headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
        return try await app.testing().sendRequest(.POST, path, headers: headers, body: ByteBuffer(data: body))
    }
}

extension String {
    fileprivate var formEncoded: String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return addingPercentEncoding(withAllowedCharacters: allowed) ?? self
    }
}
