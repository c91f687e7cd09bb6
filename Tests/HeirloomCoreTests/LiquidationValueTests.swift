import Foundation
import HeirloomCore
import Testing

@Suite("The worth a liquidation brief works from")
struct LiquidationValueTests {
    @Test(
        "figures too large to multiply give no worth, and the brief can still be written as JSON",
        arguments: [
            LiquidationBriefRequest(scope: .item, quantity: 100_000, unitValue: 1e308),
            LiquidationBriefRequest(scope: .item, quantity: 2, valuationLikely: .greatestFiniteMagnitude),
            LiquidationBriefRequest(scope: .item, valuationLow: 1e308, valuationHigh: 1e308),
            LiquidationBriefRequest(
                scope: .set,
                setContext: LiquidationSetContext(
                    memberSummaries: [
                        LiquidationMemberSummary(quantity: 100_000, unitValue: 1e308),
                        LiquidationMemberSummary(quantity: 1, unitValue: 1e308),
                    ])),
        ])
    func hugeFigures(request: LiquidationBriefRequest) throws {
        // when
        let value = LiquidationAdvice.estimatedValue(request)
        let brief = LiquidationAdvice.rulesBrief(request, now: Date(timeIntervalSince1970: 0))

        // then
        #expect(value == nil)
        #expect(throws: Never.self) { try JSONEncoder().encode(brief) }
    }

    @Test("ordinary figures: each times how many, or the middle of the range")
    func ordinaryFigures() {
        #expect(LiquidationAdvice.estimatedValue(.init(scope: .item, quantity: 6, unitValue: 50)) == 300)
        #expect(LiquidationAdvice.estimatedValue(.init(scope: .item, valuationLow: 100, valuationHigh: 200)) == 150)
    }
}
