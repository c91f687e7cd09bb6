import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A signed-in member as the tests use them.
struct Member {
    var token: String
    var id: String
    var householdID: String
    var email: String
    var password: String
}

extension Application {
    /// Sends a JSON request to the API, with a bearer token when given.
    func api(
        _ method: HTTPMethod,
        _ path: String,
        token: String? = nil,
        json: [String: any Sendable]? = nil,
        rawBody: String? = nil,
        headers extra: HTTPHeaders = [:]
    ) async throws -> TestingHTTPResponse {
        var headers = extra
        if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
        var body: ByteBuffer?
        if let json {
            body = ByteBuffer(data: try JSONSerialization.data(withJSONObject: json))
            headers.contentType = .json
        } else if let rawBody {
            body = ByteBuffer(string: rawBody)
            if headers.contentType == nil { headers.contentType = .json }
        }
        return try await testing().sendRequest(method, path, headers: headers, body: body)
    }

    /// Sets up a fresh hub over the API and returns its owner.
    @discardableResult
    func setUpHub(
        household: String = "The Miller Family",
        name: String = "Ann Miller",
        email: String = "ann@example.com",
        password: String = "correct horse battery"
    ) async throws -> Member {
        let response = try await api(
            .POST,
            "/api/setup",
            json: ["householdName": household, "name": name, "email": email, "password": password]
        )
        #expect(response.status == .created, "\(response.body.string)")
        let auth = try response.decoded(Components.Schemas.AuthResponse.self)
        return Member(
            token: auth.token, id: auth.user.id, householdID: auth.household.id, email: email, password: password)
    }

    /// Invites someone with a role and accepts the invitation over the API. `proved`: the invitation names their
    /// address, which makes it a confirmed one (`AddressProof`); otherwise it is only what they typed.
    func addMember(
        role: String,
        by owner: Member,
        name: String = "Ben Miller",
        email: String = "ben@example.com",
        password: String = "another good password",
        proved: Bool = false
    ) async throws -> Member {
        let invitation = try await api(
            .POST, "/api/invitations", token: owner.token,
            json: proved ? ["role": role, "email": email] : ["role": role])
        #expect(invitation.status == .created, "\(invitation.body.string)")
        let token = try invitation.decoded(Components.Schemas.CreatedInvitation.self).token
        let accepted = try await api(
            .POST,
            "/api/invitations/\(token)/accept",
            json: ["name": name, "email": email, "password": password]
        )
        #expect(accepted.status == .created, "\(accepted.body.string)")
        let auth = try accepted.decoded(Components.Schemas.AuthResponse.self)
        return Member(
            token: auth.token, id: auth.user.id, householdID: auth.household.id, email: email, password: password)
    }

    /// A member as an import brings them: no password and no Apple sign-in, so only a first password's link lets
    /// them in.
    func withoutPassword(_ member: Member) async throws {
        let user = try #require(try await User.find(UUID(uuidString: member.id), on: db))
        user.passwordHash = nil
        try await user.save(on: db)
    }
}

extension TestingHTTPResponse {
    /// The body, or the object at `index` of its list at `listKey`, as JSON text with sorted keys: two answers
    /// that show the same thing compare equal.
    func canonicalJSON(_ listKey: String? = nil, at index: Int = 0) throws -> String {
        var value = try JSONSerialization.jsonObject(with: Data(body.readableBytesView))
        if let listKey {
            guard let items = (value as? [String: Any])?[listKey] as? [Any], items.indices.contains(index) else {
                throw TestFailure("no \(listKey)[\(index)] in \(body.string)")
            }
            value = items[index]
        }
        return String(
            decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }
}

extension Application {
    /// Uploads raw bytes to `/api/media`.
    func upload(
        _ data: Data,
        use: String,
        fileName: String = "file",
        token: String
    ) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.bearerAuthorization = BearerAuthorization(token: token)
        headers.contentType = .binary
        let name = fileName.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "file"
        return try await testing().sendRequest(
            .POST,
            "/api/media?use=\(use)&fileName=\(name)",
            headers: headers,
            body: ByteBuffer(data: data)
        )
    }

    /// GETs a path with a bearer token and optional extra headers.
    func download(_ path: String, token: String, headers extra: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        var headers = extra
        headers.bearerAuthorization = BearerAuthorization(token: token)
        return try await testing().sendRequest(.GET, path, headers: headers)
    }
}

extension Application {
    /// Sends a multipart/form-data request: `files` as (field, file name, bytes), `fields` as text parts.
    func multipart(
        _ path: String,
        token: String,
        files: [(field: String, name: String, data: Data)],
        fields: [String: String] = [:]
    ) async throws -> TestingHTTPResponse {
        let parts =
            fields.map { Part.text($0.key, $0.value) }
            + files.map { Part.file($0.field, fileName: $0.name, contentType: "application/octet-stream", $0.data) }
        let (body, boundary) = Part.encode(parts)
        var headers = HTTPHeaders()
        headers.bearerAuthorization = BearerAuthorization(token: token)
        headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
        return try await testing().sendRequest(.POST, path, headers: headers, body: ByteBuffer(data: body))
    }
}
