import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("The estate binder: what executors and beneficiaries read, and when")
struct BinderReleaseTests {
    @Test(
        "executors read 'now' entries at once and the rest only once the estate is released; a cancelled report shows nothing more"
    )
    func executorsOverTime() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let family = try await BinderFamily.make(app)
            try await family.fill(app)
            #expect(
                try BinderFamily.titles(try await app.api(.GET, "/api/executor/binder", token: family.mary)) == [
                    "The will"
                ])

            // when: reported, not yet released
            let report = try await app.api(
                .POST, "/api/executor/report", token: family.mary, json: ["dateOfPassing": "2026-01-02"])
            #expect(report.status == .ok)
            #expect(
                try BinderFamily.titles(try await app.api(.GET, "/api/executor/binder", token: family.mary)) == [
                    "The will"
                ])

            // when: the waiting period runs out
            clock.advance(by: 15 * 86_400)
            let released = try await app.api(.GET, "/api/executor/binder", token: family.mary)

            // then
            #expect(try BinderFamily.titles(released) == ["Current account", "Funeral wishes", "The will"])
            #expect(!released.body.string.contains(BinderFamily.canary))
            // and the number is whole for her now: she closes the account with it
            #expect(released.body.string.contains(BinderFamily.accountNumber))
            let audit = try await app.api(.GET, "/api/estate/audit", token: family.tom.token)
            #expect(audit.body.string.contains("Mary Jones (trusted contact) read the binder"), "\(audit.body.string)")
        }
    }

    @Test(
        "a beneficiary reads only what names them, after the release, and is emailed their link once; another reads nothing"
    )
    func beneficiary() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await BinderFamily.make(app)
            try await family.fill(app)
            let sam = try await app.beneficiary(
                ["name": "Sam Hill", "email": "sam@example.com"], token: family.tom.token)
            let samToken = try await app.recipientSession(sam.id, email: "sam@example.com", owner: family.tom)
            let lily = try await app.recipientSession(family.lily, email: "lily@example.com", owner: family.tom)
            #expect(try BinderFamily.titles(try await app.api(.GET, "/api/recipient/binder", token: lily)).isEmpty)
            try await family.release(app, clock: clock)
            try await app.runScheduler()
            let after = try await app.api(.GET, "/api/recipient/binder", token: lily)
            #expect(try BinderFamily.titles(after) == ["Funeral wishes"])
            #expect(!after.body.string.contains(BinderFamily.canary))
            #expect(try BinderFamily.titles(try await app.api(.GET, "/api/recipient/binder", token: samToken)).isEmpty)
            let told = try await app.outbox(family.tom).messages.filter { $0.purpose == "binderReleased" }
            #expect(told.map(\.toEmail) == ["lily@example.com"])
            let link = try #require(told.first?.link)
            let session = try await app.api(
                .POST, "/api/recipient/session", json: ["token": String(link.split(separator: "/").last ?? "")])
            #expect(session.status == .ok, "\(session.body.string)")
        }
    }

    @Test("an entry shared now, while the holder lives, is told as shared, not as left")
    func sharedNow() async throws {
        try await withApp { app in
            let family = try await BinderFamily.make(app)
            try await family.entry(
                app,
                [
                    "section": "funeral", "title": "Hymns for the service",
                    "visibility": BinderFamily.readers("never", [["beneficiaryId": family.lily, "when": "now"]]),
                ])
            try await app.runScheduler()
            let told = try await app.mailbox(of: "lily@example.com").filter { $0.purpose == "binderReleased" }
            #expect(told.map(\.subject) == ["Margaret Hill has shared papers and wishes with you"])
        }
    }

    @Test("the preview shows exactly what the executor would see, now or once the passing is confirmed")
    func preview() async throws {
        try await withApp { app in
            let family = try await BinderFamily.make(app)
            try await family.fill(app)
            let executors = try await app.api(.GET, "/api/estate/executors", token: family.tom.token)
            let maryID = try #require(try executors.decoded(Components.Schemas.ExecutorList.self).executors.first?.id)
            let now = try await app.api(.GET, "/api/binder/preview?executorId=\(maryID)", token: family.tom.token)
            #expect(try BinderFamily.titles(now) == ["The will"])
            let later = try await app.api(
                .GET, "/api/binder/preview?executorId=\(maryID)&at=2030-01-01T00:00:00Z", token: family.tom.token)
            #expect(try BinderFamily.titles(later) == ["Current account", "Funeral wishes", "The will"])
            #expect(!later.body.string.contains(BinderFamily.accountNumber))
            let lily = try await app.api(
                .GET, "/api/binder/preview?beneficiaryId=\(family.lily)&at=2030-01-01T00:00:00Z",
                token: family.tom.token)
            #expect(try BinderFamily.titles(lily) == ["Funeral wishes"])
            #expect(
                try await app.api(.GET, "/api/binder/preview", token: family.tom.token).status == .unprocessableEntity)
            let both = "/api/binder/preview?executorId=\(maryID)&beneficiaryId=\(family.lily)"
            #expect(try await app.api(.GET, both, token: family.tom.token).status == .unprocessableEntity)
            #expect(
                try await app.api(.GET, "/api/binder/preview?executorId=\(UUID())", token: family.tom.token).status
                    == .notFound)
        }
    }

    @Test("the checklist is built from the binder, ticked once released, and shared among the executors")
    func checklist() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await BinderFamily.make(app)
            try await family.fill(app)
            try await family.entry(
                app, ["section": "people", "title": "Aunt Rose", "fields": ["contactPhone": "01632 960123"]])
            let early = try await app.api(.GET, "/api/executor/checklist", token: family.mary)
            let firstKey = try #require(try early.decoded(Components.Schemas.BinderChecklist.self).tasks.first?.key)
            let refused = try await app.api(
                .PATCH, "/api/executor/checklist", token: family.mary, json: ["key": firstKey, "done": true])
            #expect(refused.status == .conflict)
            #expect(refused.body.string.contains("not_released"))

            try await family.release(app, clock: clock)
            let list = try await app.api(.GET, "/api/executor/checklist", token: family.mary)
            let tasks = try list.decoded(Components.Schemas.BinderChecklist.self).tasks
            #expect(
                tasks.map(\.text) == [
                    "Tell Aunt Rose", "Find “The will” (kept at the bureau, top drawer)", "Read “Funeral wishes”",
                    "Notify Barclays: “Current account”",
                ])
            let ticked = try await app.api(
                .PATCH, "/api/executor/checklist", token: family.mary, json: ["key": tasks[0].key, "done": true])
            #expect(ticked.status == .ok)
            let john = try await app.executorSession(family.tom, name: "John Hill", email: "john@example.com")
            let seen = try await app.api(.GET, "/api/executor/checklist", token: john)
            let first = try #require(try seen.decoded(Components.Schemas.BinderChecklist.self).tasks.first)
            #expect(first.done && first.doneBy == "Mary Jones")
            let unknown = try await app.api(
                .PATCH, "/api/executor/checklist", token: john, json: ["key": "entry-nothing", "done": true])
            #expect(unknown.status == .notFound)
        }
    }

    @Test("papers reach an outsider whole (the PDF, every page) and only while they may read the entry")
    func papers() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let family = try await BinderFamily.make(app)
            let id = try await family.entry(app, ["section": "insurance", "title": "Life policy"])
            let pdf = try await MediaFixtures.data("letter.pdf")
            let paper = try await app.multipart(
                "/api/binder/entries/\(id)/documents", token: family.margaret.token,
                files: [("file", "policy.pdf", pdf)])
            let mediaID = try #require(try paper.decoded(Components.Schemas.BinderEntry.self).documents.first?.mediaId)
            let path = "/api/binder/files/\(mediaID)/original"
            #expect(try await app.download(path, token: family.mary).status == .notFound)
            try await family.release(app, clock: clock)
            let binder = try await app.api(.GET, "/api/executor/binder", token: family.mary)
            let url = try #require(
                try binder.decoded(Components.Schemas.Binder.self).sections.flatMap(\.entries).first?.documents.first?
                    .url)
            #expect(url == path)
            // and the original is the PDF itself, every page of it, not a picture of its first page
            let download = try await app.download(path, token: family.mary)
            #expect(download.status == .ok)
            #expect(Data(buffer: download.body) == pdf)
            #expect(download.headers.contentType == .pdf)
            #expect(try await app.download(path, token: "not-a-session").status == .notFound)
        }
    }
}
