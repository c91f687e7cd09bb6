import Foundation
import HeirloomCore
import Vapor

/// Speech-to-text through an OpenAI-compatible `/audio/transcriptions` endpoint.
struct SpeechToTextClient: Sendable {
    let settings: TreasureChestSettings.SpeechToText
    let client: any Client
    var timeout: TimeInterval = 60

    /// The words spoken in the recording.
    func transcribe(_ audio: Data, mimeType: String) async throws -> String {
        let boundary = "heirloom-\(UUID().text)"
        let ext = mimeType.contains("wav") ? "wav" : mimeType.contains("mpeg") ? "mp3" : "m4a"
        var body = Data()
        func text(_ name: String, _ value: String) {
            body.append(
                Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        text("model", settings.model)
        text("response_format", "json")
        body.append(
            Data(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"recording.\(ext)\"\r\n"
                    + "Content-Type: \(mimeType)\r\n\r\n").utf8))
        body.append(audio)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        var base = settings.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var request = ClientRequest(method: .POST, url: URI(string: base + "/audio/transcriptions"))
        request.headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
        if let key = settings.apiKey { request.headers.bearerAuthorization = .init(token: key.value) }
        request.body = ByteBuffer(data: body)
        request.timeout = .seconds(Int64(timeout))
        let response: ClientResponse
        do {
            response = try await client.send(request)
        } catch {
            throw AppError.ai(.unreachable)
        }
        guard response.status == .ok else {
            throw AppError.ai(
                response.status.code == 429 ? .quota : response.status.code >= 500 ? .unavailable : .refused)
        }
        guard let json = AIHTTP.json(response), let words = json["text"] as? String else {
            throw AppError.ai(.invalidReply)
        }
        return words
    }
}

/// Google Places (Text Search, New): real businesses near the family, to add to the directory's answer.
struct PlacesClient: Sendable {
    let settings: TreasureChestSettings.Places
    let client: any Client

    private struct Query: Content {
        var textQuery: String
        var pageSize: Int
    }

    /// Up to five places of the partner type near the location; an unreachable provider answers none.
    func search(_ type: PartnerType, near location: DispositionSearchRequest.Location) async
        -> [DispositionSearchResponse.Result]
    {
        var base = settings.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var request = ClientRequest(method: .POST, url: URI(string: base + "/v1/places:searchText"))
        request.headers.replaceOrAdd(name: "X-Goog-Api-Key", value: settings.apiKey.value)
        request.headers.replaceOrAdd(
            name: "X-Goog-FieldMask",
            value: "places.id,places.displayName,places.formattedAddress,places.nationalPhoneNumber,"
                + "places.websiteUri,places.rating,places.userRatingCount")
        request.timeout = .seconds(10)
        do {
            try request.content.encode(
                Query(textQuery: "\(type.displayName) in \(location.city), \(location.region)", pageSize: 5),
                as: .json)
            let response = try await client.send(request)
            guard response.status == .ok, let json = AIHTTP.json(response) else { return [] }
            return ((json["places"] as? [[String: Any]]) ?? []).prefix(5).compactMap { place in
                guard let id = place["id"] as? String,
                    let name = (place["displayName"] as? [String: Any])?["text"] as? String
                else { return nil }
                return DispositionSearchResponse.Result(
                    partnerId: "places:\(id)", name: name, partnerType: type.rawValue,
                    contact: .init(
                        phone: place["nationalPhoneNumber"] as? String, website: place["websiteUri"] as? String,
                        address: place["formattedAddress"] as? String, city: location.city, region: location.region),
                    rating: place["rating"] as? Double, userRatingsTotal: place["userRatingCount"] as? Int,
                    trust: .init(
                        trustScore: 0.3, claimLevel: "listed",
                        signals: [.init(type: "listing", label: "Found on Google Places", source: "google_places")]),
                    ranking: .init(score: 0.3, reasons: ["Nearby \(type.displayName.lowercased())"]),
                    whyRecommended: "A nearby \(type.displayName.lowercased()) found on Google Places; "
                        + "not yet checked by your family.")
            }
        } catch {
            return []
        }
    }
}
