import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Runs the body with a hub whose AI provider (and, when asked, speech-to-text) is a fake on loopback.
func withGateway(
    _ provider: String?,
    _ replies: [FakeAIProvider.Reply] = [],
    speechToText: Bool = false,
    speechProvider: String? = nil,
    places: Bool = false,
    clock: TestClock = TestClock(),
    _ body: (Application, FakeAIProvider) async throws -> Void
) async throws {
    let fake = try await FakeAIProvider.start(replies.isEmpty ? [.init(body: "{}")] : replies)
    var options = TestOptions()
    if let provider {
        options.extraEnvironment = [
            "HEIRLOOM_AI_PROVIDER": provider,
            "HEIRLOOM_AI_BASE_URL": provider == "openai" ? fake.baseURL + "/v1" : fake.baseURL,
            "HEIRLOOM_AI_API_KEY": testAIKey,
            "HEIRLOOM_AI_MODEL": provider == "openai" ? "gpt-test" : "gemini-test",
            "HEIRLOOM_AI_TIMEOUT_SECONDS": "10",
        ]
    }
    if speechToText {
        options.extraEnvironment["HEIRLOOM_STT_BASE_URL"] = fake.baseURL + "/v1"
        options.extraEnvironment["HEIRLOOM_STT_MODEL"] = "whisper-test"
    }
    if let speechProvider { options.extraEnvironment["HEIRLOOM_STT_PROVIDER"] = speechProvider }
    if places {
        options.extraEnvironment["HEIRLOOM_PLACES_API_KEY"] = "places-test-key"
        options.extraEnvironment["HEIRLOOM_PLACES_BASE_URL"] = fake.baseURL
    }
    options.aiSleep = { _ in }
    do {
        try await withApp(options, clock: clock) { app in try await body(app, fake) }
    } catch {
        await fake.shutdown()
        throw error
    }
    await fake.shutdown()
}

@Suite("Legacy Treasure Chest gateway")
struct TreasureChestGatewayTests {
    typealias App = TreasureChestApp

    static let textRequest = App.TextRequest(
        hints: .init(
            userWrittenTitle: "Mantel clock", userWrittenDescription: "Walnut case, chimes", knownCategory: "Decor"))

    /// A device that has called once and been approved by the owner.
    static func approvedDevice(_ app: Application, owner: Member, dailyAnalyses: Int = 50) async throws -> String {
        let device = App.newDevice()
        let first = try await App.post(app, "/ai/analyze-item-text", textRequest, device: device)
        #expect(first.status == .forbidden)
        try await app.approveTreasureChest(device, owner: owner, dailyAnalyses: dailyAnalyses)
        return device
    }

    @Test("an unknown phone waits for an owner's approval with 403; approved it works; refused or removed it stops")
    func approval() async throws {
        try await withGateway(nil) { app, _ in
            let owner = try await app.setUpHub()
            let device = App.newDevice()
            // when a new phone calls
            let refused = try await App.post(
                app, "/ai/analyze-item-text", Self.textRequest, device: device,
                requestID: "6A1F3C2E-5B7D-4E8F-9A0B-1C2D3E4F5A6B")
            // then it is refused in the JSON error shape, with its request id echoed, and listed as waiting
            #expect(refused.status == .forbidden)
            #expect(try refused.apiError.code == "device_not_approved")
            #expect(refused.headers.first(name: "X-Request-ID") == "6A1F3C2E-5B7D-4E8F-9A0B-1C2D3E4F5A6B")
            #expect(refused.headers.first(name: "X-LTC-Device-ID") == device)
            let row = try #require(try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == device).first())
            #expect(row.state == .waiting)

            // a viewer or editor cannot approve it
            let editor = try await app.addMember(role: "editor", by: owner)
            let editorBrowser = WebSession(app: app)
            _ = try await editorBrowser.post("/login", ["email": editor.email, "password": editor.password])
            #expect(!(try await editorBrowser.get("/settings/devices").body.string.contains(device)))
            let denied = try await editorBrowser.post("/settings/devices/gateway/\(try row.requireID())/approve", [:])
            #expect(denied.status == .forbidden)

            // when the owner approves it, then its calls are answered
            try await app.approveTreasureChest(device, owner: owner)
            let answered = try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: device)
            #expect(answered.status == .ok, "\(answered.body.string)")
            #expect(answered.headers.first(name: "X-Request-ID") != nil)
            let approved = try #require(try await GatewayDevice.find(row.requireID(), on: app.db))
            #expect(approved.name == "Grandma’s iPhone")
            #expect(approved.$household.id?.uuidString.lowercased() == owner.householdID.lowercased())

            // when the owner refuses it, then it is refused again
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            _ = try await browser.post("/settings/devices/gateway/\(try row.requireID())/refuse", [:])
            #expect(
                try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: device).status == .forbidden)
            // and when removed, its next call waits for approval again
            _ = try await browser.post("/settings/devices/gateway/\(try row.requireID())/remove", [:])
            #expect(
                try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: device).status == .forbidden)
            let again = try #require(try await GatewayDevice.query(on: app.db).filter(\.$deviceKey == device).first())
            #expect(again.state == .waiting)

            // a call without a device id, or with one that is not a UUID, is refused and records nothing
            let count = try await GatewayDevice.query(on: app.db).count()
            #expect(
                try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: "not-a-uuid").status
                    == .forbidden)
            #expect(try await GatewayDevice.query(on: app.db).count() == count)
        }
    }

    @Test("the app's photo analysis with its hints is answered in its shape; Heirloom's own callers keep theirs")
    func photoAnalysis() async throws {
        try await withGateway("gemini", [Wire.gemini(Wire.analysis)]) { app, fake in
            let owner = try await app.setUpHub()
            let device = try await Self.approvedDevice(app, owner: owner)
            let photo = try await MediaFixtures.data("photo.jpg").base64EncodedString()
            let request = App.PhotoRequest(
                imageJpegBase64: photo,
                hints: .init(
                    userWrittenTitle: "Tea set",
                    userWrittenDescription:
                        "Grandma's silver.\n\nAdditional details from owner:\nStamped 925 under the lid",
                    knownCategory: "China & Crystal"))
            // when the app sends it
            let response = try await App.post(
                app, "/ai/analyze-item-photo", request, device: device,
                requestID: "0F6C0C4B-2A5E-4D49-8E0B-42A1B2C3D4E5")
            // then it decodes in the app's model with the range, the estimate and a date it can parse
            #expect(response.status == .ok, "\(response.body.string)")
            #expect(response.headers.first(name: "X-Request-ID") == "0F6C0C4B-2A5E-4D49-8E0B-42A1B2C3D4E5")
            let analysis = try App.decode(App.ItemAnalysis.self, response)
            #expect(analysis.title == "Sterling silver tea set")
            #expect(analysis.category == "China & Crystal")
            #expect(analysis.maker == "Gorham")
            #expect(analysis.materials == ["sterling silver"])
            #expect(analysis.eraOrYear == "1920s")
            let hints = try #require(analysis.valueHints)
            #expect(hints.valueLow == 800)
            #expect(hints.estimatedValue == 1000)
            #expect(hints.valueHigh == 1200)
            #expect(hints.currencyCode == "USD")
            #expect(hints.confidenceScore == 0.7)
            #expect(hints.aiProvider == "gemini-test")
            #expect(App.valuationDate(try #require(hints.valuationDate)) != nil)
            #expect(!(hints.valuationDate ?? "").contains("."))
            // and the owner's notes reached the appraiser as authoritative facts
            let sent = try #require(fake.modelRequests.last?.body)
            #expect(sent.contains("Stamped 925 under the lid"))
            #expect(sent.contains("authoritative"))

            // an empty hints object is accepted too
            let empty = try await App.post(
                app, "/ai/analyze-item-photo", App.PhotoRequest(imageJpegBase64: photo, hints: .init()), device: device)
            #expect(empty.status == .ok, "\(empty.body.string)")
            _ = try App.decode(App.ItemAnalysis.self, empty)

            // Heirloom's own caller of the same path keeps Heirloom's answer
            let own = try await app.api(
                .POST, "/ai/analyze-item-photo", token: owner.token,
                json: ["imageJpegBase64": photo, "hints": ["title": "Tea set"]])
            #expect(own.status == .ok)
            #expect(try own.decoded(Components.Schemas.ItemAnalysis.self).valueHints?.low == 800)
            // and bad base64 from the app is a 400
            let bad = try await App.post(
                app, "/ai/analyze-item-photo", App.PhotoRequest(imageJpegBase64: "%%%", hints: nil), device: device)
            #expect(bad.status == .badRequest, "\(bad.status)")
        }
    }

    @Test("text analysis answers from the hints alone; blank hints are a 422")
    func textAnalysis() async throws {
        try await withGateway("openai", [Wire.openAI(Wire.analysis)]) { app, fake in
            let owner = try await app.setUpHub()
            let device = try await Self.approvedDevice(app, owner: owner)
            let response = try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: device)
            #expect(response.status == .ok, "\(response.body.string)")
            let analysis = try App.decode(App.ItemAnalysis.self, response)
            #expect(analysis.valueHints?.estimatedValue == 1000)
            #expect(fake.modelRequests.last?.body.contains("Walnut case, chimes") == true)
            #expect(fake.modelRequests.last?.body.contains("no photo") == true)
            let blank = try await App.post(
                app, "/ai/analyze-item-text", App.TextRequest(hints: .init(userWrittenTitle: "  ")), device: device)
            #expect(blank.status == .unprocessableEntity)
        }
    }

    @Test("approved phones are limited: 10 analyses a minute, the owner's daily quota, each a 429 with Retry-After")
    func rateLimits() async throws {
        let clock = TestClock()
        try await withGateway(nil, clock: clock) { app, _ in
            let owner = try await app.setUpHub()
            let device = try await Self.approvedDevice(app, owner: owner, dailyAnalyses: 100)
            for _ in 0..<10 {
                let ok = try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: device)
                #expect(ok.status == .ok)
            }
            let limited = try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: device)
            #expect(limited.status == .tooManyRequests)
            #expect(try limited.apiError.code == "rate_limited")
            let wait = try #require(limited.headers.first(name: .retryAfter).flatMap(Int.init))
            #expect(wait >= 1 && wait <= 60)
            #expect(limited.headers.first(name: "X-Request-ID") != nil)
            // a plan is not an analysis: it still passes
            clock.advance(by: 61)
            #expect(try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: device).status == .ok)

            // the daily quota the owner set
            let small = try await Self.approvedDevice(app, owner: owner, dailyAnalyses: 2)
            #expect(try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: small).status == .ok)
            #expect(try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: small).status == .ok)
            let daily = try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: small)
            #expect(daily.status == .tooManyRequests)
            #expect((daily.headers.first(name: .retryAfter).flatMap(Int.init) ?? 0) >= 1)
            clock.advance(by: 86_400)
            #expect(try await App.post(app, "/ai/analyze-item-text", Self.textRequest, device: small).status == .ok)
        }
    }

    static let briefRequest = App.BriefRequest(
        scope: .item, title: "Oak dining table", description: "Seats eight, two leaves", category: "Furniture",
        quantity: 1, unitValue: 900, currencyCode: "USD", valuationLow: 600, valuationLikely: 900, valuationHigh: 1200,
        setContext: .init(setName: "Dining room", setType: "Dining Room", memberSummaries: []),
        inputs: .init(
            goal: .balanced,
            constraints: .init(localPickupOnly: true, deadline: Date(timeIntervalSince1970: 1_790_000_000))))

    @Test("without a provider, the brief and the plan are rule-based, labelled, and decode in the app's models")
    func rulesAdvice() async throws {
        try await withGateway(nil) { app, _ in
            let owner = try await app.setUpHub()
            let device = try await Self.approvedDevice(app, owner: owner)
            let response = try await App.post(app, "/ai/generate-liquidation-brief", Self.briefRequest, device: device)
            #expect(response.status == .ok, "\(response.body.string)")
            let brief = try App.decode(App.Brief.self, response)
            #expect(brief.aiProvider == "heirloom-rules")
            #expect(brief.reasoning.hasPrefix("Rule-based advice"))
            #expect(brief.recommendedPath == .delegateConsign)
            #expect(brief.pathOptions.count == 4)
            #expect(brief.inputs?.goal == .balanced)
            #expect(!response.body.string.contains("null"))

            // the app sends the brief back, re-encoded, with its choice
            let plan = try await App.post(
                app, "/ai/generate-liquidation-plan",
                App.PlanRequest(
                    scope: .item, chosenPath: brief.recommendedPath, brief: brief, title: "Oak dining table",
                    category: "Furniture"),
                device: device)
            #expect(plan.status == .ok, "\(plan.body.string)")
            let checklist = try App.decode(App.Plan.self, plan)
            #expect(checklist.items.count >= 5)
            #expect(checklist.items.map(\.order) == Array(1...checklist.items.count))
            #expect(checklist.items.first?.text.hasPrefix("Rule-based advice") == true)

            // a scope the app does not know is refused, not guessed
            let bad = try await app.testing().sendRequest(
                .POST, "/ai/generate-liquidation-brief",
                headers: ["Content-Type": "application/json", "X-LTC-Device-ID": device],
                body: ByteBuffer(string: #"{"schemaVersion":1,"scope":"house"}"#))
            #expect(bad.status == .unprocessableEntity)
        }
    }

    @Test("a model's brief is mended (aliases, ids, labels) and checked against the app's enums, with one repair")
    func modelAdvice() async throws {
        let sloppy = """
            {"brief":{"recommendedPath":"maximize_value","reasoning":"Solid oak sells well locally.",\
            "pathOptions":[{"path":"consign","effort":"med","risks":null,"netProceeds":{"low":400,"likely":550,"high":700}},\
            {"path":"quickExit","label":"Sell fast","effort":"very_high","risks":["Low price"]}],\
            "actionSteps":[{"description":"Photograph it"}],"missingDetails":null,"assumptions":[],"confidence":0.6}}
            """
        let invalid = #"{"recommendedPath":"burn it","reasoning":"","pathOptions":[],"actionSteps":[]}"#
        try await withGateway(
            "openai",
            [
                Wire.openAI(invalid), Wire.openAI(sloppy),
                Wire.openAI(#"{"items":[{"order":1,"text":"Call the shop"},"Deliver it"]}"#),
            ]
        ) { app, fake in
            let owner = try await app.setUpHub()
            let device = try await Self.approvedDevice(app, owner: owner)
            let response = try await App.post(app, "/ai/generate-liquidation-brief", Self.briefRequest, device: device)
            #expect(response.status == .ok, "\(response.body.string)")
            let brief = try App.decode(App.Brief.self, response)
            #expect(brief.recommendedPath == .maximizePrice)
            #expect(brief.pathOptions.map(\.path) == [.delegateConsign, .quickExit])
            #expect(brief.pathOptions.map(\.effort) == [.medium, .veryHigh])
            #expect(brief.pathOptions[0].label == "Delegate to Specialists (Consign / Hub Mail-In)")
            #expect(brief.pathOptions[0].netProceeds?.currencyCode == "USD")
            #expect(brief.actionSteps == ["Photograph it"])
            #expect(brief.aiProvider == "openai")
            #expect(brief.aiModel == "gpt-test")
            #expect(fake.modelRequests.count == 2)
            #expect(fake.modelRequests[1].body.contains("could not be used"))

            let plan = try await App.post(
                app, "/ai/generate-liquidation-plan",
                App.PlanRequest(
                    scope: .item, chosenPath: .delegateConsign, brief: brief, title: "Oak dining table",
                    category: "Furniture"),
                device: device)
            let checklist = try App.decode(App.Plan.self, plan)
            #expect(checklist.items.map(\.text) == ["Call the shop", "Deliver it"])
            #expect(checklist.items.map(\.order) == [1, 2])
        }
    }

    @Test("partner search answers only from the household's directory, never invented, without a chosen path too")
    func partnerSearch() async throws {
        try await withGateway(nil) { app, _ in
            let owner = try await app.setUpHub()
            let device = try await Self.approvedDevice(app, owner: owner)
            let search = App.PartnersRequest(
                chosenPath: nil,
                scenario: .init(
                    category: "Furniture", valueBand: .medium, bulky: true, goal: .balanced,
                    constraints: ["pickup_required"]),
                location: .init(city: "Boise", region: "ID", countryCode: "US", radiusMiles: 25),
                hints: .init(keywords: ["Oak", "Furniture"], notes: "Oak dining table"))
            // an empty directory answers no partners
            let empty = try await App.post(app, "/ai/disposition/partners/search", search, device: device)
            #expect(empty.status == .ok, "\(empty.body.string)")
            #expect(try App.decode(App.PartnersResponse.self, empty).results.isEmpty)

            // the owner keeps the directory over the API
            let shop = try await app.api(
                .POST, "/api/partners", token: owner.token,
                json: [
                    "name": "Treasure Valley Consignment", "partnerType": "consignment", "city": "Boise",
                    "region": "ID", "phone": "208-555-0100", "categories": ["Furniture", "Decor"],
                    "questionsToAsk": ["What is your commission?"],
                ])
            #expect(shop.status == .created, "\(shop.body.string)")
            let shopID = try shop.decoded(Components.Schemas.Partner.self).id
            _ = try await app.api(
                .POST, "/api/partners", token: owner.token,
                json: ["name": "Gem Exchange", "partnerType": "estate_jeweler", "city": "Boise"])
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let denied = try await app.api(
                .POST, "/api/partners", token: viewer.token, json: ["name": "X", "partnerType": "auction"])
            #expect(denied.status == .forbidden)
            #expect(
                try await app.api(.GET, "/api/partners", token: viewer.token).decoded(
                    Components.Schemas.PartnerList.self
                ).partners.map(\.name).count == 2)

            // when the app searches, then the matching partner is answered in the app's model
            let found = try await App.post(app, "/ai/disposition/partners/search", search, device: device)
            let answer = try App.decode(App.PartnersResponse.self, found)
            #expect(answer.schemaVersion == 1)
            #expect(answer.results.map(\.name) == ["Treasure Valley Consignment"])
            #expect(answer.results.first?.partnerId.lowercased() == shopID.lowercased())
            #expect(answer.results.first?.contact.phone == "208-555-0100")
            #expect(answer.results.first?.questionsToAsk == ["What is your commission?"])
            #expect(answer.partnerTypes.contains("consignment"))

            // changes and removal over the API
            let patched = try await app.api(
                .PATCH, "/api/partners/\(shopID)", token: owner.token, json: ["phone": "", "notes": "Picks up"])
            #expect(patched.status == .ok, "\(patched.body.string)")
            #expect((try patched.decoded(Components.Schemas.Partner.self).phone) == nil)
            let badType = try await app.api(
                .PATCH, "/api/partners/\(shopID)", token: owner.token, json: ["partnerType": "pawn"])
            #expect(badType.status == .badRequest || badType.status == .unprocessableEntity)
            #expect(try await app.api(.DELETE, "/api/partners/\(shopID)", token: owner.token).status == .noContent)
            let after = try await App.post(app, "/ai/disposition/partners/search", search, device: device)
            #expect(try App.decode(App.PartnersResponse.self, after).results.isEmpty)
        }
    }

    @Test("with a places key, real nearby places are added after the family's partners, and labelled")
    func placesEnrichment() async throws {
        let places = Wire.json([
            "places": [
                [
                    "id": "ChIJ123", "displayName": ["text": "Boise Estate Sales", "languageCode": "en"],
                    "formattedAddress": "1 Main St, Boise, ID", "nationalPhoneNumber": "(208) 555-0111",
                    "rating": 4.6, "userRatingCount": 87,
                ]
            ]
        ])
        try await withGateway(nil, [.init(body: places)], places: true) { app, fake in
            let owner = try await app.setUpHub()
            let device = try await Self.approvedDevice(app, owner: owner)
            let search = App.PartnersRequest(
                chosenPath: .pathC,
                scenario: .init(category: "Furniture", valueBand: .low, bulky: true, goal: .speed),
                location: .init(city: "Boise", region: "ID", countryCode: "US", radiusMiles: 25))
            let response = try await App.post(app, "/ai/disposition/partners/search", search, device: device)
            #expect(response.status == .ok, "\(response.body.string)")
            let answer = try App.decode(App.PartnersResponse.self, response)
            let place = try #require(answer.results.first)
            #expect(place.partnerId == "places:ChIJ123")
            #expect(place.name == "Boise Estate Sales")
            #expect(place.rating == 4.6)
            #expect(place.userRatingsTotal == 87)
            #expect(place.trust?.signals?.first?.source == "google_places")
            let sent = try #require(fake.requests.first { $0.path == "/v1/places:searchText" })
            #expect(sent.headers.first(name: "X-Goog-Api-Key") == "places-test-key")
            #expect(sent.body.contains("Boise"))
        }
    }

    @Test(
        "recordings: 503 with speech-to-text off; with a server, the approved phone's summary, at most 320 characters")
    func audioSummary() async throws {
        let audio = Data(repeating: 7, count: 2048).base64EncodedString()
        let request = App.AudioRequest(
            audioBase64: audio, mimeType: "audio/mp4", itemName: "Mantel clock", additionalContext: nil)
        try await withGateway(nil, speechProvider: "off") { app, _ in
            let owner = try await app.setUpHub()
            // no approved phone yet: the app's header-less call is refused
            #expect(try await App.summarize(app, request).status == .forbidden)
            _ = try await Self.approvedDevice(app, owner: owner)
            let unavailable = try await App.summarize(app, request)
            #expect(unavailable.status == .serviceUnavailable)
            #expect(try unavailable.apiError.code == "speech_to_text_not_configured")
        }
        let words = String(repeating: "This clock was a wedding present from my grandmother in 1931. ", count: 10)
        try await withGateway(
            "openai",
            [
                .init(body: Wire.json(["text": words])),
                Wire.openAI(#"{"summaryText":"Owner notes that the clock was a 1931 wedding present."}"#),
            ],
            speechToText: true
        ) { app, fake in
            let owner = try await app.setUpHub()
            _ = try await Self.approvedDevice(app, owner: owner)
            let response = try await App.summarize(app, request)
            #expect(response.status == .ok, "\(response.body.string)")
            let summary = try App.decode(App.AudioSummary.self, response)
            #expect(summary.summaryText == "Owner notes that the clock was a 1931 wedding present.")
            let transcription = try #require(fake.requests.first { $0.path == "/v1/audio/transcriptions" })
            #expect(transcription.body.contains("whisper-test"))
            let wrongType = App.AudioRequest(
                audioBase64: audio, mimeType: "video/mp4", itemName: nil, additionalContext: nil)
            #expect(try await App.summarize(app, wrongType).status == .unsupportedMediaType)
        }
    }
}
