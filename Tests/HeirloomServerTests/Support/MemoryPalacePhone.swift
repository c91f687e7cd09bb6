import Foundation
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The Memory Palace Family Collector app, as its source builds its calls (MOBILE/MemoryPalace/Managers/
/// NetworkManager.swift of GharsallahDev/memory-palace) and decodes the answers (its Models/*.swift).
///
/// Requests are made byte for byte as the app makes them: a `UUID().uuidString` boundary, the file part first with
/// the app's fixed file name and type, then the text parts (from a Swift dictionary, so in no fixed order: here
/// shuffled), `x-auth-token` with the raw token, JSON bodies from `JSONSerialization`, people ids from
/// `JSONEncoder`, face tags from `JSONEncoder` with `.iso8601` dates.
struct MemoryPalacePhone {
    let app: Application
    /// What the QR code gave the app.
    let config: ServerConfig

    /// The app's `ServerConfig`, decoded from the QR code's JSON as the app decodes it.
    struct ServerConfig: Decodable {
        var serverIP: String
        var port: Int
        var authToken: String
    }

    var deviceName = "Grandma’s iPhone"

    // MARK: Calls

    func health() async throws -> TestingHTTPResponse {
        try await app.testing().sendRequest(.GET, "/health")
    }

    func people() async throws -> (TestingHTTPResponse, PersonResponse?) {
        let response = try await send(.GET, "/api/people")
        return (response, try? Self.decoder.decode(PersonResponse.self, from: Data(response.body.readableBytesView)))
    }

    func addPerson(_ name: String, relationship: String?) async throws -> (TestingHTTPResponse, PersonResponse?) {
        let personData: [String: Any?] = ["name": name, "relationship": relationship, "deviceName": deviceName]
        let response = try await send(
            .POST, "/api/people", json: try JSONSerialization.data(withJSONObject: personData.compactMapValues { $0 }))
        return (response, try? Self.decoder.decode(PersonResponse.self, from: Data(response.body.readableBytesView)))
    }

    func updatePerson(_ id: Int, name: String, relationship: String?) async throws -> TestingHTTPResponse {
        let updateData: [String: Any?] = ["name": name, "relationship": relationship]
        return try await send(
            .PUT, "/api/people/\(id)",
            json: try JSONSerialization.data(withJSONObject: updateData.compactMapValues { $0 }))
    }

    func deletePerson(_ id: Int) async throws -> TestingHTTPResponse {
        try await send(.DELETE, "/api/people/\(id)")
    }

    func memories() async throws -> (TestingHTTPResponse, ServerResponse?) {
        try await decodedMemories(try await send(.GET, "/api/memories"))
    }

    func memories(of personID: Int) async throws -> (TestingHTTPResponse, ServerResponse?) {
        try await decodedMemories(try await send(.GET, "/api/people/\(personID)/memories"))
    }

    func uploadPhoto(
        _ imageData: Data, title: String, description: String, peopleIds: [Int], whenWasThis: String,
        whereWasThis: String, faceTags: [FaceTag] = []
    ) async throws -> TestingHTTPResponse {
        var metadata = [
            "title": title, "description": description, "whenWasThis": whenWasThis, "whereWasThis": whereWasThis,
            "deviceName": deviceName,
        ]
        let encoder = JSONEncoder()
        if !peopleIds.isEmpty { metadata["peopleIds"] = String(decoding: try encoder.encode(peopleIds), as: UTF8.self) }
        if !faceTags.isEmpty {
            encoder.dateEncodingStrategy = .iso8601
            metadata["faceTags"] = String(decoding: try encoder.encode(faceTags), as: UTF8.self)
        }
        return try await upload(
            "/api/memories/photo", file: "photo", fileName: "photo.jpg", type: "image/jpeg", imageData, metadata)
    }

    func uploadVideo(
        _ videoData: Data, title: String, description: String, peopleIds: [Int], whenWasThis: String,
        whereWasThis: String
    ) async throws -> TestingHTTPResponse {
        var metadata = [
            "title": title, "description": description, "whenWasThis": whenWasThis, "whereWasThis": whereWasThis,
            "deviceName": deviceName,
        ]
        metadata["peopleIds"] = String(decoding: try JSONEncoder().encode(peopleIds), as: UTF8.self)
        return try await upload(
            "/api/memories/video", file: "video", fileName: "video.mov", type: "video/quicktime", videoData, metadata)
    }

    func uploadVoice(
        _ audioData: Data, title: String, context: String, duration: TimeInterval, peopleIds: [Int],
        whenWasThis: String, whereWasThis: String
    ) async throws -> TestingHTTPResponse {
        var metadata = [
            "title": title, "context": context, "duration": String(duration), "deviceName": deviceName,
            "whenWasThis": whenWasThis, "whereWasThis": whereWasThis,
        ]
        metadata["peopleIds"] = String(decoding: try JSONEncoder().encode(peopleIds), as: UTF8.self)
        return try await upload(
            "/api/memories/voice", file: "voice", fileName: "voice.m4a", type: "audio/mp4", audioData, metadata)
    }

    func uploadText(title: String, content: String, peopleIds: [Int], whenWasThis: String, whereWasThis: String)
        async throws -> TestingHTTPResponse
    {
        let payload: [String: Any] = [
            "title": title, "content": content, "peopleIds": peopleIds, "whenWasThis": whenWasThis,
            "whereWasThis": whereWasThis, "deviceName": deviceName,
        ]
        return try await send(.POST, "/api/memories/text", json: try JSONSerialization.data(withJSONObject: payload))
    }

    func updateMemory(_ id: Int, _ updateData: [String: String]) async throws -> TestingHTTPResponse {
        try await send(.PUT, "/api/memories/\(id)", json: try JSONSerialization.data(withJSONObject: updateData))
    }

    func deleteMemory(_ id: Int) async throws -> TestingHTTPResponse {
        try await send(.DELETE, "/api/memories/\(id)")
    }

    /// A media URL from an answer, loaded as AsyncImage and AVPlayer load it: a plain GET, no header.
    func load(_ url: String, range: String? = nil) async throws -> TestingHTTPResponse {
        let prefix = "http://\(config.serverIP):\(config.port)"
        guard url.hasPrefix(prefix) else { throw TestFailure("\(url) is not on \(prefix)") }
        var headers = HTTPHeaders()
        if let range { headers.add(name: .range, value: range) }
        return try await app.testing().sendRequest(.GET, String(url.dropFirst(prefix.count)), headers: headers)
    }

    // MARK: Transport

    private func send(_ method: HTTPMethod, _ path: String, json: Data? = nil) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "x-auth-token", value: config.authToken)
        if json != nil { headers.add(name: .contentType, value: "application/json") }
        return try await app.testing().sendRequest(method, path, headers: headers, body: json.map(ByteBuffer.init))
    }

    private func upload(
        _ path: String, file: String, fileName: String, type: String, _ data: Data, _ metadata: [String: String]
    ) async throws -> TestingHTTPResponse {
        let boundary = UUID().uuidString
        var body = Data()
        body.append("--\(boundary)\r\n".data(using: .utf8)!)
        body.append(
            "Content-Disposition: form-data; name=\"\(file)\"; filename=\"\(fileName)\"\r\n".data(using: .utf8)!)
        body.append("Content-Type: \(type)\r\n\r\n".data(using: .utf8)!)
        body.append(data)
        body.append("\r\n".data(using: .utf8)!)
        for (key, value) in metadata.shuffled() {
            body.append("--\(boundary)\r\n".data(using: .utf8)!)
            body.append("Content-Disposition: form-data; name=\"\(key)\"\r\n\r\n".data(using: .utf8)!)
            body.append(value.data(using: .utf8)!)
            body.append("\r\n".data(using: .utf8)!)
        }
        body.append("--\(boundary)--\r\n".data(using: .utf8)!)
        var headers = HTTPHeaders()
        headers.add(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
        headers.add(name: "x-auth-token", value: config.authToken)
        return try await app.testing().sendRequest(.POST, path, headers: headers, body: ByteBuffer(data: body))
    }

    private func decodedMemories(_ response: TestingHTTPResponse) async throws -> (TestingHTTPResponse, ServerResponse?)
    {
        (response, try? Self.decoder.decode(ServerResponse.self, from: Data(response.body.readableBytesView)))
    }

    // MARK: The app's models

    /// `JSONDecoder` with the app's `iso8601WithFractionalSeconds` strategy: fractional seconds, else none.
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            if let date = fractional(text) ?? whole(text) { return date }
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
        }
        return decoder
    }()

    static func fractional(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    static func whole(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    struct FaceBoundingBox: Codable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    /// The app's `FaceTag`, encoded as it sends it (its CodingKeys).
    struct FaceTag: Encodable {
        var id = UUID()
        var memoryId = UUID()
        var personServerId: Int?
        var personName: String?
        var boundingBox: FaceBoundingBox
        var confidence: Float = 0.93
        var detectedAt = Date()
        var taggedAt: Date?
        var isManual = false
    }

    struct ServerFaceTag: Decodable {
        let id: String
        let personId: Int?
        let personName: String?
        let boundingBox: FaceBoundingBox
        let confidence: Float
        let detectedAt: String
        let taggedAt: String?
    }

    struct FamilyMemory: Decodable {
        let id: Int
        let type: String
        let title: String
        let description: String
        let content: String?
        let whoWasThere: String?
        let whenWasThis: String?
        let whereWasThis: String?
        let context: String?
        let duration: Double?
        let timestamp: String
        let deviceName: String
        let imageFile: String?
        let audioFile: String?
        let videoFile: String?
        let thumbnailFile: String?
        let imageUrl: String?
        let audioUrl: String?
        let videoUrl: String?
        let thumbnailUrl: String?
        let faceTags: [ServerFaceTag]?
    }

    struct ServerResponse: Decodable {
        let success: Bool
        let memories: [FamilyMemory]?
        let memory: FamilyMemory?
        let message: String?
        let totalMemories: Int?
    }

    struct ServerPerson: Decodable {
        let id: Int
        let name: String
        let relationship: String?
        let createdAt: Date
        let lastSeenAt: Date
        let avatarUrl: String?
        let isPrimary: Bool?
    }

    struct PersonResponse: Decodable {
        let success: Bool
        let people: [ServerPerson]?
        let person: ServerPerson?
        let message: String?
    }
}
