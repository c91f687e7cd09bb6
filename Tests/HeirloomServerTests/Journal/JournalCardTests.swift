import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Journal cards, tags and views")
struct JournalCardTests {
    @Test("a text card takes its first words as title, keeps its tags, and can be edited and moved")
    func writeEditMove() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let drawers = try await app.journalDrawers(ann)
            let daily = try #require(drawers["Daily"])
            let created = try await app.api(
                .POST, "/api/journal/cards", token: ann.token,
                json: ["drawerId": daily, "text": "  Walked to the harbour\nwith Tom ", "tags": ["#Sea", "tom, sea"]])
            #expect(created.status == .created)
            let card = try created.decoded(Components.Schemas.JournalCard.self)
            #expect(card.kind == .text)
            #expect(card.title == "Walked to the harbour with Tom")
            #expect(card.text == "Walked to the harbour\nwith Tom")
            #expect(card.tags == ["sea", "tom"])
            #expect(card.redacted == false)
            let listed = try await app.api(.GET, "/api/journal/cards?drawerId=\(daily)", token: ann.token)
            #expect(try listed.canonicalJSON("cards") == created.canonicalJSON(), "a list shows the card as written")

            // when it is edited and moved
            let ideas = try #require(drawers["Ideas"])
            let edited = try await app.api(
                .PATCH, "/api/journal/cards/\(card.id)", token: ann.token,
                json: ["drawerId": ideas, "title": "Harbour", "tags": ["sea"], "createdAt": "2026-11-20"])
            #expect(edited.status == .ok, "\(edited.body.string)")
            let saved = try edited.decoded(Components.Schemas.JournalCard.self)
            #expect(saved.drawerId == ideas)
            #expect(saved.title == "Harbour")
            #expect(saved.createdAt == "2026-11-20")
            // then the unused tag is gone and the tag list counts the rest
            let tags = try await app.api(.GET, "/api/journal/tags", token: ann.token)
            #expect(try tags.decoded(Components.Schemas.JournalTagList.self).tags.map(\.name) == ["sea"])
            #expect(try await JournalTag.query(on: app.db).count() == 1)
            // moving into the locked drawer needs the journal unlocked
            let toPrivate = try await app.api(
                .PATCH, "/api/journal/cards/\(card.id)", token: ann.token,
                json: ["drawerId": try #require(drawers["Private"])])
            #expect(toPrivate.status == .locked)

            // bad input is named
            let empty = try await app.api(
                .POST, "/api/journal/cards", token: ann.token, json: ["drawerId": daily, "text": "  "])
            #expect(try empty.apiError.field == "text")
            let badDay = try await app.api(
                .PATCH, "/api/journal/cards/\(card.id)", token: ann.token, json: ["createdAt": "2026-02-30"])
            #expect(try badDay.apiError.field == "createdAt")

            // and deleting removes it and its tags
            #expect(try await app.api(.DELETE, "/api/journal/cards/\(card.id)", token: ann.token).status == .noContent)
            #expect(try await app.api(.GET, "/api/journal/cards/\(card.id)", token: ann.token).status == .notFound)
            #expect(try await JournalTag.query(on: app.db).count() == 0)
        }
    }

    @Test("the timeline is newest first; the cabinet groups by week and the bookshelf by month")
    func views() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let daily = try #require(try await app.journalDrawers(ann)["Daily"])
            var ids: [String: String] = [:]
            for day in ["2026-11-16", "2026-12-01", "2026-11-22", "2026-11-23"] {
                ids[day] = try await app.writeCard(ann, drawer: daily, text: "On \(day)", day: day)
            }
            let timeline = try await app.api(.GET, "/api/journal/cards", token: ann.token)
            #expect(
                try timeline.decoded(Components.Schemas.JournalCardList.self).cards.map(\.createdAt) == [
                    "2026-12-01", "2026-11-23", "2026-11-22", "2026-11-16",
                ])
            // raw JSON: a timeline without grouping leaves the key out, not null
            #expect(try timeline.object["groups"] == nil)

            let newest = try await app.api(.GET, "/api/journal/cards?limit=2", token: ann.token)
            #expect(
                try newest.decoded(Components.Schemas.JournalCardList.self).cards.map(\.createdAt) == [
                    "2026-12-01", "2026-11-23",
                ])

            let weeks = try await app.api(.GET, "/api/journal/cards?group=week", token: ann.token)
            let weekGroups = try #require(try weeks.decoded(Components.Schemas.JournalCardList.self).groups)
            #expect(weekGroups.map(\.label) == ["Nov 30 – Dec 6, 2026", "Nov 23 – 29, 2026", "Nov 16 – 22, 2026"])
            #expect(weekGroups.last?.cardIds == [ids["2026-11-22"], ids["2026-11-16"]].compactMap { $0 })
            #expect(weekGroups.first?.from == "2026-11-30")

            let months = try await app.api(.GET, "/api/journal/cards?group=month", token: ann.token)
            let monthGroups = try #require(try months.decoded(Components.Schemas.JournalCardList.self).groups)
            #expect(monthGroups.map(\.label) == ["December 2026", "November 2026"])
            #expect(monthGroups.map(\.cardIds.count) == [1, 3])
        }
    }

    @Test("search looks through titles, text and tags, and filters by tag")
    func search() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let daily = try #require(try await app.journalDrawers(ann)["Daily"])
            let bread = try await app.writeCard(ann, drawer: daily, text: "Baked Bread today", tags: ["kitchen"])
            let title = try await app.writeCard(ann, drawer: daily, text: "Flour and water", title: "Sourdough")
            let tagged = try await app.writeCard(ann, drawer: daily, text: "Nothing else", tags: ["bread"])
            _ = try await app.writeCard(ann, drawer: daily, text: "100 percent unrelated")

            let found = try await app.api(.GET, "/api/journal/cards?q=BREAD", token: ann.token)
            #expect(Set(try found.decoded(Components.Schemas.JournalCardList.self).cards.map(\.id)) == [bread, tagged])
            let byTitle = try await app.api(.GET, "/api/journal/cards?q=sourdough", token: ann.token)
            #expect(try byTitle.decoded(Components.Schemas.JournalCardList.self).cards.map(\.id) == [title])
            let wildcard = try await app.api(.GET, "/api/journal/cards?q=100%25", token: ann.token)
            #expect(try wildcard.decoded(Components.Schemas.JournalCardList.self).cards.map(\.id).isEmpty)
            let byTag = try await app.api(.GET, "/api/journal/cards?tag=Kitchen", token: ann.token)
            #expect(try byTag.decoded(Components.Schemas.JournalCardList.self).cards.map(\.id) == [bread])
            let prefix = try await app.api(.GET, "/api/journal/tags?prefix=ki", token: ann.token)
            #expect(try prefix.decoded(Components.Schemas.JournalTagList.self).tags.map(\.name) == ["kitchen"])
        }
    }
}
