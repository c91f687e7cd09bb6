import Foundation
import HeirloomAPI
import Vapor
import VaporTesting

@testable import HeirloomServer

/// One part of a multipart request, in the order the app sends them.
enum Part {
    case text(String, String)
    case file(String, fileName: String, contentType: String, Data)

    /// The multipart/form-data body of `parts`, in order, and its boundary.
    static func encode(_ parts: [Part]) -> (body: Data, boundary: String) {
        let boundary = "Boundary-\(UUID().uuidString)"
        var body = Data()
        for part in parts {
            switch part {
            case .text(let name, let value):
                body += Data(
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
            case .file(let name, let fileName, let contentType, let data):
                body += Data(
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(fileName)\"\r\nContent-Type: \(contentType)\r\n\r\n"
                        .utf8)
                body += data + Data("\r\n".utf8)
            }
        }
        body += Data("--\(boundary)--\r\n".utf8)
        return (body, boundary)
    }
}

extension Application {
    /// Sends `parts` as multipart/form-data, in order, like the app's request builder.
    func sendParts(_ path: String, token: String, parts: [Part]) async throws
        -> TestingHTTPResponse
    {
        let (body, boundary) = Part.encode(parts)
        var headers = HTTPHeaders()
        headers.bearerAuthorization = BearerAuthorization(token: token)
        headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
        return try await testing().sendRequest(.POST, path, headers: headers, body: ByteBuffer(data: body))
    }

    /// Adds a person over the API and returns their id.
    func addPerson(_ name: String, relationship: String? = nil, token: String) async throws -> Int {
        var json: [String: any Sendable] = ["name": name]
        if let relationship { json["relationship"] = relationship }
        let response = try await api(.POST, "/api/people", token: token, json: json)
        guard response.status == .created else { throw TestFailure("adding \(name): \(response.body.string)") }
        return try response.decoded(Components.Schemas.Person.self).id
    }

    /// How many media objects the hub has recorded, attached or not.
    func mediaCount() async throws -> Int { try await MediaObject.query(on: db).count() }
}
