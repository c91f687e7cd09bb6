import Foundation
import HeirloomCore
import Testing

@Suite("Legacy Treasure Chest gateway rules")
struct GatewayRulesTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000.75)

    @Test("a device may make 10 analyses and 60 calls a minute; the wait is until the oldest leaves the window")
    func minuteLimits() {
        var limit = TreasureChestRateLimit()
        for second in 0..<10 {
            #expect(limit.admit(at: now.addingTimeInterval(Double(second)), isAnalysis: true) == nil)
        }
        #expect(limit.admit(at: now.addingTimeInterval(10), isAnalysis: true) == 50)
        for second in 10..<60 {
            #expect(limit.admit(at: now.addingTimeInterval(Double(second)), isAnalysis: false) == nil)
        }
        #expect(limit.admit(at: now.addingTimeInterval(59.5), isAnalysis: false) != nil)
        #expect(limit.admit(at: now.addingTimeInterval(60.5), isAnalysis: true) == nil)
    }

    @Test("dates are written as the app's encoder writes them: UTC, no fraction")
    func timestamps() {
        #expect(TreasureChestJSON.timestamp(now) == "2026-09-21T14:13:20Z")
        #expect(TreasureChestJSON.date("2026-09-21T13:46:40.123Z") != nil)
        #expect(TreasureChestJSON.date("2026-09-21T13:46:40+02:00") != nil)
        #expect(TreasureChestJSON.date("2026-09-21T13:46:40") == nil)
        #expect(TreasureChestRateLimit.day(now) == "2026-09-21")
    }

    @Test("the app's shape keeps the range, adds the midpoint and keeps the known category when Heirloom says Other")
    func analysisShape() {
        let analysis = ItemAnalysis(
            title: "Clock", summary: "A mantel clock.", description: "Walnut.", category: "Other",
            valueHints: .init(low: 100, high: 301, currencyCode: "EUR", confidence: 0.4),
            attributes: .init(materials: ["walnut"], maker: "Seth Thomas"), provider: "openai", model: "gpt-test")
        let shape = TreasureChestAnalysis(analysis, knownCategory: "Electronics", now: now)
        #expect(shape.category == "Electronics")
        #expect(shape.description == "A mantel clock.\n\nWalnut.")
        #expect(shape.valueHints?.estimatedValue == 200.5)
        #expect(shape.valueHints?.currencyCode == "EUR")
        #expect(shape.valueHints?.valuationDate == "2026-09-21T14:13:20Z")
        #expect(shape.valueHints?.aiProvider == "gpt-test")
        #expect(shape.maker == "Seth Thomas")
        #expect(shape.valueHints?.missingDetails?.contains("Materials") == false)
        let none = TreasureChestAnalysis(
            ItemAnalysis(title: "X", summary: "", description: "", category: "Rug", provider: "offline", model: "t"),
            knownCategory: nil, now: now)
        #expect(none.valueHints?.valueLow == nil)
        #expect(none.category == "Rug")
    }

    @Test("rule-based briefs follow the value and the goal, and say they are rule-based")
    func rulesBrief() {
        func brief(_ value: Double?, _ goal: LiquidationGoal = .balanced) -> LiquidationBrief {
            LiquidationAdvice.rulesBrief(
                LiquidationBriefRequest(
                    scope: .item, category: "Decor", valuationLikely: value, inputs: .init(goal: goal)),
                now: now)
        }
        #expect(brief(nil).recommendedPath == .needsInfo)
        #expect(brief(20).recommendedPath == .donate)
        #expect(brief(200).recommendedPath == .quickExit)
        #expect(brief(200, .maximizeValue).recommendedPath == .maximizePrice)
        #expect(brief(1000).recommendedPath == .delegateConsign)
        #expect(brief(5000).recommendedPath == .maximizePrice)
        #expect(brief(1000).reasoning.hasPrefix(LiquidationAdvice.rulesLabel))
        #expect(brief(1000).pathOptions.first?.netProceeds?.likely == 850)
    }

    @Test("a model's brief with an unknown path or effort is refused with reasons; known aliases are mended")
    func checksBrief() throws {
        let request = LiquidationBriefRequest(scope: .set, currencyCode: "USD")
        #expect(throws: AnalysisCheck.Problem.self) {
            try LiquidationAdvice.brief(
                fromReply: #"{"recommendedPath":"sell it","reasoning":"x","pathOptions":[],"actionSteps":["a"]}"#,
                request: request, provider: "p", model: "m", now: now)
        }
        #expect(throws: AnalysisCheck.Problem.self) {
            try LiquidationAdvice.brief(
                fromReply:
                    #"{"recommendedPath":"donate","reasoning":"x","pathOptions":[{"path":"donate","effort":"huge"}],"actionSteps":["a"]}"#,
                request: request, provider: "p", model: "m", now: now)
        }
        let mended = try LiquidationAdvice.brief(
            fromReply:
                "Here:\n```json\n{\"recommendedPath\":\"donation\",\"reasoning\":\"Low value\",\"pathOptions\":[{\"path\":\"fastestExit\",\"effort\":\"vh\",\"id\":\"nope\"}],\"actionSteps\":[\"Call\"]}\n```",
            request: request, provider: "p", model: "m", now: now)
        #expect(mended.recommendedPath == .donate)
        #expect(mended.scope == .set)
        #expect(mended.pathOptions.first?.path == .quickExit)
        #expect(mended.pathOptions.first?.effort == .veryHigh)
        #expect(mended.pathOptions.first?.label == LiquidationPath.quickExit.label)
        #expect(mended.missingDetails == [])
    }

    @Test("partner types follow the chosen path, then the item; a directory entry of another type does not match")
    func partnerTypes() {
        let request = DispositionSearchRequest(
            scenario: .init(category: "Jewelry", valueBand: .high, bulky: false, goal: .maximizePrice),
            location: .init(city: "Boise", region: "ID", countryCode: "US", radiusMiles: 25))
        let (id, types) = PartnerMatch.partnerTypes(for: request)
        #expect(id == "jewelry_high")
        #expect(types.first == .estateJeweler)
        var donate = request
        donate.chosenPath = .donate
        #expect(PartnerMatch.partnerTypes(for: donate).types.first == .donation)
        #expect(
            PartnerMatch.score(
                type: "junk_haul", categories: [], city: "Boise", region: "ID", for: request, types: types) == nil)
        let match = PartnerMatch.score(
            type: "estate_jeweler", categories: ["jewelry"], city: "boise", region: nil, for: request, types: types)
        #expect(match?.score == 1)
    }
}
