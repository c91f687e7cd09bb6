import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Liquidation briefs and plans")
struct LiquidationAPITests {
    static func item(_ app: Application, _ member: Member, name: String = "Oak dining table", value: String? = "900")
        async throws -> String
    {
        var json: [String: any Sendable] = ["name": name, "category": "Furniture", "description": "Seats eight"]
        if let value { json["estimatedValue"] = value }
        let created = try await app.api(.POST, "/api/items", token: member.token, json: json)
        #expect(created.status == .created, "\(created.body.string)")
        return try created.decoded(Components.Schemas.Item.self).id
    }

    static func decode(_ response: TestingHTTPResponse) throws -> Components.Schemas.StoredLiquidationBrief {
        try response.decoded(Components.Schemas.StoredLiquidationBrief.self)
    }

    @Test("without a provider: a labelled rule-based brief is stored, a path chosen, steps ticked by whom and when")
    func ruleBasedWalk() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given an owner, an editor and an item worth 900 with no brief yet
            let owner = try await app.setUpHub()
            let editor = try await app.addMember(role: "editor", by: owner)
            let id = try await Self.item(app, owner)
            let path = "/api/items/\(id)/liquidation"
            #expect(try await app.api(.GET, "\(path)/brief", token: owner.token).status == .notFound)

            // when the editor makes the brief
            let made = try await app.api(.POST, "\(path)/brief", token: editor.token, json: ["goal": "balanced"])
            #expect(made.status == .created, "\(made.body.string)")
            let brief = try Self.decode(made)

            // then it is rule-based and says so, and is stored
            #expect(brief.ruleBased)
            #expect(brief.brief.aiProvider == "heirloom-rules")
            #expect(brief.brief.reasoning.hasPrefix("Rule-based advice"))
            #expect(brief.brief.recommendedPath == .pathBDelegateConsign)
            #expect(brief.subject.kind == .item && brief.subject.title == "Oak dining table")
            #expect(brief.createdBy?.name == "Ben Miller")
            #expect(brief.plan == nil)
            let stored = try Self.decode(try await app.api(.GET, "\(path)/brief", token: owner.token))
            #expect(stored.brief.recommendedPath == brief.brief.recommendedPath)

            // when a path it does not offer is chosen, it is refused; a plan before a brief is a conflict
            let needsInfo = try await app.api(
                .POST, "\(path)/plan", token: owner.token, json: ["chosenPath": "needsInfo"])
            #expect(needsInfo.status == .unprocessableEntity, "\(needsInfo.body.string)")
            let other = try await Self.item(app, owner, name: "Lamp")
            let early = try await app.api(
                .POST, "/api/items/\(other)/liquidation/plan", token: owner.token,
                json: ["chosenPath": "donate"])
            #expect(early.status == .conflict)
            #expect(try early.apiError.code == "no_brief")

            // when the owner chooses consignment
            let planned = try await app.api(
                .POST, "\(path)/plan", token: owner.token, json: ["chosenPath": "pathB_delegateConsign"])
            #expect(planned.status == .created, "\(planned.body.string)")
            let plan = try #require(try Self.decode(planned).plan)
            #expect(plan.chosenPath == .pathBDelegateConsign)
            #expect(plan.steps.count >= 5)
            #expect(plan.steps.map(\.order) == Array(1...plan.steps.count))
            #expect(!plan.done)
            // and the item is now to be consigned, in progress
            let consigned = try #require(try await Item.find(UUID(uuidString: id), on: app.db))
            #expect(consigned.disposition.value == .consign && consigned.disposition.status == .inProgress)

            // and ticks every step, the first with a note
            clock.advance(by: 3600)
            for (index, step) in plan.steps.enumerated() {
                var json: [String: any Sendable] = ["done": true]
                if index == 0 { json["note"] = "Called Smith's on Monday" }
                let ticked = try await app.api(
                    .PATCH, "\(path)/plan/steps/\(step.id)", token: editor.token, json: json)
                #expect(ticked.status == .ok, "\(ticked.body.string)")
            }

            // then each step says who ticked it and when, and the plan is done
            let done = try #require(try Self.decode(try await app.api(.GET, "\(path)/brief", token: owner.token)).plan)
            #expect(done.done)
            #expect(done.steps.allSatisfy { $0.done && $0.doneBy?.name == "Ben Miller" && $0.doneAt != nil })
            #expect(done.steps[0].note == "Called Smith's on Monday")
            #expect(try await Item.find(UUID(uuidString: id), on: app.db)?.disposition.status == .done)

            // when a step is unticked by the owner, who and when are cleared and the plan is not done
            let undone = try await app.api(
                .PATCH, "\(path)/plan/steps/\(plan.steps[1].id)", token: owner.token, json: ["done": false])
            let undonePlan = try #require(try Self.decode(undone).plan)
            #expect(!undonePlan.done)
            #expect(undonePlan.steps[1].doneBy == nil && undonePlan.steps[1].doneAt == nil)
            #expect(try await Item.find(UUID(uuidString: id), on: app.db)?.disposition.status == .inProgress)

            // when the brief is made again, it replaces the brief and its plan
            let again = try await app.api(.POST, "\(path)/brief", token: owner.token, json: ["goal": "fastestExit"])
            #expect(again.status == .created)
            let replaced = try Self.decode(again)
            #expect(replaced.plan == nil)
            #expect(replaced.brief.recommendedPath == .pathCQuickExit)
            #expect(try await StoredBrief.query(on: app.db).count() == 1)
            #expect(try await LiquidationPlanStep.query(on: app.db).count() == 0)
            let stale = try await app.api(
                .PATCH, "\(path)/plan/steps/\(plan.steps[0].id)", token: owner.token, json: ["done": true])
            #expect(stale.status == .notFound)
        }
    }

    @Test("viewers read a brief but cannot make one, plan or tick; other households see nothing")
    func whoMay() async throws {
        try await withApp(TestOptions(allowSignup: true)) { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(
                role: "viewer", by: owner, name: "Cara Miller", email: "cara@example.com",
                password: "a third good password")
            let id = try await Self.item(app, owner)
            let path = "/api/items/\(id)/liquidation"
            #expect(try await app.api(.POST, "\(path)/brief", token: viewer.token).status == .forbidden)
            let made = try Self.decode(try await app.api(.POST, "\(path)/brief", token: owner.token))
            // selling advice is about what things fetch: a viewer reads it once values are shown to viewers
            #expect(try await app.api(.GET, "\(path)/brief", token: viewer.token).status == .notFound)
            _ = try await app.api(.PATCH, "/api/household", token: owner.token, json: ["showValuesToViewers": true])
            #expect(try await app.api(.GET, "\(path)/brief", token: viewer.token).status == .ok)
            let plan = try await app.api(
                .POST, "\(path)/plan", token: viewer.token, json: ["chosenPath": made.brief.recommendedPath.rawValue])
            #expect(plan.status == .forbidden)
            let planned = try Self.decode(
                try await app.api(
                    .POST, "\(path)/plan", token: owner.token, json: ["chosenPath": made.brief.recommendedPath.rawValue]
                ))
            let step = try #require(planned.plan?.steps.first)
            let tick = try await app.api(
                .PATCH, "\(path)/plan/steps/\(step.id)", token: viewer.token, json: ["done": true])
            #expect(tick.status == .forbidden)

            // an unknown item, a malformed id and a long note
            #expect(
                try await app.api(.GET, "/api/items/\(UUID())/liquidation/brief", token: owner.token).status
                    == .notFound)
            #expect(
                try await app.api(.POST, "/api/items/nope/liquidation/brief", token: owner.token).status == .notFound)
            let long = try await app.api(
                .PATCH, "\(path)/plan/steps/\(step.id)", token: owner.token,
                json: ["note": String(repeating: "a", count: 2001)])
            #expect(long.status == .unprocessableEntity || long.status == .badRequest)
            let unknownPath = try await app.api(
                .POST, "\(path)/plan", token: owner.token, json: ["chosenPath": "burnIt"])
            #expect(unknownPath.status == .badRequest || unknownPath.status == .unprocessableEntity)

            // a second household sees none of it
            let stranger = try await app.registerOtherHousehold()
            #expect(try await app.api(.GET, "\(path)/brief", token: stranger).status == .notFound)
            #expect(try await app.api(.POST, "\(path)/brief", token: stranger).status == .notFound)
        }
    }

    @Test("a model's brief is checked against the schema (one repair), stored, and its plan read from the model")
    func modelBrief() async throws {
        let invalid = #"{"recommendedPath":"burn it","reasoning":"","pathOptions":[],"actionSteps":[]}"#
        let good = """
            {"recommendedPath":"donate","reasoning":"Worn chairs rarely sell.",\
            "pathOptions":[{"path":"donate","label":"Give it to the hospice shop","netProceeds":null,"effort":"low",\
            "timeEstimate":"Days","risks":[],"logisticsNotes":null},\
            {"path":"quickExit","label":"Sell fast","netProceeds":{"currencyCode":"USD","low":20,"likely":40,"high":60},\
            "effort":"low","timeEstimate":"A week","risks":["Low price"],"logisticsNotes":null}],\
            "actionSteps":["Call the hospice"],"missingDetails":[],"assumptions":[],"confidence":0.5}
            """
        let negative = """
            {"recommendedPath":"quickExit","reasoning":"x","pathOptions":[{"path":"quickExit","label":"x",\
            "netProceeds":{"currencyCode":"USD","low":-5,"likely":1,"high":2},"effort":"low","timeEstimate":null,\
            "risks":[],"logisticsNotes":null}],"actionSteps":["x"],"missingDetails":[],"assumptions":[],"confidence":2}
            """
        try await withAI(
            "openai",
            [
                Wire.openAI(invalid), Wire.openAI(good),
                Wire.openAI(#"{"items":[{"order":1,"text":"Call the hospice"},{"order":2,"text":"Drop it off"}]}"#),
                Wire.openAI(negative), Wire.openAI(negative),
            ]
        ) { app, fake, _ in
            let owner = try await app.setUpHub()
            _ = try await app.api(
                .POST, "/api/partners", token: owner.token,
                json: ["name": "Hospice shop", "partnerType": "donation", "categories": ["Furniture"]])
            _ = try await app.api(
                .POST, "/api/partners", token: owner.token,
                json: ["name": "Gold buyer", "partnerType": "estate_jeweler"])
            let id = try await Self.item(app, owner, name: "Kitchen chairs", value: "60")
            let path = "/api/items/\(id)/liquidation"

            let made = try await app.api(.POST, "\(path)/brief", token: owner.token)
            #expect(made.status == .created, "\(made.body.string)")
            let brief = try Self.decode(made)
            #expect(!brief.ruleBased)
            #expect(brief.brief.aiProvider == "openai")
            #expect(brief.brief.recommendedPath == .donate)
            #expect(fake.modelRequests.count == 2)
            // a donation needs local help: the household's own partner that fits, and only that one
            #expect(brief.needsLocalHelp)
            #expect(brief.partners.map(\.partner.name) == ["Hospice shop"])

            let planned = try await app.api(.POST, "\(path)/plan", token: owner.token, json: ["chosenPath": "donate"])
            #expect(planned.status == .created, "\(planned.body.string)")
            #expect(try Self.decode(planned).plan?.steps.map(\.text) == ["Call the hospice", "Drop it off"])

            // a reply that breaks the rules twice is refused (502), and the stored brief stays as it was
            let refused = try await app.api(.POST, "\(path)/brief", token: owner.token)
            #expect(refused.status == .badGateway, "\(refused.body.string)")
            #expect(try refused.apiError.code == "ai_invalid_reply")
            let kept = try Self.decode(try await app.api(.GET, "\(path)/brief", token: owner.token))
            #expect(kept.brief.recommendedPath == .donate)
            #expect(kept.plan?.steps.count == 2)
        }
    }
}

extension Application {
    /// Registers a second household (sign-up must be allowed) and returns its owner's token.
    func registerOtherHousehold() async throws -> String {
        let registered = try await api(
            .POST, "/api/auth/register",
            json: [
                "householdName": "The Jones Family", "name": "Bo Jones", "email": "bo@example.com",
                "password": "another good password",
            ])
        return try registered.decoded(Components.Schemas.AuthResponse.self).token
    }
}
