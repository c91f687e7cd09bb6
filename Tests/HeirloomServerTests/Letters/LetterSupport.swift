import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

extension Application {
    /// Writes a letter over the API to Lily for `day` (or after the writer's passing when nil); returns it.
    func writeLetter(
        _ writer: Member, day: String?,
        to readers: [[String: String]] = [["name": "Lily Hart", "email": "lily@example.com"]],
        subject: String = "For your 18th birthday", text: String = "Dear Lily,\n\nEighteen! I am so proud of you.",
        shared: Bool = false
    ) async throws -> Components.Schemas.Letter {
        let deliver: [String: any Sendable] = day.map { ["on": $0] } ?? ["afterPassing": true]
        let response = try await api(
            .POST, "/api/letters", token: writer.token,
            json: ["to": readers, "subject": subject, "text": text, "deliver": deliver, "sharedWithOwners": shared])
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decoded(Components.Schemas.Letter.self)
    }

    /// The letters sent to `email` so far, as the outbox holds them.
    func letterMails(to email: String, owner: Member) async throws -> [Components.Schemas.OutboxMessage] {
        try await outbox(owner).messages.filter { $0.purpose == "letterDelivered" && $0.toEmail == email }
    }

    /// Opens the newest letter link emailed to `email`; returns the reader's bearer token.
    func letterSession(for email: String, owner: Member) async throws -> String {
        let link = try await linkToken(for: email)
        let session = try await api(.POST, "/api/letter-session", json: ["token": link])
        #expect(session.status == .ok, "\(session.body.string)")
        return try session.decoded(Components.Schemas.TokenExchange.self).token
    }

    /// The start of `day` in the hub's time zone (tests run the household on the machine's zone).
    static func start(of day: String) throws -> Date {
        try #require(Day(day)).start(in: .current)
    }
}
