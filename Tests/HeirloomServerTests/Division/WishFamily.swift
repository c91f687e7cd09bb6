import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A household dividing what its mother left undesignated: three children (Anna, Ben and Cora) with email
/// addresses, five things nobody was chosen for (one of them a set of two plates), and a brooch already left to
/// Anna, which no round may take.
struct WishFamily {
    var owner: Member
    var anna: String
    var ben: String
    var cora: String
    /// Item ids by name, and the set's id.
    var things: [String: String]
    var plates: String
    var brooch: String

    static let emails = [
        "Anna Hart": "anna@example.com", "Ben Hart": "ben@example.com", "Cora Hart": "cora@example.com",
    ]

    static func make(_ app: Application) async throws -> WishFamily {
        let owner = try await app.setUpHub()
        var people: [String: String] = [:]
        for (name, email) in emails {
            people[name] = try await app.beneficiary(["name": name, "email": email], token: owner.token).id
        }
        var things: [String: String] = [:]
        for (name, value) in [("Clock", "900"), ("Piano", "2500"), ("Rocking chair", "300"), ("Quilt", "150")] {
            things[name] = try await app.item(["name": name, "estimatedValue": value], token: owner.token).id
        }
        let plate1 = try await app.item(["name": "Blue plate", "estimatedValue": "40"], token: owner.token).id
        let plate2 = try await app.item(["name": "White plate", "estimatedValue": "60"], token: owner.token).id
        let set = try await app.api(
            .POST, "/api/sets", token: owner.token,
            json: [
                "name": "The good plates", "type": "tableware", "story": "Christmas dinners since 1970.",
                "members": [
                    ["itemId": plate1, "quantity": 1] as [String: any Sendable], ["itemId": plate2, "quantity": 1],
                ],
            ])
        #expect(set.status == .created, "\(set.body.string)")
        let plates = try set.decoded(Components.Schemas.ItemSet.self).id
        let brooch = try await app.item(["name": "Brooch"], token: owner.token).id
        let link = try await app.api(
            .POST, "/api/items/\(brooch)/beneficiaries", token: owner.token,
            json: ["beneficiaryId": people["Anna Hart"]!, "accessPermission": "uponPassing"])
        #expect(link.status == .created, "\(link.body.string)")
        return WishFamily(
            owner: owner, anna: people["Anna Hart"]!, ben: people["Ben Hart"]!, cora: people["Cora Hart"]!,
            things: things, plates: plates, brooch: brooch)
    }

    /// Drafts a round over the default group for the three children.
    func draft(
        _ app: Application, method: String = "points", closesOn: String, token: String? = nil,
        shares: [Double]? = nil
    ) async throws -> Components.Schemas.WishRound {
        let participants = [anna, ben, cora].enumerated().map { index, id -> [String: any Sendable] in
            var entry: [String: any Sendable] = ["beneficiaryId": id]
            if let shares { entry["share"] = shares[index] }
            return entry
        }
        let response = try await app.api(
            .POST, "/api/wish-rounds", token: token ?? owner.token,
            json: [
                "title": "Mother’s things", "method": method, "participants": participants, "showValues": true,
                "closesOn": closesOn,
            ])
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decoded(Components.Schemas.WishRound.self)
    }

    /// Opens the round, and signs each child in with the link in their invitation: bearer tokens by name.
    func open(_ app: Application, _ round: Components.Schemas.WishRound, token: String? = nil) async throws
        -> [String: String]
    {
        let opened = try await app.api(.POST, "/api/wish-rounds/\(round.id)/open", token: token ?? owner.token)
        #expect(opened.status == .ok, "\(opened.body.string)")
        var sessions: [String: String] = [:]
        for (name, email) in Self.emails {
            let link = try await app.wishLinkToken(for: email, owner: owner)
            let session = try await app.api(.POST, "/api/wish-session", json: ["token": link])
            #expect(session.status == .ok, "\(session.body.string)")
            sessions[name] = try session.decoded(Components.Schemas.TokenExchange.self).token
        }
        return sessions
    }
}

extension Application {
    /// The token of the newest wish-round link emailed to `email` (its invitation, reminder or result).
    func wishLinkToken(for email: String, owner: Member) async throws -> String {
        let message = try await outbox(owner).messages.first {
            $0.toEmail == email && $0.link != nil && $0.purpose.hasPrefix("wish")
        }
        let link = try #require(message?.link)
        return String(link.split(separator: "/").last ?? "")
    }

    func wishes(_ token: String) async throws -> Components.Schemas.WishSheet {
        let response = try await api(.GET, "/api/wishes", token: token)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decoded(Components.Schemas.WishSheet.self)
    }

    func putWishes(_ token: String, _ wishes: [[String: any Sendable]]) async throws -> TestingHTTPResponse {
        try await api(.PUT, "/api/wishes", token: token, json: ["wishes": wishes])
    }

    func wishRound(_ id: String, token: String) async throws -> Components.Schemas.WishRound {
        let response = try await api(.GET, "/api/wish-rounds/\(id)", token: token)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decoded(Components.Schemas.WishRound.self)
    }
}
