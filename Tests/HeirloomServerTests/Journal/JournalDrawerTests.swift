import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Journal drawers")
struct JournalDrawerTests {
    @Test("first use makes the five default drawers; Private is locked")
    func defaults() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let response = try await app.api(.GET, "/api/journal/drawers", token: ann.token)
            let drawers = try response.drawers
            #expect(drawers.map(\.name) == ["Daily", "Ideas", "Family", "Gratitude", "Private"])
            #expect(drawers.map(\.isLocked) == [false, false, false, false, true])
            #expect(drawers.map(\.cardCount) == [0, 0, 0, 0, nil])
            // and asking again makes no more
            #expect(try await app.journalDrawers(ann).count == 5)
        }
    }

    @Test("drawers are created, renamed, reordered and locked; names are unique")
    func arrange() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            _ = try await app.journalDrawers(ann)
            let created = try await app.api(
                .POST, "/api/journal/drawers", token: ann.token, json: ["name": "  Letters ", "isLocked": true])
            #expect(created.status == .created)
            let letters = try created.decoded(Components.Schemas.JournalDrawer.self).id
            #expect(try created.decoded(Components.Schemas.JournalDrawer.self).sortOrder == 5)

            let duplicate = try await app.api(.POST, "/api/journal/drawers", token: ann.token, json: ["name": "daily"])
            #expect(duplicate.status == .unprocessableEntity)
            #expect(try duplicate.apiError.field == "name")

            // renaming a locked drawer needs the journal unlocked; moving it does not
            let rename = try await app.api(
                .PATCH, "/api/journal/drawers/\(letters)", token: ann.token, json: ["name": "Letters to Tom"])
            #expect(rename.status == .locked)
            let moved = try await app.api(
                .PATCH, "/api/journal/drawers/\(letters)", token: ann.token, json: ["sortOrder": 0])
            #expect(moved.status == .ok)
            try await app.unlockJournal(ann)
            let renamed = try await app.api(
                .PATCH, "/api/journal/drawers/\(letters)", token: ann.token,
                json: ["name": "Letters to Tom", "isLocked": false])
            #expect(renamed.status == .ok)
            let list = try await app.api(.GET, "/api/journal/drawers", token: ann.token).drawers
            #expect(list.map(\.name) == ["Letters to Tom", "Daily", "Ideas", "Family", "Gratitude", "Private"])
            #expect(list.map(\.sortOrder) == [0, 1, 2, 3, 4, 5])
            #expect(list.first?.isLocked == false)
        }
    }

    @Test("deleting a drawer that holds cards needs moveTo, and moves them there")
    func deleteWithMoveTo() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let drawers = try await app.journalDrawers(ann)
            let ideas = try #require(drawers["Ideas"])
            let daily = try #require(drawers["Daily"])
            let card = try await app.writeCard(ann, drawer: ideas, text: "A garden shed")

            let refused = try await app.api(.DELETE, "/api/journal/drawers/\(ideas)", token: ann.token)
            #expect(refused.status == .conflict)
            #expect(try refused.apiError.code == "drawer_not_empty")
            let toItself = try await app.api(
                .DELETE, "/api/journal/drawers/\(ideas)?moveTo=\(ideas)", token: ann.token)
            #expect(toItself.status == .conflict)
            let toNowhere = try await app.api(
                .DELETE, "/api/journal/drawers/\(ideas)?moveTo=\(UUID())", token: ann.token)
            #expect(toNowhere.status == .unprocessableEntity)
            // the locked Private drawer takes cards only while unlocked
            let toLocked = try await app.api(
                .DELETE, "/api/journal/drawers/\(ideas)?moveTo=\(try #require(drawers["Private"]))", token: ann.token)
            #expect(toLocked.status == .locked)

            let deleted = try await app.api(.DELETE, "/api/journal/drawers/\(ideas)?moveTo=\(daily)", token: ann.token)
            #expect(deleted.status == .noContent)
            let moved = try await app.api(.GET, "/api/journal/cards/\(card)", token: ann.token)
            #expect(try moved.decoded(Components.Schemas.JournalCard.self).drawerId == daily)
            #expect(try await app.journalDrawers(ann).keys.sorted() == ["Daily", "Family", "Gratitude", "Private"])

            // an empty drawer goes without moveTo, but the last drawer stays
            let family = try #require(drawers["Family"])
            #expect(try await app.api(.DELETE, "/api/journal/drawers/\(family)", token: ann.token).status == .noContent)
        }
    }

    @Test("the last drawer cannot be deleted")
    func lastDrawer() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            try await app.unlockJournal(ann)
            var drawers = try await app.journalDrawers(ann).values.sorted()
            let last = drawers.removeLast()
            for id in drawers {
                #expect(try await app.api(.DELETE, "/api/journal/drawers/\(id)", token: ann.token).status == .noContent)
            }
            let refused = try await app.api(.DELETE, "/api/journal/drawers/\(last)", token: ann.token)
            #expect(refused.status == .conflict)
            #expect(try refused.apiError.code == "last_drawer")
        }
    }
}
