import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// An invitation can carry the invited person's name: the email greets them by it, not by their address, and the
/// join form starts with their name and address.
@Suite("Invitations by name")
struct InvitationNameTests {
    @Test("the email says Dear Cara Jones, and the join form is filled in; without a name it greets by address")
    func greetedByName() async throws {
        let transport = RecordingTransport()
        try await withApp(.sendingMail(through: transport)) { app in
            let owner = try await app.setUpHub()
            // when
            let created = try await app.api(
                .POST, "/api/invitations", token: owner.token,
                json: ["role": "editor", "email": "cara@example.com", "name": "  Cara Jones "])
            #expect(created.status == .created, "\(created.body.string)")
            let invitation = try created.decoded(Components.Schemas.CreatedInvitation.self)
            // then
            let mail = try #require(try await app.mailbox(of: "cara@example.com").first)
            #expect(mail.toName == "Cara Jones")
            #expect(mail.textBody.hasPrefix("Dear Cara Jones,"))
            let page = try await WebSession(app: app).get("/invite/\(invitation.token)").body.string
            #expect(page.contains("value=\"Cara Jones\""))
            #expect(page.contains("value=\"cara@example.com\""))

            // and a name too long is refused, and nothing is made
            let long = try await app.api(
                .POST, "/api/invitations", token: owner.token,
                json: ["role": "editor", "name": String(repeating: "a", count: 500)])
            #expect(long.status == .unprocessableEntity || long.status == .badRequest)
            #expect(try await Invitation.query(on: app.db).count() == 1)
        }
    }

    @Test("the settings form sends the name with the invitation")
    func settingsForm() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let made = try await browser.post(
                "/settings/invitations", ["role": "viewer", "email": "dan@example.com", "name": "Dan Hill"])
            #expect(made.status == .ok)
            #expect(try await Invitation.query(on: app.db).first()?.name == "Dan Hill")
        }
    }
}
