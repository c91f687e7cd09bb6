import Foundation
import HeirloomCore
import Vapor

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
