import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Journal web pages")
struct JournalWebTests {
    private func signedIn(_ app: Application) async throws -> (WebSession, Member) {
        let ann = try await app.setUpHub()
        let browser = WebSession(app: app)
        _ = try await browser.post("/login", ["email": ann.email, "password": ann.password])
        return (browser, ann)
    }

    @Test("the journal shows the catalogue; a card is written with tags and shown")
    func writeCard() async throws {
        try await withApp { app in
            let (browser, ann) = try await signedIn(app)
            let home = try await browser.get("/")
            #expect(!home.body.string.contains("section-card--coming\" href=\"/journal\""))
            let journal = try await browser.get("/journal")
            #expect(journal.status == .ok)
            for drawer in ["Daily", "Ideas", "Family", "Gratitude", "Private", "Write a card", "No cards yet"] {
                #expect(journal.body.string.contains(drawer), "\(drawer)")
            }
            let daily = try #require(try await app.journalDrawers(ann)["Daily"])

            // refused without the CSRF field
            let forged = try await browser.post("/journal/cards", ["drawerId": daily, "text": "x"], csrf: false)
            #expect(forged.status == .forbidden)
            // a blank card is sent back with the message next to the field
            let blank = try await browser.post("/journal/cards", ["drawerId": daily, "text": " ", "title": "Kept"])
            #expect(blank.status == .unprocessableEntity)
            #expect(blank.body.string.contains("Please write something on the card."))
            #expect(blank.body.string.contains("value=\"Kept\""))

            let created = try await browser.post(
                "/journal/cards",
                [
                    "drawerId": daily, "text": "Planted the roses by the gate", "newTags": "Garden, roses",
                    "day": "2026-11-22",
                ])
            #expect(created.status == .seeOther)
            let location = try #require(created.headers.first(name: .location))
            let page = try await browser.get(location)
            #expect(page.status == .ok)
            #expect(page.body.string.contains("<title>Planted the roses by the gate · Heirloom</title>"))
            #expect(page.body.string.contains("November 22, 2026"))
            #expect(page.body.string.contains(">garden<"))

            // the three views and search find it
            for view in ["timeline", "cabinet", "bookshelf"] {
                let listed = try await browser.get("/journal?view=\(view)")
                #expect(listed.body.string.contains("Planted the roses"), "\(view)")
            }
            #expect(try await browser.get("/journal?view=cabinet").body.string.contains("Nov 16 – 22, 2026"))
            #expect(try await browser.get("/journal?view=bookshelf").body.string.contains("November 2026"))
            #expect(try await browser.get("/journal?q=ROSES").body.string.contains("Planted the roses"))
            #expect(!(try await browser.get("/journal?q=tulips").body.string.contains("Planted the roses")))
        }
    }

    @Test("a locked drawer shows redacted cards and the unlock prompt until the password is given")
    func lockedDrawer() async throws {
        try await withApp { app in
            let (browser, ann) = try await signedIn(app)
            let privateID = try #require(try await app.journalDrawers(ann)["Private"])

            // writing in the locked drawer asks to unlock first
            let prompt = try await browser.get("/journal/cards/new?drawer=\(privateID)")
            #expect(prompt.status == .locked)
            #expect(prompt.body.string.contains("Unlock your journal"))
            let wrong = try await browser.post("/journal/unlock", ["password": "not it at all", "next": "/journal"])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.body.string.contains("That password is not right."))
            let unlocked = try await browser.post(
                "/journal/unlock", ["password": ann.password, "next": "/journal/cards/new?drawer=\(privateID)"])
            #expect(unlocked.headers.first(name: .location) == "/journal/cards/new?drawer=\(privateID)")
            #expect(try await browser.get("/journal").body.string.contains("Lock now"))

            let created = try await browser.post(
                "/journal/cards", ["drawerId": privateID, "text": "The wombatsecret is here", "newTags": "wombattag"])
            let location = try #require(created.headers.first(name: .location))
            #expect(try await browser.get(location).body.string.contains("wombatsecret"))

            // when "Lock now" is pressed
            let locked = try await browser.post("/journal/lock", [:])
            #expect(locked.headers.first(name: .location) == "/journal?done=journal-locked")
            // then no page shows anything of the card (searches echo only what was typed)
            for path in [
                "/journal", "/journal?q=wombatsec", "/journal?tag=wombattag", "/journal/drawers/\(privateID)",
                location, "\(location)/edit", "/journal/drawers", "/journal?view=cabinet",
            ] {
                let page = try await browser.get(path).body.string
                #expect(!page.contains("wombatsecret") && !page.contains(">wombattag<"), "\(path)")
                #expect(!page.contains("The wombat"), "\(path)")
            }
            // and the journal, whose only card is behind the lock, says so instead of looking empty
            let journal = try await browser.get("/journal").body.string
            #expect(journal.contains("One card is behind the locks") && journal.contains("Open my locked drawers"))
            #expect(!journal.contains("No cards yet"))
            let drawer = try await browser.get("/journal/drawers/\(privateID)")
            #expect(drawer.body.string.contains("Private card"))
            #expect(drawer.body.string.contains("••••••••••"))
            #expect(drawer.body.string.contains("Unlock to read"))
            let card = try await browser.get(location)
            #expect(card.status == .locked)
            #expect(card.body.string.contains("<title>Unlock your journal · Heirloom</title>"))
        }
    }

    @Test("the journal page shows the newest 50 cards, then older ones on request")
    func olderCards() async throws {
        try await withApp { app in
            let (browser, ann) = try await signedIn(app)
            let daily = try #require(try await app.journalDrawers(ann)["Daily"])
            for number in 1...51 {
                _ = try await app.writeCard(ann, drawer: daily, text: "Card number \(number).")
            }
            let first = try await browser.get("/journal").body.string
            #expect(first.contains("Card number 51.") && first.contains("Card number 2."))
            #expect(!first.contains("Card number 1."))
            #expect(first.contains("href=\"/journal?view=timeline&amp;shown=100\""))
            let more = try await browser.get("/journal?view=timeline&shown=100").body.string
            #expect(more.contains("Card number 1.") && !more.contains("Show older cards"))
        }
    }

    @Test("drawers are added, reordered, and deleted after choosing where their cards go")
    func arrangeDrawers() async throws {
        try await withApp { app in
            let (browser, ann) = try await signedIn(app)
            let drawers = try await app.journalDrawers(ann)
            let ideas = try #require(drawers["Ideas"])
            _ = try await app.writeCard(ann, drawer: ideas, text: "A shed")
            _ = try await browser.post("/journal/drawers", ["name": "Letters"])
            _ = try await browser.post("/journal/drawers/\(ideas)/move", ["direction": "up"])
            let names = try await app.api(.GET, "/api/journal/drawers", token: ann.token).drawers.map(\.name)
            #expect(names == ["Ideas", "Daily", "Family", "Gratitude", "Private", "Letters"])

            let confirm = try await browser.get("/journal/drawers/\(ideas)/delete")
            #expect(confirm.body.string.contains("It holds 1 card."))
            #expect(confirm.body.string.contains("name=\"moveTo\""))
            let letters = try #require(try await app.journalDrawers(ann)["Letters"])
            let deleted = try await browser.post("/journal/drawers/\(ideas)/delete", ["moveTo": letters])
            #expect(deleted.headers.first(name: .location) == "/journal/drawers?done=drawer-deleted")
            let moved = try await app.api(.GET, "/api/journal/cards?drawerId=\(letters)", token: ann.token)
            #expect(try moved.decoded(Components.Schemas.JournalCardList.self).cards.count == 1)
        }
    }
}
