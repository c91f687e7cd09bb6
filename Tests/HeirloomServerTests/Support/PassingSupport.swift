import Fluent
import Foundation
import HeirloomAPI
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A mail transport that keeps what it was given, or fails while told to.
final class RecordingTransport: MailTransport, Sendable {
    private let state = NIOLockedValueBox<(sent: [OutgoingEmail], failing: Bool)>(([], false))

    var sent: [OutgoingEmail] { state.withLockedValue { $0.sent } }

    func fail(_ failing: Bool) { state.withLockedValue { $0.failing = failing } }

    func send(_ email: OutgoingEmail) async throws {
        try state.withLockedValue {
            if $0.failing { throw MailDeliveryError(description: "421 try again later") }
            $0.sent.append(email)
        }
    }
}

extension Application {
    /// The outbox as an owner sees it.
    func outbox(_ owner: Member) async throws -> Components.Schemas.OutboxList {
        let response = try await api(.GET, "/api/outbox", token: owner.token)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decoded(Components.Schemas.OutboxList.self)
    }

    /// The token at the end of the link in the newest email to `email` that carries one: what its addressee finds in
    /// their mailbox. Read from the hub's outbox rows, not the owners' outbox (which shows a link only where the
    /// family must pass it on by hand, `OutboxLinks`).
    func linkToken(for email: String) async throws -> String {
        let link = try #require(try await mailbox(of: email).first { $0.link != nil }?.link, "no link for \(email)")
        return String(link.split(separator: "/").last ?? "")
    }

    /// Every email the hub wrote to `email`, newest first: the addressee's mailbox.
    func mailbox(of email: String) async throws -> [OutboxMessage] {
        try await OutboxMessage.query(on: db).filter(\.$toEmail == email).sort(\.$createdAt, .descending).all()
    }

    /// Adds an executor and signs them in with the link in their email; returns their bearer token.
    func executorSession(_ owner: Member, name: String = "Mary Jones", email: String = "mary@example.com")
        async throws -> String
    {
        let added = try await api(
            .POST, "/api/estate/executors", token: owner.token, json: ["name": name, "email": email])
        #expect(added.status == .created, "\(added.body.string)")
        let link = try await linkToken(for: email)
        let session = try await api(.POST, "/api/executor/session", json: ["token": link])
        #expect(session.status == .ok, "\(session.body.string)")
        return try session.decoded(Components.Schemas.TokenExchange.self).token
    }

    /// Opens the newest emailed link of `email` again (a session lasts 30 days); returns the new bearer token.
    func reopenLink(for email: String, owner: Member, as outsider: String) async throws -> String {
        let link = try await linkToken(for: email)
        let session = try await api(.POST, "/api/\(outsider)/session", json: ["token": link])
        #expect(session.status == .ok, "\(session.body.string)")
        return try session.decoded(Components.Schemas.TokenExchange.self).token
    }

    /// One pass of the scheduler.
    func runScheduler() async throws {
        try await passingJobs().runOnce()
    }
}
