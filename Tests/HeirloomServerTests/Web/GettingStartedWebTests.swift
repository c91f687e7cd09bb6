import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Getting started on Home")
struct GettingStartedWebTests {
    @Test("an owner's Home lists the first steps, ticks one off when done, and puts the list away when asked")
    func checklist() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let ann = WebSession(app: app)
            _ = try await ann.post("/login", ["email": owner.email, "password": owner.password])
            let fresh = try await ann.get("/").body.string
            #expect(fresh.contains("Getting started") && fresh.contains("0 of 4 done"))
            #expect(fresh.contains("href=\"/items/new\">Add a first treasured thing"))

            // when the first item is added and someone to receive things, with an email
            _ = try await app.item(["name": "Mantel clock"], token: owner.token)
            _ = try await app.api(
                .POST, "/api/beneficiaries", token: owner.token, json: ["name": "Sarah", "email": "sarah@example.com"])
            // then those steps are ticked off
            let later = try await ann.get("/").body.string
            #expect(later.contains("2 of 4 done"))
            #expect(later.contains("Add a first treasured thing</span><span class=\"visually-hidden\"> (done)"))

            // a viewer neither sees the list nor can put it away
            let emily = WebSession(app: app)
            _ = try await emily.post("/login", ["email": viewer.email, "password": viewer.password])
            #expect(!(try await emily.get("/").body.string.contains("Getting started")))
            #expect(try await emily.post("/getting-started/dismiss", [:]).status == .forbidden)

            // when the owner puts it away, Home no longer shows it
            let dismissed = try await ann.post("/getting-started/dismiss", [:])
            #expect(dismissed.status == .seeOther)
            #expect(!(try await ann.get("/").body.string.contains("Getting started")))
        }
    }
}
