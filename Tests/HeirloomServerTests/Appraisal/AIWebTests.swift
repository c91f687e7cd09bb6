import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("AI appraiser pages")
struct AIWebTests {
    /// The analysis that the result page's "Apply to item" form sends back, as the browser would send it.
    static func analysisField(in page: String) throws -> String {
        let marker = "name=\"analysis\" value=\""
        let start = try #require(page.range(of: marker)).upperBound
        let end = try #require(page[start...].firstIndex(of: "\""))
        return String(page[start..<end]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
    }

    @Test("offline, the item page says once, in plain words, that valuations are off, and offers no AI expert")
    func offlinePage() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let id = try await app.itemWithPhoto(token: owner.token, name: "Spoon", photo: "sterling.png")
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            // when
            let page = try await browser.get("/items/\(id)").body.string
            // then
            #expect(page.contains("AI appraisal"))
            #expect(page.contains("Valuations are not switched on for this hub"))
            #expect(page.contains("edit the item") && page.contains("How to switch valuations on"))
            #expect(!page.contains("HEIRLOOM_") && !page.contains("Ask the AI expert"))
            let saved = try await browser.post("/items/\(id)/appraisal/notes", ["userNotes": "Marked 925 on the back."])
            #expect(saved.status == .seeOther)

            let result = try await browser.post("/items/\(id)/appraisal", [:])
            #expect(result.status == .ok)
            #expect(result.body.string.contains("STERLING 925"))
            #expect(result.body.string.contains("No value was estimated"))
        }
    }

    @Test("an amount typed in the box is used; a wrong one keeps the answer on the page with the reason")
    func applyWithTypedAmount() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, fake, _ in
            let owner = try await app.setUpHub()
            let id = try await app.itemWithPhoto(token: owner.token)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let result = try await browser.post("/items/\(id)/appraisal", [:])
            #expect(result.status == .ok)
            #expect(result.headers.first(name: .cacheControl) == "no-store")
            let analysis = try Self.analysisField(in: result.body.string)

            // when the amount is mistyped
            let refused = try await browser.post(
                "/items/\(id)/appraisal/apply",
                ["analysis": analysis, "valueChoice": "midpoint", "customValue": "about 750"])
            // then the answer and the typed amount stay, with the reason, and nothing was asked again
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("Sterling silver tea set"))
            #expect(refused.body.string.contains("value=\"about 750\""))
            #expect(fake.modelRequests.count == 1)

            // when a real amount is typed without ticking "Another amount"
            let applied = try await browser.post(
                "/items/\(id)/appraisal/apply",
                ["analysis": analysis, "valueChoice": "midpoint", "customValue": "750"])
            #expect(applied.status == .seeOther)
            let item = try await app.api(.GET, "/api/items/\(id)", token: owner.token)
            #expect(try item.decoded(Components.Schemas.Item.self).estimatedValue == "750.00")
        }
    }

    @Test("'Apply to item' writes only what the owner ticked: the category, not the description, not the value")
    func applyFieldByField() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, _, _ in
            let owner = try await app.setUpHub()
            let id = try await app.itemWithPhoto(token: owner.token, name: "Tea set")
            _ = try await app.api(
                .PATCH, "/api/items/\(id)", token: owner.token,
                json: ["description": "From Aunt May.", "estimatedValue": "400"])
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await browser.post("/items/\(id)/appraisal", [:]).body.string
            #expect(page.contains("name=\"apply[]\" value=\"description\" checked"))
            let analysis = try Self.analysisField(in: page)

            // when only the category is ticked and the value is kept
            let applied = try await browser.post(
                "/items/\(id)/appraisal/apply",
                ["analysis": analysis, "choosing": "yes", "apply[]": "category", "valueChoice": "keep"])
            #expect(applied.status == .seeOther)

            // then the owner's description, name and value stand; the category changed
            let item = try await app.api(.GET, "/api/items/\(id)", token: owner.token)
                .decoded(Components.Schemas.Item.self)
            #expect(item.description == "From Aunt May." && item.name == "Tea set")
            #expect(item.estimatedValue == "400.00")
            #expect(item.category != "Other")
        }
    }

    @Test("a provider failure is shown on the page in plain words, with the key nowhere")
    func failurePage() async throws {
        try await withAI("gemini", [Wire.geminiBadKey]) { app, _, _ in
            let owner = try await app.setUpHub()
            let id = try await app.itemWithPhoto(token: owner.token)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
            let result = try await browser.post("/items/\(id)/appraisal", [:])
            #expect(result.status == .badGateway)
            #expect(result.body.string.contains("did not accept the hub"))
            #expect(!result.body.string.contains(testAIKey))
            #expect(!(try await browser.get("/items/\(id)").body.string.contains(testAIKey)))
        }
    }

    @Test("a photo larger than the 1 MB JSON limit is accepted by /ai/analyze-item-photo")
    func largePhoto() async throws {
        try await withAI("gemini", [Wire.gemini(Wire.analysis)]) { app, fake, _ in
            let owner = try await app.setUpHub()
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID()).jpg")
            defer { try? FileManager.default.removeItem(at: file) }
            let made = try await ExternalTool.run("vips", ["gaussnoise", file.path + "[Q=95]", "1600", "1200"])
            #expect(made.status == 0)
            let photo = try Data(contentsOf: file)
            #expect(photo.count > 1_000_000)
            let response = try await app.api(
                .POST, "/ai/analyze-item-photo", token: owner.token,
                json: ["imageJpegBase64": photo.base64EncodedString()])
            #expect(response.status == .ok, "\(response.body.string.prefix(300))")
            #expect(fake.modelRequests.count == 1)
        }
    }
}
