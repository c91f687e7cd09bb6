import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

extension Application {
    /// Makes Mum a storyteller over the API (Sundays at 10 by default); returns her.
    func addStoryteller(
        _ member: Member, name: String = "Mum", email: String = "mum@example.com", weekday: Int = 7, hour: Int = 10
    ) async throws -> Components.Schemas.Storyteller {
        let response = try await api(
            .POST, "/api/storytellers", token: member.token,
            json: ["name": name, "email": email, "weekday": weekday, "hour": hour])
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decoded(Components.Schemas.Storyteller.self)
    }

    /// The questions waiting for a storyteller, in order.
    func comingQuestions(_ id: String, _ member: Member) async throws -> [Components.Schemas.StoryQuestion] {
        let response = try await api(.GET, "/api/storytellers/\(id)/questions", token: member.token)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decoded(Components.Schemas.StoryQuestionList.self).questions
    }

    /// The question emails sent to `email`, newest first.
    func questionMails(to email: String, owner: Member) async throws -> [Components.Schemas.OutboxMessage] {
        try await outbox(owner).messages.filter { $0.purpose == "storyQuestion" && $0.toEmail == email }
    }

    /// Sends the next question now and opens its link, as the storyteller does from their email; returns their
    /// bearer token.
    func answerSession(_ storyteller: String, owner: Member, email: String = "mum@example.com") async throws
        -> String
    {
        func links() async throws -> [String] {
            try await mailbox(of: email).filter { $0.purpose == "storyQuestion" }.compactMap(\.link)
        }
        let before = Set(try await links())
        let sent = try await api(.POST, "/api/storytellers/\(storyteller)/send-now", token: owner.token)
        #expect(sent.status == .created, "\(sent.body.string)")
        // the link of the question just sent, not of an earlier one
        let new = try await links().filter { !before.contains($0) }
        let link = String(try #require(new.first).split(separator: "/").last ?? "")
        let session = try await api(.POST, "/api/answer-session", json: ["token": link])
        #expect(session.status == .ok, "\(session.body.string)")
        return try session.decoded(Components.Schemas.TokenExchange.self).token
    }
}
