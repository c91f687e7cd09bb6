import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("AI help with beneficiaries: a drafted message and suggested people, nothing saved")
struct AIBeneficiaryHelpTests {
    @Test("a message is drafted from the story, relationship and tone; suggestions name known people; nothing saved")
    func draftAndSuggest() async throws {
        try await withAI("openai", [Wire.openAI(#"{"message":"Dear Ben, the tea set is yours."}"#)]) { app, fake, _ in
            let owner = try await app.setUpHub()
            let item = try await app.api(
                .POST, "/api/items", token: owner.token,
                json: ["name": "Tea set", "description": "We drank from it every Sunday."])
            let itemID = try item.decoded(Components.Schemas.Item.self).id
            let ben = try await app.api(
                .POST, "/api/beneficiaries", token: owner.token,
                json: ["name": "Ben Miller", "relationship": "Grandchild"])
            let benID = try ben.decoded(Components.Schemas.Beneficiary.self).id
            let cara = try await app.api(
                .POST, "/api/beneficiaries", token: owner.token,
                json: ["name": "Cara Miller", "relationship": "Daughter"])
            let caraID = try cara.decoded(Components.Schemas.Beneficiary.self).id
            let link = try await app.api(
                .POST, "/api/items/\(itemID)/beneficiaries", token: owner.token, json: ["beneficiaryId": benID])
            let linkID = try link.decoded(Components.Schemas.BeneficiaryLink.self).id
            // when
            let draft = try await app.api(
                .POST, "/api/items/\(itemID)/beneficiaries/\(linkID)/draft-message", token: owner.token,
                json: ["tone": "lighthearted"])
            // then
            #expect(draft.status == .ok, "\(draft.body.string)")
            #expect(
                try draft.decoded(Components.Schemas.DraftMessage.self).message == "Dear Ben, the tea set is yours.")
            let sent = try #require(fake.modelRequests.last?.body)
            #expect(sent.contains("We drank from it every Sunday."))
            #expect(sent.contains("grandchild"))
            #expect(sent.contains("light-hearted"))
            let links = try await app.api(.GET, "/api/items/\(itemID)/beneficiaries", token: owner.token)
            #expect(!links.body.string.contains("the tea set is yours"))

            fake.answer([
                Wire.openAI(
                    Wire.json([
                        "suggestions": [
                            ["beneficiaryId": caraID, "reason": "She set the table every Sunday."],
                            ["beneficiaryId": UUID().uuidString, "reason": "Made up."],
                        ]
                    ]))
            ])
            let suggested = try await app.api(.POST, "/api/items/\(itemID)/suggest-beneficiaries", token: owner.token)
            #expect(suggested.status == .ok, "\(suggested.body.string)")
            // raw JSON: a suggestion carries exactly these two keys, nothing more of what the model said
            let list = try suggested.content.decode([[String: String]].self)
            #expect(list == [["beneficiaryId": caraID, "reason": "She set the table every Sunday."]])

            let viewer = try await app.addMember(role: "viewer", by: owner)
            #expect(
                try await app.api(.POST, "/api/items/\(itemID)/suggest-beneficiaries", token: viewer.token).status
                    == .notFound)
            #expect(
                try await app.api(
                    .POST, "/api/items/\(itemID)/beneficiaries/\(linkID)/draft-message", token: viewer.token
                ).status == .notFound)
        }
    }
}
