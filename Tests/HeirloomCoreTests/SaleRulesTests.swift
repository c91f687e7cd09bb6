import Foundation
import HeirloomCore
import Testing

@Suite("Lot checklist and plan rules")
struct SaleRulesTests {
    @Test("ready needs prepared, documented and staged; unticking one of them unticks ready")
    func checklist() throws {
        #expect(throws: LotChecklistRule.Problem.notYetDone([.documented, .staged])) {
            try LotChecklistRule.apply([.prepared: true, .ready: true], to: [])
        }
        let all = try LotChecklistRule.apply(
            [.prepared: true, .documented: true, .staged: true, .ready: true], to: [])
        #expect(all == Set(LotStep.allCases))
        #expect(try LotChecklistRule.apply([.documented: false], to: all) == [.prepared, .staged])
        #expect(try LotChecklistRule.apply([.ready: false], to: all) == [.prepared, .documented, .staged])
        #expect(try LotChecklistRule.apply([:], to: all) == all)
    }

    @Test("the paths one may choose are those offered and the recommended one; local help for B, C and donate")
    func paths() {
        let brief = LiquidationAdvice.rulesBrief(
            LiquidationBriefRequest(scope: .item, title: "Clock", category: "Clocks"), now: Date())
        #expect(brief.recommendedPath == .needsInfo)
        #expect(LiquidationRules.choosablePaths(brief) == LiquidationPath.allCases)
        #expect(LiquidationRules.needsLocalHelp(.donate))
        #expect(!LiquidationRules.needsLocalHelp(.maximizePrice))
        let search = LiquidationRules.partnerSearch(
            path: .donate, scope: .item, category: "Furniture", value: 50, bulky: true)
        #expect(PartnerMatch.partnerTypes(for: search).types.first == .donation)
    }
}
