import Foundation
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

/// The memory JSON as the app decodes it.
struct MemoryBody: Decodable {
    struct PersonRef: Decodable {
        var id: Int
        var name: String
    }

    struct Face: Decodable {
        var id: Int
        var photoIndex: Int
        var personId: Int?
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    struct File: Decodable {
        var id: Int
        var kind: String
        var originalUrl: String
        var displayUrl: String?
        var thumbnailUrl: String?
        var width: Int?
        var height: Int?
        var durationSeconds: Double?
        var waveform: [Double]?
    }

    struct Creator: Decodable {
        var id: String
        var name: String
    }

    var id: Int
    var type: String
    var title: String
    var description: String?
    var content: String?
    var date: String?
    var location: String?
    var context: String?
    var people: [PersonRef]
    var faceTags: [Face]
    var media: [File]
    var createdBy: Creator?
    var createdAt: Date
}

struct MemoryPageBody: Decodable {
    var memories: [MemoryBody]
    var nextCursor: String?
}

struct PersonBody: Decodable {
    var id: Int
    var name: String
    var relationship: String?
    var avatarUrl: String?
    var notes: String?
    var birthDate: String?
    var deathDate: String?
    var memoryCount: Int
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
        return try response.content.decode(PersonBody.self).id
    }

    /// How many media objects the hub has recorded, attached or not.
    func mediaCount() async throws -> Int { try await MediaObject.query(on: db).count() }
}

extension TestingHTTPResponse {
    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(type, from: Data(body.readableBytesView))
        } catch {
            throw TestFailure("\(error) in \(body.string)")
        }
    }
}
