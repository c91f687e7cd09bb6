import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Memory, people and phone pages")
struct MemoryWebTests {
    @Test("The add form works without JavaScript: files, ticked people, then the faces step, then the memory")
    func addWithoutScript() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let ann = try await app.addPerson("Ann", token: owner.token)
            let ben = try await app.addPerson("Ben", token: owner.token)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            #expect(try await browser.get("/memories").body.string.contains("Start the family’s collection"))

            // when
            let created = try await browser.postParts(
                "/memories",
                [
                    .text("type", "photo"),
                    .file(
                        "file", fileName: "lake.jpg", contentType: "image/jpeg",
                        try await MediaFixtures.data("photo.jpg")),
                    .text("content", ""), .text("title", "Lake picnic"), .text("date", "14 July 1968"),
                    .text("personIds", "\(ann)"), .text("personIds", "\(ben)"),
                ])

            // then
            #expect(created.status == .seeOther, "\(created.body.string)")
            let facesPath = try #require(created.headers.first(name: .location))
            #expect(facesPath.hasSuffix("/faces?new=1"))
            let id = try #require(Int(facesPath.split(separator: "/")[1]))
            let faces = try await browser.get(facesPath).body.string
            #expect(faces.contains("Who is in “Lake picnic”?") && faces.contains(">Ben</option>"))

            // when
            let saved = try await browser.post(
                "/memories/\(id)/faces",
                ["faceTags": #"[{"photoIndex":0,"personId":\#(ben),"x":0.1,"y":0.1,"width":0.3,"height":0.3}]"#])

            // then
            #expect(saved.headers.first(name: .location) == "/memories/\(id)")
            let outside = #"[{"photoIndex":0,"personId":null,"x":0.9,"y":0.1,"width":0.3,"height":0.3}]"#
            let refused = try await browser.post("/memories/\(id)/faces", ["faceTags": outside])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("must lie within the photo"))
            #expect(refused.body.string.contains("&quot;x&quot;:0.9"), "the boxes just drawn are kept on the page")
            let page = try await browser.get("/memories/\(id)").body.string
            #expect(page.contains("Lake picnic") && page.contains("July 14, 1968"))
            #expect(page.contains("data-face data-x=\"0.1\""))
            #expect(page.contains("Use as Ben’s picture"))
            let grid = try await browser.get("/memories?person=\(ann)&year=1968").body.string
            #expect(grid.contains("href=\"/memories/\(id)\""))
            let person = try await browser.get("/people/\(ben)").body.string
            #expect(person.contains("1 memory with Ben") && person.contains("Lake picnic"))
        }
    }

    @Test("A refused memory shows the form again with the reason, and keeps nothing")
    func refusedForm() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])

            let refused = try await browser.postParts(
                "/memories",
                [
                    .text("type", "photo"),
                    .file(
                        "file", fileName: "a.jpg", contentType: "image/jpeg", try await MediaFixtures.data("photo.jpg")),
                    .text("title", " "), .text("location", "Dover"),
                ])

            #expect(refused.status == .unprocessableEntity)
            let page = refused.body.string
            #expect(page.contains("Please give the memory a title.") && page.contains("value=\"Dover\""))
            #expect(try await app.mediaCount() == 0)
            let forged = try await browser.postParts(
                "/memories", [.text("type", "text"), .text("title", "x"), .text("content", "y")], csrf: false)
            #expect(forged.status == .forbidden)
            #expect(try await Memory.query(on: app.db).count() == 0)
        }
    }

    @Test("People: added from the list page, a second Ann is refused with a sentence; viewers only look")
    func peoplePages() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])

            let added = try await browser.post("/people", ["name": "Ann", "relationship": "grandparent"])
            #expect(added.status == .seeOther)
            let again = try await browser.post("/people", ["name": "ANN"])
            #expect(again.status == .conflict)
            #expect(again.body.string.contains("There is already someone called ANN"))
            let list = try await browser.get("/people").body.string
            #expect(list.contains("Grandparent") && list.contains("No memories yet"))

            let looker = WebSession(app: app)
            _ = try await looker.post("/login", ["email": viewer.email, "password": viewer.password])
            let viewed = try await looker.get("/people").body.string
            #expect(viewed.contains("Ann") && !viewed.contains("Add a person"))
            #expect(try await looker.get("/memories/new").status == .forbidden)
        }
    }

    @Test(
        "Connect a phone: the QR code and its text are shown once, never cached; the phone is listed and can be disconnected"
    )
    func connectAPhone() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            #expect(try await browser.get("/settings").body.string.contains("href=\"/settings/devices\""))

            let paired = try await browser.post("/settings/devices", ["name": "Grandma’s iPhone"])

            #expect(paired.status == .created)
            #expect(paired.headers.first(name: .cacheControl) == "no-store")
            let page = paired.body.string
            #expect(page.contains("<svg") && page.contains("&quot;serverURL&quot;:&quot;http://hub.test&quot;"))
            let token = try #require(try await AuthToken.query(on: app.db).filter(\.$kind == .device).first())
            let later = try await browser.get("/settings/devices").body.string
            #expect(later.contains("Grandma’s iPhone") && !later.contains("<svg"))
            let revoked = try await browser.post("/settings/devices/\(try token.requireID())/revoke", [:])
            #expect(revoked.headers.first(name: .location) == "/settings/devices?done=token-revoked")
            #expect(try await AuthToken.query(on: app.db).filter(\.$kind == .device).count() == 0)
        }
    }

    @Test("A hub that calls itself localhost says, in plain words, that phones cannot reach it; owners learn the fix")
    func localhostWarning() async throws {
        try await withApp(TestOptions(publicURL: "http://localhost:8080")) { app in
            let owner = try await app.setUpHub()
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.get("/settings/devices").body.string
            #expect(page.contains("does not know the address phones use") && !page.contains("HEIRLOOM_"))
            let setup = try await browser.get("/settings/hub").body.string
            #expect(setup.contains("an address only this computer can use") && setup.contains("HEIRLOOM_PUBLIC_URL"))
            // and the backups' defaults it names are the ones the hub uses when the variables are unset
            let defaults = try #require(try BackupSettings.load { $0 == "HEIRLOOM_BACKUP_DIR" ? "/srv/backups" : nil })
            let time = String(format: "%02d:%02d", defaults.hour, defaults.minute)
            let keep = "\(defaults.retention.daily),\(defaults.retention.weekly)"
            #expect(setup.contains("<code>HEIRLOOM_BACKUP_TIME</code> (\(time) unless set"), "\(time)")
            #expect(setup.contains("<code>HEIRLOOM_BACKUP_KEEP</code> (\(keep) unless set"), "\(keep)")
        }
    }

    @Test("Home shows memories from this day in earlier years")
    func onThisDay() async throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let today = try #require(calendar.date(from: DateComponents(year: 2026, month: 7, day: 14, hour: 12)))
        let clock = TestClock()
        clock.advance(by: today.timeIntervalSince(clock.now))
        try await withApp(clock: clock) { app in
            let owner = try await app.setUpHub()
            for (title, date) in [
                ("Bastille Day in Paris", "1968-07-14"), ("Another day", "1968-07-15"), ("Someday", "1968"),
            ] {
                let response = try await app.sendParts(
                    "/api/memories", token: owner.token,
                    parts: [
                        .text("type", "text"), .text("title", title), .text("date", date), .text("content", "words"),
                    ])
                #expect(response.status == .created)
            }
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])

            let home = try await browser.get("/").body.string

            #expect(home.contains("On this day") && home.contains("July 14, in years gone by."))
            let onThisDay = try #require(
                home.range(of: "on-this-day-heading").map { home[$0.upperBound...] }.flatMap { rest in
                    rest.range(of: "</section>").map { rest[..<$0.lowerBound] }
                })
            #expect(onThisDay.contains("Bastille Day in Paris"))
            #expect(!onThisDay.contains("Another day") && !onThisDay.contains("Someday"))
        }
    }
}
