import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("The offline AI provider reads text but never values")
struct AIOfflineTests {
    @Test("the offline provider reads printed text with Tesseract, guesses the category and never gives a value")
    func offline() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let photo = try await MediaFixtures.data("sterling.png")
            let response = try await app.api(
                .POST, "/ai/analyze-item-photo", token: owner.token,
                json: ["imageJpegBase64": photo.base64EncodedString()])
            #expect(response.status == .ok, "\(response.body.string)")
            let analysis = try response.decoded(Components.Schemas.ItemAnalysis.self)
            #expect(analysis.extractedText?.contains("STERLING 925") == true)
            #expect(analysis.category == "Jewelry")
            #expect(analysis.valueHints == nil)
            #expect(analysis.provider == "offline")
            #expect(analysis.aiNotes?.contains("HEIRLOOM_AI_PROVIDER") == true)
            #expect(analysis.description.contains("800 × 200 pixels"))

            let id = try await app.itemWithPhoto(token: owner.token, name: "Spoon", photo: "sterling.png")
            let item = try await app.api(.POST, "/api/items/\(id)/analysis", token: owner.token)
            #expect(
                try item.decoded(Components.Schemas.ItemAnalysis.self).extractedText?.contains("STERLING 925") == true)
            let status = try await app.api(.GET, "/api/ai/status", token: owner.token)
            #expect(try status.decoded(Components.Schemas.AIStatus.self).provider == .offline)
            #expect(
                try status.decoded(Components.Schemas.AIStatus.self).message.contains(
                    "valuation needs a model provider"))
        }
    }
}
