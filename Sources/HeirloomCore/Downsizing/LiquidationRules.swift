import Foundation

/// The rules of a plan chosen from a brief.
public enum LiquidationRules {
    /// The paths the family may choose: those the brief offers, and the one it recommends.
    public static func choosablePaths(_ brief: LiquidationBrief) -> [LiquidationPath] {
        let offered = Set(brief.pathOptions.map(\.path) + [brief.recommendedPath])
        return LiquidationPath.allCases.filter { offered.contains($0) }
    }

    /// Whether carrying out the path takes someone local: a shop, an auction house, a charity, a hauler.
    public static func needsLocalHelp(_ path: LiquidationPath) -> Bool {
        switch path {
        case .delegateConsign, .quickExit, .donate: true
        case .maximizePrice, .needsInfo: false
        }
    }

    /// The partner search the app would send for this path, so the directory is matched by the same rule.
    public static func partnerSearch(
        path: LiquidationPath, scope: LiquidationScope, category: String, value: Double?, bulky: Bool
    ) -> DispositionSearchRequest {
        let band: DispositionSearchRequest.ValueBand =
            switch value ?? 0 {
            case ..<200: .low
            case ..<1500: .medium
            default: .high
            }
        let chosen: DispositionSearchRequest.ChosenPath =
            switch path {
            case .maximizePrice: .pathA
            case .delegateConsign: .pathB
            case .quickExit: .pathC
            case .donate: .donate
            case .needsInfo: .needsInfo
            }
        return DispositionSearchRequest(
            scope: scope == .set ? .set : .item, chosenPath: chosen,
            scenario: .init(category: category, valueBand: band, bulky: bulky, goal: .balanced),
            location: .init(city: "", region: "", countryCode: "", radiusMiles: 0))
    }

    /// Whether a category is bulky to move (furniture, appliances, rugs…).
    public static func isBulky(_ category: String) -> Bool {
        let lower = category.lowercased()
        return ["furniture", "appliance", "rug", "dining", "bedroom", "suite", "piano"].contains { lower.contains($0) }
    }
}
