import Foundation

/// The hints the Legacy Treasure Chest app sends with an analysis (any may be missing; `{}` is common).
public struct TreasureChestHints: Codable, Equatable, Sendable {
    public var userWrittenTitle: String?
    public var userWrittenDescription: String?
    public var knownCategory: String?

    public init(userWrittenTitle: String? = nil, userWrittenDescription: String? = nil, knownCategory: String? = nil) {
        self.userWrittenTitle = userWrittenTitle
        self.userWrittenDescription = userWrittenDescription
        self.knownCategory = knownCategory
    }

    /// Whether any hint has text.
    public var isEmpty: Bool {
        [userWrittenTitle, userWrittenDescription, knownCategory].allSatisfy {
            ($0?.trimmingWhitespace() ?? "").isEmpty
        }
    }
}

/// Heirloom's `ItemAnalysis` in the shape the Legacy Treasure Chest app decodes: the item details at the top
/// level and `valueHints` with low, estimate and high.
public struct TreasureChestAnalysis: Codable, Equatable, Sendable {
    public struct ValueHints: Codable, Equatable, Sendable {
        public var valueLow: Double?
        public var estimatedValue: Double?
        public var valueHigh: Double?
        public var currencyCode: String
        public var confidenceScore: Double?
        /// ISO 8601 without fractional seconds: the app parses no other form.
        public var valuationDate: String?
        public var aiProvider: String?
        public var aiNotes: String?
        public var missingDetails: [String]?
    }

    public var title: String
    public var description: String
    public var category: String
    public var tags: [String]?
    public var confidence: Double?
    public var valueHints: ValueHints?
    public var extractedText: String?
    public var brand: String?
    public var modelNumber: String?
    public var maker: String?
    public var materials: [String]?
    public var style: String?
    public var origin: String?
    public var condition: String?
    public var dimensions: String?
    public var eraOrYear: String?
    public var features: [String]?

    /// The analysis as the app reads it; `knownCategory` is kept when Heirloom could only say "Other".
    public init(_ analysis: ItemAnalysis, knownCategory: String?, now: Date) {
        title = analysis.title
        let parts = [analysis.summary, analysis.description].map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        description = parts.joined(separator: "\n\n")
        let known = knownCategory?.trimmingWhitespace() ?? ""
        category = analysis.category == ItemCategory.other.rawValue && !known.isEmpty ? known : analysis.category
        let attributes = analysis.attributes
        maker = attributes.maker
        materials = attributes.materials.isEmpty ? nil : attributes.materials
        style = attributes.style
        condition = attributes.condition
        features = attributes.features.isEmpty ? nil : attributes.features
        eraOrYear = attributes.era
        extractedText = analysis.extractedText
        tags = [category] + (attributes.style.map { [$0] } ?? [])
        let hints = analysis.valueHints
        confidence = hints?.confidence
        let missing = Self.missingDetails(category: ItemCategory.normalise(category), analysis: analysis)
        valueHints = ValueHints(
            valueLow: hints?.low, estimatedValue: hints.map { ($0.midpoint * 100).rounded() / 100 },
            valueHigh: hints?.high, currencyCode: hints?.currencyCode ?? "USD", confidenceScore: hints?.confidence,
            valuationDate: TreasureChestJSON.timestamp(now), aiProvider: analysis.model, aiNotes: analysis.aiNotes,
            missingDetails: missing)
    }

    /// What would make the valuation more certain, for the kind of item, leaving out what is known.
    public static func missingDetails(category: ItemCategory, analysis: ItemAnalysis) -> [String] {
        var details: [String] = []
        switch category {
        case .jewelry: details = ["Hallmarks or stamps (metal purity, maker)", "Weight in grams", "Stone details"]
        case .rug: details = ["Size", "Knots per square inch", "Origin and age"]
        case .art: details = ["Signature", "Size of the work", "Provenance or gallery labels"]
        case .furniture: details = ["Maker's mark or label", "Wood and construction", "Dimensions"]
        default: details = ["Brand or maker", "Materials", "Dimensions", "Condition"]
        }
        if analysis.attributes.maker != nil { details.removeAll { $0.lowercased().contains("maker") } }
        if !analysis.attributes.materials.isEmpty { details.removeAll { $0 == "Materials" } }
        if analysis.attributes.condition != nil { details.removeAll { $0 == "Condition" } }
        return details
    }
}
