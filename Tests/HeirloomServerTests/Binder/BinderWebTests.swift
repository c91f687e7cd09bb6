import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("The estate binder's pages")
struct BinderWebTests {
    static func signIn(_ app: Application, _ member: Member) async throws -> WebSession {
        let browser = WebSession(app: app)
        _ = try await browser.post("/login", ["email": member.email, "password": member.password])
        return browser
    }

    @Test(
        "a number is whole only for the holder who asks and for the trusted contact after the release; the private note stays the holder's"
    )
    func numbersAndCanary() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let family = try await BinderFamily.make(app)
            try await family.fill(app)
            let binder = try await app.api(.GET, "/api/binder", token: family.margaret.token)
            let entries = try binder.decoded(Components.Schemas.Binder.self).sections.flatMap(\.entries)
            let account = try #require(entries.first { $0.title == "Current account" }).id
            let secret = try #require(entries.first { $0.title == "For me alone" }).id
            let margaret = try await Self.signIn(app, family.margaret)
            let tom = try await Self.signIn(app, family.tom)

            // then: the holder's pages mask the number and show her note
            for path in ["/binder", "/binder/entries/\(account)", "/binder/entries/\(account)/edit"] {
                let page = try await margaret.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(!page.body.string.contains(BinderFamily.accountNumber), "\(path)")
                #expect(!page.body.string.contains("91234567"), "\(path)")
                #expect(page.body.string.contains("•••• 4567"), "\(path)")
            }
            // and she sees it whole when she asks, and another owner cannot
            let asked = try await margaret.get("/binder/entries/\(account)?numbers=show").body.string
            #expect(asked.contains(BinderFamily.accountNumber) && asked.contains("Hide the number"))
            #expect(try await margaret.get("/binder/entries/\(account)").body.string.contains("Show the number"))
            let tomAsks = try await tom.get("/binder/entries/\(account)?numbers=show").body.string
            #expect(!tomAsks.contains("91234567") && !tomAsks.contains("Show the number"))
            #expect(try await margaret.get("/binder").body.string.contains("For me alone"))
            #expect(try await margaret.get("/binder/entries/\(secret)").body.string.contains(BinderFamily.canary))
            // another owner finds nothing of it
            #expect(!(try await tom.get("/binder").body.string.contains("For me alone")))
            #expect(try await tom.get("/binder/entries/\(secret)").status == .notFound)
            let executors = try await app.api(.GET, "/api/estate/executors", token: family.tom.token)
            let maryID = try #require(try executors.decoded(Components.Schemas.ExecutorList.self).executors.first?.id)
            let preview = try await tom.get("/binder/preview?as=executor:\(maryID)&when=after")
            #expect(preview.body.string.contains("Current account"))
            #expect(!preview.body.string.contains(BinderFamily.canary))
            #expect(!preview.body.string.contains("91234567"))

            // when: the estate is released, the executor's page leads with the checklist and the binder
            try await family.release(app, clock: clock)
            let link = try await app.linkToken(for: "mary@example.com")
            let mary = WebSession(app: app)
            let page = try await mary.get("/executor/\(link)")
            #expect(page.status == .seeOther || page.status == .found, "\(page.status)")
            let home = try await mary.get("/executor")
            let html = home.body.string
            #expect(html.contains("The first things to do"))
            #expect(html.contains("Find “The will”"))
            #expect(html.contains(BinderFamily.accountNumber) && !html.contains(BinderFamily.canary))
            let checklist = html.range(of: "The first things to do")!.lowerBound
            let heirs = try #require(html.range(of: "id=\"heirs\"")).lowerBound
            #expect(checklist < heirs)
            let tasks = try await app.api(.GET, "/api/executor/checklist", token: family.mary)
            let key = try #require(try tasks.decoded(Components.Schemas.BinderChecklist.self).tasks.first?.key)
            let ticked = try await mary.post("/executor/checklist/\(key)", ["done": "yes"])
            #expect(ticked.status == .seeOther, "\(ticked.body.string)")
            #expect(try await mary.get("/executor").body.string.contains("Done by Mary Jones"))
            for mail in try await OutboxMessage.query(on: app.db).all() {
                #expect(!mail.textBody.contains("91234567") && !mail.htmlBody.contains("91234567"))
                #expect(!mail.textBody.contains(BinderFamily.canary))
            }
        }
    }

    @Test("the entry form shows what is wrong beside the field and keeps what was typed")
    func formErrors() async throws {
        try await withApp { app in
            let family = try await BinderFamily.make(app)
            let margaret = try await Self.signIn(app, family.margaret)
            let response = try await margaret.post(
                "/binder/entries",
                [
                    "section": "money", "title": "", "text": "Joint account", "fields[institution]": "Nationwide",
                    "follow": "section", "executors": "afterPassing",
                ])
            #expect(response.status == .unprocessableEntity)
            #expect(response.body.string.contains("Please give the entry a title"))
            #expect(response.body.string.contains("Nationwide"))
            #expect(response.body.string.contains("Joint account"))
            let created = try await margaret.post(
                "/binder/entries",
                [
                    "section": "money", "title": "Savings", "fields[institution]": "Nationwide",
                    "fields[accountNumber]": "12345678", "follow": "own", "executors": "now",
                    "readers[\(family.lily)]": "afterPassing",
                ])
            #expect(created.status == .seeOther, "\(created.body.string)")
            let binder = try await app.api(.GET, "/api/binder", token: family.margaret.token)
            let entry = try #require(
                try binder.decoded(Components.Schemas.Binder.self).sections.flatMap(\.entries).first)
            #expect(entry.visibility.executors == .now)
            #expect(entry.visibility.beneficiaries.map(\.beneficiaryId) == [family.lily])
            // a blank number on the edit form keeps the stored one
            let saved = try await margaret.post(
                "/binder/entries/\(entry.id)",
                [
                    "section": "money", "title": "Savings account", "fields[accountNumber]": "", "follow": "section",
                    "executors": "never",
                ])
            #expect(saved.status == .seeOther, "\(saved.body.string)")
            let after = try await app.api(.GET, "/api/binder/entries/\(entry.id)", token: family.margaret.token)
            let changed = try after.decoded(Components.Schemas.BinderEntry.self)
            #expect(changed.fields.additionalProperties["accountNumber"] == "12345678")
            #expect(changed.title == "Savings account" && changed.followsSection)
        }
    }
}
