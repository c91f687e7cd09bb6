import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

extension Application {
    /// Asks for a reset link over the API and returns the answer.
    func askForPasswordReset(_ email: String) async throws -> TestingHTTPResponse {
        try await api(.POST, "/api/password/reset", json: ["email": email])
    }

    /// The reset emails waiting in the outbox for an address, newest first.
    func resetMails(to email: String) async throws -> [OutboxMessage] {
        try await OutboxMessage.query(on: db).filter(\.$toEmail == email).filter(\.$purpose == "passwordReset")
            .sort(\.$createdAt, .descending).all()
    }

    /// The path of the newest reset link emailed to an address (the test hub lives at http://hub.test).
    func newestResetPath(for email: String) async throws -> String {
        let link = try #require(try await resetMails(to: email).first?.link)
        #expect(link.hasPrefix("http://hub.test/password/"), "\(link)")
        return String(link.dropFirst("http://hub.test".count))
    }
}
