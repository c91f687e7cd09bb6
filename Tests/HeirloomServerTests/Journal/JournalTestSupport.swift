import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

extension Application {
    /// The member's drawers by name (made on first use).
    func journalDrawers(_ member: Member) async throws -> [String: String] {
        let response = try await api(.GET, "/api/journal/drawers", token: member.token)
        #expect(response.status == .ok, "\(response.body.string)")
        return Dictionary(uniqueKeysWithValues: try response.drawers.map { ($0.name, $0.id) })
    }

    /// Writes a text card and returns its id.
    func writeCard(
        _ member: Member, drawer: String, text: String, title: String? = nil, tags: [String] = [],
        day: String? = nil
    ) async throws -> String {
        var json: [String: any Sendable] = ["drawerId": drawer, "text": text, "tags": tags]
        if let title { json["title"] = title }
        if let day { json["createdAt"] = day }
        let response = try await api(.POST, "/api/journal/cards", token: member.token, json: json)
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decoded(Components.Schemas.JournalCard.self).id
    }

    /// Unlocks the member's locked drawers for their token with their password.
    func unlockJournal(_ member: Member) async throws {
        let response = try await api(
            .POST, "/api/journal/unlock", token: member.token, json: ["password": member.password])
        #expect(response.status == .ok, "\(response.body.string)")
    }
}

extension TestingHTTPResponse {
    /// The body as a JSON object.
    var object: [String: Any] {
        get throws {
            guard let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
            else { throw TestFailure("not a JSON object: \(body.string)") }
            return object
        }
    }

    /// The cards of a card list, as JSON objects.
    var cards: [[String: Any]] {
        get throws { try object["cards"] as? [[String: Any]] ?? [] }
    }
}

extension TestingHTTPResponse {
    /// The drawers of a drawer list.
    var drawers: [Components.Schemas.JournalDrawer] {
        get throws { try decoded(Components.Schemas.JournalDrawerList.self).drawers }
    }
}
