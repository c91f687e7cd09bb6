import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A widow's estate with two granddaughters as heirs, one added without an email address. Her son is the holder's
/// owner-in-charge here (an owner who is not the holder, so that his requests never cancel a report).
struct HandOverFamily {
    var owner: Member
    var holder: Member
    var lily: Components.Schemas.Beneficiary
    var rose: Components.Schemas.Beneficiary
    var executor: String

    static func make(_ app: Application) async throws -> HandOverFamily {
        let owner = try await app.setUpHub()
        let holder = try await app.addMember(
            role: "editor", by: owner, name: "Margaret Miller", email: "margaret@example.com")
        _ = try await app.api(.PUT, "/api/estate", token: owner.token, json: ["holderUserId": holder.id])
        let lily = try await app.beneficiary(["name": "Lily Miller", "email": "lily@example.com"], token: owner.token)
        let rose = try await app.beneficiary(["name": "Rose Miller"], token: owner.token)
        let pearls = try await app.item(["name": "Pearls"], token: owner.token)
        let quilt = try await app.item(["name": "Quilt"], token: owner.token)
        for (item, person) in [(pearls, lily), (quilt, rose)] {
            let response = try await app.api(
                .POST, "/api/items/\(item.id)/beneficiaries", token: owner.token,
                json: ["beneficiaryId": person.id, "accessPermission": "uponPassing"])
            #expect(response.status == .created, "\(response.body.string)")
        }
        let executor = try await app.executorSession(owner, name: "Tom Miller", email: "tom@example.com")
        return HandOverFamily(owner: owner, holder: holder, lily: lily, rose: rose, executor: executor)
    }

    /// The trusted contact reports the passing with a note, and the waiting period runs out.
    func release(_ app: Application, clock: TestClock) async throws {
        let report = try await app.api(
            .POST, "/api/executor/report", token: executor,
            json: ["dateOfPassing": Day(clock.now, in: .current).text, "note": "She went peacefully, at home."])
        #expect(report.status == .ok, "\(report.body.string)")
        clock.advance(by: 14 * 86_400 + 1)
        try await app.runScheduler()
    }

    /// An owner passes the waiting emails on by hand (the hub has no mail server here) and says so in the outbox.
    func deliverByHand(_ app: Application) async throws {
        for message in try await app.outbox(owner).messages where message.status == .queued {
            let sent = try await app.api(.POST, "/api/outbox/\(message.id)/sent", token: owner.token)
            #expect(sent.status == .ok, "\(sent.body.string)")
        }
    }
}

extension Application {
    func heirs(_ token: String, path: String = "/api/estate/heirs") async throws -> [String: Components.Schemas.Heir] {
        let response = try await api(.GET, path, token: token)
        #expect(response.status == .ok, "\(response.body.string)")
        let heirs = try response.decoded(Components.Schemas.HeirList.self).heirs
        return Dictionary(uniqueKeysWithValues: heirs.map { ($0.name, $0) })
    }
}

@Suite("The hand-over: no heir left out without the family being shown it")
struct HandOverTests {
    @Test("before the release, the heir without an email is named everywhere the family plans")
    func beforeRelease() async throws {
        try await withApp(clock: TestClock()) { app in
            // given
            let family = try await HandOverFamily.make(app)
            // when
            let heirs = try await app.heirs(family.owner.token)
            // then
            #expect(heirs["Lily Miller"]?.state == .waiting)
            #expect(heirs["Lily Miller"]?.needsTelling == false)
            #expect(heirs["Rose Miller"]?.state == .cannotBeTold)
            #expect(heirs["Rose Miller"]?.needsTelling == true)
            let preview = try await app.api(
                .GET, "/api/release/preview?beneficiaryId=\(family.rose.id)&at=2031-01-01", token: family.owner.token)
            #expect(try preview.decoded(Components.Schemas.RecipientItemList.self).wouldBeTold == false)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": family.owner.email, "password": family.owner.password])
            let settings = try await browser.get("/settings/passing-on")
            #expect(settings.body.string.contains("Rose Miller would not be told when the time comes"))
            let home = try await browser.get("/")
            #expect(home.body.string.contains("Rose Miller would not be told when the time comes"))
            let previewPage = try await browser.get("/settings/passing-on/preview/\(family.rose.id)?at=2031-01-01")
            #expect(previewPage.body.string.contains("nobody would tell them"))
            // a trusted contact sees no heirs before the release
            let early = try await app.api(.GET, "/api/executor/heirs", token: family.executor)
            #expect(early.status == .conflict)
            #expect(try early.apiError.code == "not_released")
            // when an owner adds her email in one step
            let bad = try await browser.post("/settings/passing-on/heirs/\(family.rose.id)/email", ["email": "rose@"])
            #expect(bad.status == .unprocessableEntity)
            let saved = try await browser.post(
                "/settings/passing-on/heirs/\(family.rose.id)/email", ["email": "rose@example.com"])
            #expect(saved.status == .seeOther)
            // then nobody is left to tell
            #expect(try await app.heirs(family.owner.token)["Rose Miller"]?.state == .waiting)
            let after = try await browser.get("/settings/passing-on")
            #expect(!after.body.string.contains("would not be told when the time comes"))
        }
    }

    @Test("at the release, the heir nobody could tell is recorded once, shown to all, and given her link by hand")
    func notToldAtRelease() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let family = try await HandOverFamily.make(app)
            // when
            try await family.release(app, clock: clock)
            try await app.runScheduler()
            // then: Lily's email is written but has not left the hub, until an owner passes it on
            #expect(try await app.heirs(family.owner.token)["Lily Miller"]?.state == .beingTold)
            try await family.deliverByHand(app)
            let heirs = try await app.heirs(family.owner.token)
            #expect(heirs["Lily Miller"]?.state == .told)
            #expect(heirs["Rose Miller"]?.state == .notTold)
            #expect(heirs["Rose Miller"]?.notToldSince != nil)
            let notTold = try await AuditEntry.query(on: app.db).filter(\.$event == "recipientNotTold").all()
            #expect(notTold.count == 1)
            let toRose = try await OutboxMessage.query(on: app.db).filter(\.$purpose == "recipientItems").all()
            #expect(toRose.map(\.toEmail) == ["lily@example.com"])
            // the trusted contact sees names and states, and nothing of the things
            let seen = try await app.heirs(family.executor, path: "/api/executor/heirs")
            #expect(seen["Rose Miller"]?.state == .notTold)
            #expect(seen["Rose Miller"]?.released == nil)
            #expect(seen["Lily Miller"]?.total == nil)
            let browser = WebSession(app: app)
            let link = try await app.linkToken(for: "tom@example.com")
            _ = try await browser.get("/executor/\(link)")
            let page = try await browser.get("/executor")
            #expect(page.body.string.contains("Rose Miller has not been told"))
            #expect(!page.body.string.contains("Each person has been sent a link"))
            #expect(!page.body.string.contains("Quilt"))
            // a trusted contact cannot print a link for someone the hub told (it would end theirs)
            let told = try await app.api(
                .POST, "/api/executor/heirs/\(family.lily.id)/link", token: family.executor)
            #expect(told.status == .conflict)
            #expect(try told.apiError.code == "already_told")
            // when the trusted contact prints Rose's link
            let printed = try await browser.post("/executor/heirs/\(family.rose.id)/link", [:])
            #expect(printed.status == .ok)
            #expect(printed.headers.first(name: .cacheControl) == "no-store")
            let url = try #require(
                printed.body.string.firstMatch(of: /http:\/\/hub\.test\/r\/[A-Za-z0-9_-]+/).map { String($0.0) })
            #expect(try await app.heirs(family.owner.token)["Rose Miller"]?.state == .givenByHand)
            // then the link opens her page, with the note the trusted contact wrote
            let session = try await app.api(
                .POST, "/api/recipient/session", json: ["token": String(url.split(separator: "/").last ?? "")])
            let token = try session.decoded(Components.Schemas.TokenExchange.self).token
            let items = try await app.api(.GET, "/api/recipient/items", token: token)
            #expect(try items.decoded(Components.Schemas.RecipientItemList.self).items.map(\.name) == ["Quilt"])
            #expect(
                try items.decoded(Components.Schemas.RecipientItemList.self).note?.text
                    == "She went peacefully, at home.")
            #expect(try await app.heirs(family.owner.token)["Rose Miller"]?.state == .opened)
            // an owner prints it too, over the API; the earlier printed link stops working
            let again = try await app.api(
                .POST, "/api/estate/heirs/\(family.rose.id)/link", token: family.owner.token)
            #expect(again.status == .created)
            let old = try await app.api(
                .POST, "/api/recipient/session", json: ["token": String(url.split(separator: "/").last ?? "")])
            #expect(old.status == .notFound)
        }
    }

    @Test("reopening asks first, hides the things again and tells each heir who was told, kindly")
    func reopen() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let family = try await HandOverFamily.make(app)
            try await family.release(app, clock: clock)
            try await family.deliverByHand(app)
            let printed = try await app.api(
                .POST, "/api/estate/heirs/\(family.rose.id)/link", token: family.owner.token)
            #expect(printed.status == .created)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": family.owner.email, "password": family.owner.password])
            // when
            let confirm = try await browser.get("/settings/passing-on/reopen")
            // then
            #expect(confirm.status == .ok)
            #expect(confirm.body.string.contains("Lily Miller was told"))
            #expect(confirm.body.string.contains("no email address for Rose Miller"))
            // when the owner confirms
            let done = try await browser.post("/settings/passing-on/reopen", [:])
            #expect(done.status == .seeOther)
            // then
            let sorry = try await OutboxMessage.query(on: app.db).filter(\.$purpose == "recipientReopened").all()
            #expect(sorry.map(\.toEmail) == ["lily@example.com"])
            #expect(sorry.first?.subject == "Margaret Miller is well: the earlier message was a mistake")
            let heirs = try await app.heirs(family.owner.token)
            #expect(heirs["Lily Miller"]?.state == .waiting)
            #expect(heirs["Rose Miller"]?.state == .cannotBeTold)
            try await app.runScheduler()
            let announced = try await OutboxMessage.query(on: app.db).filter(\.$purpose == "recipientItems").count()
            #expect(announced == 1)
        }
    }

    @Test("the holder who comes back sees first what happened, and what they can do")
    func holderComesBack() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a report
            let family = try await HandOverFamily.make(app)
            _ = try await app.api(
                .POST, "/api/executor/report", token: family.executor,
                json: ["dateOfPassing": Day(clock.now, in: .current).text])
            // when the holder signs in, a little later
            clock.advance(by: 3_600)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": family.holder.email, "password": family.holder.password])
            let home = try await browser.get("/")
            // then
            #expect(home.body.string.contains("A passing was reported while you were away"))
            let owner = WebSession(app: app)
            _ = try await owner.post("/login", ["email": family.owner.email, "password": family.owner.password])
            #expect(!(try await owner.get("/").body.string.contains("while you were away")))
            #expect(try await owner.get("/settings/passing-on/what-happened").status == .seeOther)
            let story = try await browser.get("/settings/passing-on/what-happened")
            #expect(story.status == .ok)
            #expect(story.body.string.contains("Tom Miller reported the passing"))
            #expect(story.body.string.contains("said they are still here"))
            // and after a second report runs out, she reads that things were given out
            _ = try await app.api(
                .POST, "/api/executor/report", token: family.executor,
                json: ["dateOfPassing": Day(clock.now, in: .current).text])
            clock.advance(by: 15 * 86_400)
            try await app.runScheduler()
            let released = try await browser.get("/")
            #expect(released.body.string.contains("believed you had passed away"))
            let page = try await browser.get("/settings/passing-on/what-happened")
            #expect(page.body.string.contains("Lily Miller"))
            #expect(page.body.string.contains("ask one of the family’s owners"))
        }
    }

    @Test("the one-tap still-here link works once, and not after the release moment")
    func stillHereOnce() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given
            let family = try await HandOverFamily.make(app)
            let report = { () async throws -> String in
                _ = try await app.api(
                    .POST, "/api/executor/report", token: family.executor,
                    json: ["dateOfPassing": Day(clock.now, in: .current).text])
                let told = try await OutboxMessage.query(on: app.db).filter(\.$purpose == "holderPassingReported")
                    .sort(\.$createdAt, .descending).first()
                let link = try #require(told?.link)
                return String(link.dropFirst("http://hub.test".count))
            }
            let first = try await report()
            let browser = WebSession(app: app)
            // when
            let pressed = try await browser.post(first, [:])
            let again = try await browser.post(first, [:])
            // then
            #expect(pressed.status == .ok)
            #expect(again.status == .notFound)
            // a second report's link stops working at its release moment
            clock.advance(by: 60)
            let second = try await report()
            #expect(second != first)
            clock.advance(by: 14 * 86_400 + 1)
            let late = try await browser.get(second)
            #expect(late.status == .notFound)
        }
    }

    @Test("the item page asks a new beneficiary's email, and marks those the hub could not tell")
    func itemFormAsksEmail() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let item = try await app.item(["name": "Brooch"], token: owner.token)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let form = try await browser.get("/items/\(item.id)/beneficiaries/new")
            #expect(form.body.string.contains("So the hub can tell them when the time comes"))
            // when
            let bad = try await browser.post(
                "/items/\(item.id)/beneficiaries",
                [
                    "beneficiaryId": "new", "newName": "Ivy Miller", "newEmail": "ivy@",
                    "accessPermission": "uponPassing",
                ]
            )
            // then nothing is made
            #expect(bad.status == .unprocessableEntity)
            #expect(try await Beneficiary.query(on: app.db).count() == 0)
            // without an email the item page says so
            let noEmail = try await browser.post(
                "/items/\(item.id)/beneficiaries",
                ["beneficiaryId": "new", "newName": "Ivy Miller", "accessPermission": "uponPassing"])
            #expect(noEmail.status == .seeOther)
            let page = try await browser.get("/items/\(item.id)")
            #expect(page.body.string.contains("No email address yet, so Ivy Miller would not be told"))
        }
    }
}
