import Foundation
import HeirloomAPI
import HeirloomClient
import OpenAPIAsyncHTTPClient
import Testing
import Vapor

@testable import HeirloomServer

@Suite("The generated Swift client against a running hub")
struct GeneratedClientTests {
    @Test("set up, invite, accept and read back through the client")
    func clientRoundTrip() async throws {
        try await withApp { app in
            // given a hub listening on loopback
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.hubServerAddress?.port)
            let serverURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let transport = AsyncHTTPClientTransport()
            let anonymous = HeirloomClient.make(serverURL: serverURL, transport: transport)

            // when the app checks the hub and sets it up
            let health = try await anonymous.getHealth().ok.body.json
            #expect(health.status == .ok)
            let setup = try await anonymous.setUp(
                body: .json(
                    .init(
                        householdName: "The Millers", name: "Ann", email: "ann@example.com",
                        password: "correct horse battery"))
            )
            let owner = try setup.created.body.json
            let ann = HeirloomClient.make(serverURL: serverURL, token: owner.token, transport: transport)

            // then it reads who it is
            let me = try await ann.getMe().ok.body.json
            #expect(me.role == .owner)
            #expect(me.household.name == "The Millers")

            // and an invitation accepted through the client joins the household
            let invitation = try await ann.createInvitation(body: .json(.init(role: .editor))).created.body.json
            let joined = try await anonymous.acceptInvitation(
                path: .init(token: invitation.token),
                body: .json(.init(name: "Ben", email: "ben@example.com", password: "ben's long password"))
            ).created.body.json
            #expect(joined.household.id == owner.household.id)
            let members = try await ann.listMembers().ok.body.json.members
            #expect(members.map(\.name) == ["Ann", "Ben"])

            // and errors come back in the documented shape
            let conflict = try await anonymous.setUp(
                body: .json(
                    .init(
                        householdName: "Again", name: "Eve", email: "eve@example.com", password: "correct horse battery"
                    ))
            )
            let error = try conflict.conflict.body.json.error
            #expect(error.code == "already_set_up")
            await app.server.shutdown()
        }
    }
}
