import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Who may approve a Legacy Treasure Chest phone, whose device id is its only credential, and how long made-up
/// ids can keep places on the waiting list.
@Suite("Approving Legacy Treasure Chest phones")
struct TreasureChestApprovalTests {
    typealias App = TreasureChestApp

    static let textRequest = App.TextRequest(
        hints: .init(userWrittenTitle: "Mantel clock", userWrittenDescription: "Walnut case", knownCategory: "Decor"))

    static func signUp(_ app: Application, _ household: String, _ email: String) async throws -> Member {
        let response = try await app.api(
            .POST, "/api/auth/register",
            json: ["householdName": household, "name": "Sam", "email": email, "password": "a long enough password"])
        #expect(response.status == .created, "\(response.body.string)")
        let auth = try response.decoded(Components.Schemas.AuthResponse.self)
        return Member(
            token: auth.token, id: auth.user.id, householdID: auth.household.id, email: email,
            password: "a long enough password")
    }

    static func fingerprint(_ device: String) -> String { "\(device.prefix(4))…\(device.suffix(4))" }

    @Test("a waiting phone shows only its fingerprint; it is approved with the code it shows, and seen by one family")
    func fingerprintAndCode() async throws {
        var options = TestOptions()
        options.allowSignup = true
        try await withApp(options) { app in
            // given two families on one hub, and the Millers' phone asking for the first time
            let millers = try await app.setUpHub()
            let smiths = try await Self.signUp(app, "The Smiths", "sam@example.com")
            let phone = App.newDevice()
            let refused = try await App.post(
                app, "/ai/analyze-item-text", Self.textRequest, device: phone,
                requestID: "7B2E9C41-5B7D-4E8F-9A0B-1C2D3E4F5A6B")
            #expect(refused.status == .forbidden)
            #expect(refused.headers.first(name: "X-Request-ID") == "7B2E9C41-5B7D-4E8F-9A0B-1C2D3E4F5A6B")
            #expect(try refused.apiError.message.contains("7B2E9C41"))

            // when the Smiths' owner looks at the waiting phones, then only its fingerprint is there
            let smithBrowser = WebSession(app: app)
            _ = try await smithBrowser.post("/login", ["email": smiths.email, "password": smiths.password])
            let page = try await smithBrowser.get("/settings/devices").body.string
            #expect(page.contains(Self.fingerprint(phone)))
            #expect(!page.contains(phone))

            // and the fingerprint does not approve it, on the page or in the API
            for typed in [Self.fingerprint(phone), "\(phone.prefix(4))\(phone.suffix(4))"] {
                let web = try await smithBrowser.post("/settings/devices/gateway", ["device": typed])
                #expect(web.status == .unprocessableEntity, "\(typed)")
                let api = try await app.api(
                    .POST, "/api/gateway/devices", token: smiths.token, json: ["device": typed])
                #expect(api.status == .unprocessableEntity, "\(typed)")
                #expect(try api.apiError.field == "device")
            }
            let waiting = try #require(try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == phone).first())
            #expect(waiting.state == .waiting && waiting.$household.id == nil)

            // when the Millers' owner types the code the phone showed
            try await app.approveTreasureChest(phone, owner: millers, code: "7b2e9c41")

            // then the phone works for the Millers
            let answered = try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: phone)
            #expect(answered.status == .ok, "\(answered.body.string)")
            let approved = try #require(try await GatewayDevice.find(waiting.requireID(), on: app.db))
            #expect(approved.$household.id?.uuidString.lowercased() == millers.householdID.lowercased())

            // and the Smiths neither see it nor take it over with its full id
            let after = try await smithBrowser.get("/settings/devices").body.string
            #expect(!after.contains(phone) && !after.contains(Self.fingerprint(phone)))
            let takeover = try await app.api(
                .POST, "/api/gateway/devices", token: smiths.token, json: ["device": phone, "name": "Ours now"])
            #expect(takeover.status == .unprocessableEntity)
            let still = try #require(try await GatewayDevice.find(waiting.requireID(), on: app.db))
            #expect(still.$household.id?.uuidString.lowercased() == millers.householdID.lowercased())
            #expect(still.name == "Grandma’s iPhone")

            // and an editor cannot approve phones through the API
            let editor = try await app.addMember(role: "editor", by: millers)
            let denied = try await app.api(
                .POST, "/api/gateway/devices", token: editor.token, json: ["device": App.newDevice()])
            #expect(denied.status == .forbidden)
        }
    }

    @Test(
        "a phone whose app data was erased comes back under a new id; asking from the old one's address, it replaces it"
    )
    func replaceAnErasedPhone() async throws {
        try await withApp { app in
            // given Grandma's approved phone, which last asked from the home network's 192.168.1.23
            let owner = try await app.setUpHub()
            let old = App.newDevice()
            let approved = try await app.api(
                .POST, "/api/gateway/devices", token: owner.token,
                json: ["device": old, "name": "Grandma’s iPhone", "dailyAnalyses": 7])
            #expect(approved.status == .created || approved.status == .ok, "\(approved.body.string)")
            // when the app, reinstalled, asks under a new id from the same address
            let new = App.newDevice()
            #expect(
                try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: new).status == .forbidden)
            for device in try await GatewayDevice.query(on: app.db).all() {
                device.lastAddress = "192.168.1.23"
                try await device.save(on: app.db)
            }
            let waitingID = try #require(
                try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == new).first()?.requireID())
            let oldID = try #require(
                try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == old).first()?.requireID())

            // then the owner is told what it may be, and offered to let it take the old one's place
            let ann = WebSession(app: app)
            _ = try await ann.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await ann.get("/settings/devices").body.string
            #expect(page.contains("A phone with the Legacy Treasure Chest app asked to use the hub"))
            #expect(page.contains("Replace Grandma’s iPhone"))
            let replaced = try await ann.post(
                "/settings/devices/gateway/\(waitingID)/replace", ["replaces": oldID.uuidString])
            #expect(replaced.status == .seeOther)

            // and the new id works for the family under the old name and quota; the old one is forgotten
            let phone = try #require(try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == new).first())
            #expect(phone.state == .approved && phone.name == "Grandma’s iPhone" && phone.dailyAnalyses == 7)
            #expect(try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == old).first() == nil)
            // a phone from another address is not offered, and cannot be made to replace one
            let stranger = App.newDevice()
            _ = try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: stranger)
            let strangerID = try #require(
                try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == stranger).first()?.requireID())
            let refused = try await ann.post(
                "/settings/devices/gateway/\(strangerID)/replace", ["replaces": try phone.requireID().uuidString])
            #expect(refused.status == .unprocessableEntity)
        }
    }

    @Test("codes are not guessed: after 10 wrong codes in 15 minutes a household waits, even with the right one")
    func guessedCodes() async throws {
        try await withApp { app in
            // given a waiting phone that showed the code 5C0DE123
            let owner = try await app.setUpHub()
            let phone = App.newDevice()
            _ = try await App.post(
                app, "/ai/analyze-item-text", Self.textRequest, device: phone,
                requestID: "5C0DE123-0000-4000-8000-000000000000")

            // when an owner tries ten wrong codes
            for guess in 0..<10 {
                let wrong = try await app.api(
                    .POST, "/api/gateway/devices", token: owner.token, json: ["device": "0000000\(guess)"])
                #expect(wrong.status == .unprocessableEntity)
            }

            // then the right one is refused too, with Retry-After, and the phone still waits
            let right = try await app.api(
                .POST, "/api/gateway/devices", token: owner.token, json: ["device": "5C0DE123"])
            #expect(right.status == .tooManyRequests)
            #expect(right.headers.first(name: .retryAfter) != nil)
            let waiting = try #require(try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == phone).first())
            #expect(waiting.state == .waiting)
        }
    }

    @Test("made-up ids cannot fill the waiting list: 5 per address, forgotten after a day; an owner types an id")
    func waitingLimits() async throws {
        let clock = TestClock()
        try await withApp(TestOptions(), clock: clock) { app in
            // given sixty made-up device ids from one address
            let owner = try await app.setUpHub()
            // (served on loopback, as behind a local proxy, so that X-Forwarded-For names each phone's address)
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.hubServerAddress?.port)
            let body = try JSONEncoder().encode(Self.textRequest)
            func call(_ device: String, from address: String) async throws -> ClientResponse {
                var headers = HTTPHeaders()
                headers.contentType = .json
                headers.add(name: "X-LTC-Device-ID", value: device)
                headers.add(name: "X-Forwarded-For", value: address)
                return try await app.client.post(
                    URI(string: "http://127.0.0.1:\(port)/ai/analyze-item-text"), headers: headers
                ) { $0.body = ByteBuffer(data: body) }
            }
            for _ in 0..<60 { #expect(try await call(App.newDevice(), from: "203.0.113.9").status == .forbidden) }

            // then only five of them wait, and a family's real phone from another address is still listed
            #expect(try await GatewayDevice.query(on: app.db).filter(\.$state == .waiting).count() == 5)
            let phone = App.newDevice()
            #expect(try await call(phone, from: "198.51.100.4").status == .forbidden)
            #expect(try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == phone).count() == 1)

            // when a phone that was not listed is approved by the id its owner types
            let unlisted = App.newDevice()
            #expect(try await call(unlisted, from: "203.0.113.9").status == .forbidden)
            #expect(try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == unlisted).count() == 0)
            let approved = try await app.api(
                .POST, "/api/gateway/devices", token: owner.token,
                json: ["device": unlisted.lowercased(), "name": "Kitchen iPad", "dailyAnalyses": 5])
            #expect(approved.status == .ok, "\(approved.body.string)")
            #expect(
                try approved.decoded(Components.Schemas.TreasureChestPhone.self).fingerprint
                    == Self.fingerprint(unlisted))
            #expect(try approved.decoded(Components.Schemas.TreasureChestPhone.self).state == .approved)

            // then it works
            #expect(try await call(unlisted, from: "203.0.113.9").status == .ok)

            // and a day later the waiting phones are forgotten, so the address may list new ones
            clock.advance(by: 24 * 60 * 60 + 60)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.get("/settings/devices").body.string
            #expect(!page.contains(Self.fingerprint(phone)))
            #expect(page.contains("No phone is waiting"))
            let fresh = App.newDevice()
            #expect(try await call(fresh, from: "203.0.113.9").status == .forbidden)
            #expect(try await GatewayDevice.query(on: app.db).filter(\.$state == .waiting).count() == 1)
            #expect(try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == fresh).count() == 1)
            await app.server.shutdown()
        }
    }

    @Test("eight analyses at once with a daily quota of 2: exactly two are answered, the others 429")
    func concurrentQuota() async throws {
        try await withApp { app in
            // given a phone approved for two analyses a day
            let owner = try await app.setUpHub()
            let phone = App.newDevice()
            _ = try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: phone)
            try await app.approveTreasureChest(phone, owner: owner, dailyAnalyses: 2)

            // when it sends eight analyses at the same time
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: phone).status
                    }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }

            // then two are answered and six are told the day's analyses are used
            #expect(statuses.filter { $0 == .ok }.count == 2, "\(statuses)")
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 6, "\(statuses)")
            let device = try #require(try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == phone).first())
            #expect(device.analysesUsed == 2)
        }
    }
}
