import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// What the holder keeps "only me" stays hers: another owner learns that it is there, never what it says, and only
/// she can let anyone else read it; the trusted contacts read none of it while she lives.
@Suite("The estate binder: what the holder keeps to herself")
struct BinderHolderOnlyTests {
    @Test(
        "another owner cannot widen the holder's own section or entry, sees only that it is there, and nor do the trusted contacts"
    )
    func coOwnerCannotWiden() async throws {
        try await withApp { app in
            // given Margaret keeps her money section to herself, with a password in it
            let family = try await BinderFamily.make(app)
            let closed = try await app.api(
                .PUT, "/api/binder/sections/money", token: family.margaret.token,
                json: ["visibility": BinderFamily.readers("never")])
            #expect(closed.status == .ok, "\(closed.body.string)")
            let id = try await family.entry(
                app, ["section": "money", "title": "Online banking", "text": "\(BinderFamily.canary) password"])

            // when Tom, a co-owner, opens the section to the trusted contacts, and to himself through them
            let widened = try await app.api(
                .PUT, "/api/binder/sections/money", token: family.tom.token,
                json: ["visibility": BinderFamily.readers("now")])
            let entryWidened = try await app.api(
                .PATCH, "/api/binder/entries/\(id)", token: family.tom.token,
                json: ["visibility": BinderFamily.readers("now")])

            // then both are refused, and nothing changed
            #expect(widened.status == .forbidden, "\(widened.body.string)")
            #expect(try widened.apiError.message.contains("Margaret Hill"))
            #expect(entryWidened.status == .notFound)
            let toms = try await app.api(.GET, "/api/binder", token: family.tom.token)
            #expect(!toms.body.string.contains(BinderFamily.canary))
            #expect(!toms.body.string.contains("Online banking"))
            let money = try #require(
                try toms.decoded(Components.Schemas.Binder.self).sections.first { $0.key == .money })
            #expect(money.entries.isEmpty)
            #expect(money.keptByHolder == 1)
            #expect(try await app.api(.GET, "/api/binder/entries/\(id)", token: family.tom.token).status == .notFound)
            let marys = try await app.api(.GET, "/api/executor/binder", token: family.mary)
            #expect(!marys.body.string.contains(BinderFamily.canary))
            #expect(!marys.body.string.contains("keptByHolder"))

            // and Margaret herself reads it, is not told of anything kept, and may open it
            let hers = try await app.api(.GET, "/api/binder", token: family.margaret.token)
            #expect(hers.body.string.contains(BinderFamily.canary))
            #expect(!hers.body.string.contains("keptByHolder"))
            let opened = try await app.api(
                .PUT, "/api/binder/sections/money", token: family.margaret.token,
                json: ["visibility": BinderFamily.readers("now")])
            #expect(opened.status == .ok)
            #expect(
                try await app.api(.GET, "/api/binder", token: family.tom.token).body.string.contains("Online banking"))
        }
    }

    @Test("another owner reads account numbers masked, and saving the entry as they read it keeps the number")
    func coOwnerReadsNumbersMasked() async throws {
        try await withApp { app in
            // given Margaret, the holder, keeps an account number in an entry the owners share
            let family = try await BinderFamily.make(app)
            try await family.fill(app)
            func account(_ token: String) async throws -> Components.Schemas.BinderEntry {
                let binder = try await app.api(.GET, "/api/binder", token: token)
                #expect(binder.status == .ok, "\(binder.body.string)")
                return try #require(
                    try binder.decoded(Components.Schemas.Binder.self).sections.flatMap(\.entries)
                        .first { $0.title == "Current account" })
            }

            // when Tom, a co-owner, reads it through the API
            let toms = try await account(family.tom.token)
            let single = try await app.api(.GET, "/api/binder/entries/\(toms.id)", token: family.tom.token)

            // then the number is masked in every field he is given; Margaret's own answer has it whole
            #expect(toms.fields.additionalProperties["accountNumber"] == "•••• 4567")
            #expect(!single.body.string.contains(BinderFamily.accountNumber))
            let hers = try await account(family.margaret.token)
            #expect(hers.fields.additionalProperties["accountNumber"] == BinderFamily.accountNumber)

            // when he saves the entry with a new title and the fields as he was given them
            let saved = try await app.api(
                .PATCH, "/api/binder/entries/\(toms.id)", token: family.tom.token,
                json: [
                    "section": "money", "title": "Current account (joint)",
                    "fields": toms.fields.additionalProperties as [String: String],
                ])
            #expect(saved.status == .ok, "\(saved.body.string)")

            // then the title changed and the number stored is still the whole one
            let after = try await app.api(.GET, "/api/binder", token: family.margaret.token)
            #expect(after.body.string.contains("Current account (joint)"))
            #expect(after.body.string.contains(BinderFamily.accountNumber))

            // when he sends a masked number that is not the stored one's mask (an old copy), then it is refused
            let stale = try await app.api(
                .PATCH, "/api/binder/entries/\(toms.id)", token: family.tom.token,
                json: [
                    "section": "money", "title": "Current account (joint)",
                    "fields": ["accountNumber": "•••• 9999"] as [String: String],
                ])
            #expect(stale.status == .unprocessableEntity, "\(stale.body.string)")
            #expect(try stale.apiError.field == "fields.accountNumber")
            let kept = try await app.api(.GET, "/api/binder", token: family.margaret.token)
            #expect(kept.body.string.contains(BinderFamily.accountNumber))
        }
    }

    @Test("another owner may narrow a section, and may still change what is not kept to the holder alone")
    func coOwnerMayNarrow() async throws {
        try await withApp { app in
            let family = try await BinderFamily.make(app)
            let narrowed = try await app.api(
                .PUT, "/api/binder/sections/legal", token: family.tom.token,
                json: ["visibility": BinderFamily.readers("never")])
            #expect(narrowed.status == .ok, "\(narrowed.body.string)")
            let reopened = try await app.api(
                .PUT, "/api/binder/sections/legal", token: family.tom.token,
                json: ["visibility": BinderFamily.readers("now")])
            #expect(reopened.status == .forbidden)
        }
    }

    @Test("on the pages: another owner reads that an entry is kept, sees no form to open the section, and is refused")
    func pages() async throws {
        try await withApp { app in
            let family = try await BinderFamily.make(app)
            _ = try await app.api(
                .PUT, "/api/binder/sections/money", token: family.margaret.token,
                json: ["visibility": BinderFamily.readers("never")])
            try await family.entry(app, ["section": "money", "title": "Online banking", "text": BinderFamily.canary])
            let tom = WebSession(app: app)
            _ = try await tom.post("/login", ["email": family.tom.email, "password": family.tom.password])

            let binder = try await tom.get("/binder")
            #expect(binder.status == .ok)
            #expect(binder.body.string.contains("1 more entry here is Margaret Hill\u{2019}s alone"))
            #expect(!binder.body.string.contains(BinderFamily.canary))
            let section = try await tom.get("/binder/sections/money")
            #expect(section.body.string.contains("Only Margaret Hill can let others read it."))
            #expect(!section.body.string.contains("action=\"/binder/sections/money\""))
            let posted = try await tom.post("/binder/sections/money", ["executors": "now"])
            #expect(posted.status == .forbidden)
        }
    }
}
