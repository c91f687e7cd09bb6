import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Journal privacy: locked drawers and redaction")
struct JournalPrivacyTests {
    static let secret = "quokkazanzibar"

    /// Every journal endpoint, as a member sees it while their Private drawer might be locked.
    private func everyResponse(
        _ app: Application, _ ann: Member, privateID: String, cardID: String, voiceID: String, mediaID: UUID
    ) async throws -> [(String, TestingHTTPResponse)] {
        let token = ann.token
        let gets = [
            "/api/journal/drawers", "/api/journal/cards", "/api/journal/cards?group=week",
            "/api/journal/cards?group=month", "/api/journal/cards?q=\(Self.secret)", "/api/journal/cards?q=quokka",
            "/api/journal/cards?tag=\(Self.secret)", "/api/journal/cards?drawerId=\(privateID)",
            "/api/journal/cards?drawerId=\(privateID)&group=week", "/api/journal/cards?drawerId=\(privateID)&q=quokka",
            "/api/journal/tags", "/api/journal/tags?prefix=quo", "/api/journal/cards/\(cardID)",
            "/api/journal/cards/\(cardID)/audio", "/api/journal/cards/\(voiceID)",
            "/api/journal/cards/\(voiceID)/audio", "/api/media/\(mediaID)/play", "/api/media/\(mediaID)/original",
        ]
        var responses: [(String, TestingHTTPResponse)] = []
        for path in gets { responses.append((path, try await app.api(.GET, path, token: token))) }
        responses.append(
            ("PATCH card", try await app.api(.PATCH, "/api/journal/cards/\(cardID)", token: token, json: ["text": "x"]))
        )
        responses.append(("DELETE card", try await app.api(.DELETE, "/api/journal/cards/\(cardID)", token: token)))
        responses.append(
            (
                "PATCH drawer",
                try await app.api(
                    .PATCH, "/api/journal/drawers/\(privateID)", token: token, json: ["isLocked": false])
            ))
        responses.append(
            ("DELETE drawer", try await app.api(.DELETE, "/api/journal/drawers/\(privateID)", token: token)))
        responses.append(
            (
                "POST card",
                try await app.api(
                    .POST, "/api/journal/cards", token: token, json: ["drawerId": privateID, "text": "more"])
            ))
        responses.append(
            (
                "POST voice card",
                try await app.voiceCard(
                    ann, parts: [("drawerId", privateID), ("title", Self.secret)],
                    file: try await MediaFixtures.data("story.m4a"))
            ))
        return responses
    }

    @Test("a word in a locked card is in no response until unlock, and in none again after Lock now")
    func plantedWord() async throws {
        try await withApp { app in
            // given a locked card holding the word in its title, text and tags, and an open card
            let ann = try await app.setUpHub()
            let drawers = try await app.journalDrawers(ann)
            let privateID = try #require(drawers["Private"])
            try await app.unlockJournal(ann)
            let cardID = try await app.writeCard(
                ann, drawer: privateID, text: "Remember \(Self.secret) always", title: "About \(Self.secret)",
                tags: [Self.secret, "shared"])
            let voice = try await app.voiceCard(
                ann, parts: [("drawerId", privateID), ("title", "Song for \(Self.secret)"), ("tags", "shared")],
                file: try await MediaFixtures.data("story.webm"))
            #expect(voice.status == .created, "\(voice.body.string)")
            let voiceID = try voice.decoded(Components.Schemas.JournalCard.self).id
            let mediaID = try #require(try await JournalCard.find(UUID(uuidString: voiceID), on: app.db)?.mediaID)
            let openID = try await app.writeCard(
                ann, drawer: try #require(drawers["Daily"]), text: "Bought bread", tags: ["shared"])
            #expect(try await app.api(.POST, "/api/journal/lock", token: ann.token).status == .noContent)

            for round in ["before unlocking", "after Lock now"] {
                // then no endpoint says anything of it
                for (path, response) in try await everyResponse(
                    app, ann, privateID: privateID, cardID: cardID, voiceID: voiceID, mediaID: mediaID)
                {
                    #expect(!response.body.string.lowercased().contains("quokka"), "\(round): \(path)")
                }
                // the card itself answers 423 journal_locked, and so do changes to it
                let card = try await app.api(.GET, "/api/journal/cards/\(cardID)", token: ann.token)
                #expect(card.status == .locked)
                #expect(try card.apiError.code == "journal_locked")
                // the timeline, search and counts leave it out; its own drawer lists it redacted
                let timeline = try await app.api(.GET, "/api/journal/cards", token: ann.token)
                #expect(try timeline.decoded(Components.Schemas.JournalCardList.self).cards.map(\.id) == [openID])
                // raw JSON: a redacted card must not even carry the keys of what it hides (absent, not null)
                let inDrawer = try await app.api(
                    .GET, "/api/journal/cards?drawerId=\(privateID)", token: ann.token
                ).cards
                // the voice card too: no duration, no waveform, nothing but the allowed fields
                #expect(inDrawer.count == 2)
                #expect(Set(inDrawer.compactMap { $0["kind"] as? String }) == ["text", "voice"])
                for redacted in inDrawer {
                    #expect(
                        Set(redacted.keys) == ["id", "drawerId", "kind", "createdAt", "redacted", "title", "snippet"])
                    #expect(redacted["title"] as? String == "Private card")
                    #expect(redacted["snippet"] as? String == "••••••••••")
                    #expect((redacted["createdAt"] as? String)?.count == 10)
                }
                let voiceAudio = try await app.download("/api/journal/cards/\(voiceID)/audio", token: ann.token)
                #expect(voiceAudio.status == .locked)
                let redactedCards = try await app.api(
                    .GET, "/api/journal/cards?drawerId=\(privateID)", token: ann.token
                ).decoded(Components.Schemas.JournalCardList.self).cards
                #expect(try #require(redactedCards.first).redacted)
                let list = try await app.api(.GET, "/api/journal/drawers", token: ann.token)
                #expect(try list.drawers.first { $0.name == "Private" }?.cardCount == nil)
                #expect(try list.drawers.first { $0.name == "Daily" }?.cardCount == 1)
                #expect(try list.object["unlockedUntil"] == nil)  // raw JSON: left out while locked, not null
                let tags = try await app.api(.GET, "/api/journal/tags", token: ann.token)
                let tagList = try tags.decoded(Components.Schemas.JournalTagList.self).tags
                #expect(tagList.map(\.name) == ["shared"])
                #expect(tagList.first?.count == 1)
                // nothing was changed or deleted by the refused calls
                #expect(
                    try await JournalCard.find(UUID(uuidString: cardID), on: app.db)?.body.contains("Remember") == true)

                // when unlocked, the card opens and search finds it
                try await app.unlockJournal(ann)
                let opened = try await app.api(.GET, "/api/journal/cards/\(cardID)", token: ann.token)
                #expect(opened.status == .ok)
                let openedCard = try opened.decoded(Components.Schemas.JournalCard.self)
                #expect(openedCard.title == "About \(Self.secret)")
                #expect(openedCard.tags == ["quokkazanzibar", "shared"])
                let found = try await app.api(.GET, "/api/journal/cards?q=ZANZIBAR", token: ann.token)
                #expect(
                    Set(try found.decoded(Components.Schemas.JournalCardList.self).cards.map(\.id)) == [
                        cardID, voiceID,
                    ])
                let song = try await app.api(.GET, "/api/journal/cards/\(voiceID)", token: ann.token)
                #expect(try song.decoded(Components.Schemas.JournalCard.self).durationSeconds != nil)
                #expect(try await app.download("/api/journal/cards/\(voiceID)/audio", token: ann.token).status == .ok)
                let tagged = try await app.api(.GET, "/api/journal/tags", token: ann.token)
                #expect(
                    try tagged.decoded(Components.Schemas.JournalTagList.self).tags.map(\.name) == [
                        "shared", Self.secret,
                    ])
                // and "Lock now" locks it again at once
                #expect(try await app.api(.POST, "/api/journal/lock", token: ann.token).status == .noContent)
            }
        }
    }

    @Test("another member, an owner included, can never read or touch a card or drawer")
    func otherMembers() async throws {
        try await withApp { app in
            let ann = try await app.setUpHub()
            let ben = try await app.addMember(role: "editor", by: ann)
            let bensDaily = try #require(try await app.journalDrawers(ben)["Daily"])
            let card = try await app.writeCard(ben, drawer: bensDaily, text: "Ben's own thought", tags: ["ben"])
            try await app.unlockJournal(ann)

            // when the owner tries every door
            let attempts = [
                try await app.api(.GET, "/api/journal/cards/\(card)", token: ann.token),
                try await app.api(.GET, "/api/journal/cards/\(card)/audio", token: ann.token),
                try await app.api(.PATCH, "/api/journal/cards/\(card)", token: ann.token, json: ["text": "mine"]),
                try await app.api(.DELETE, "/api/journal/cards/\(card)", token: ann.token),
                try await app.api(.GET, "/api/journal/cards?drawerId=\(bensDaily)", token: ann.token),
                try await app.api(.PATCH, "/api/journal/drawers/\(bensDaily)", token: ann.token, json: ["name": "X"]),
                try await app.api(.DELETE, "/api/journal/drawers/\(bensDaily)", token: ann.token),
                try await app.api(
                    .POST, "/api/journal/cards", token: ann.token, json: ["drawerId": bensDaily, "text": "hi"]),
            ]
            // then each is 404, and nothing of Ben's shows anywhere in her journal
            for response in attempts {
                #expect(response.status == .notFound, "\(response.body.string)")
                #expect(!response.body.string.contains("Ben's own"))
            }
            #expect(
                try await app.api(.GET, "/api/journal/cards", token: ann.token).decoded(
                    Components.Schemas.JournalCardList.self
                ).cards.isEmpty)
            #expect(
                try await app.api(.GET, "/api/journal/tags", token: ann.token).decoded(
                    Components.Schemas.JournalTagList.self
                ).tags.map(\.name).isEmpty)
            #expect(try await app.api(.GET, "/api/journal/cards/\(card)", token: ben.token).status == .ok)

            // and on the web too
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": ann.email, "password": ann.password])
            #expect(try await browser.get("/journal/cards/\(card)").status == .notFound)
            #expect(try await browser.get("/journal/drawers/\(bensDaily)").status == .notFound)
        }
    }
}
