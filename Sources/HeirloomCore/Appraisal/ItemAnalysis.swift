import Foundation

/// What an AI appraiser (or the offline reader) says about a photographed item; the API's `ItemAnalysis`.
public struct ItemAnalysis: Codable, Equatable, Sendable {
    /// A rough range of what the item might fetch, in major units of `currencyCode`.
    public struct ValueHints: Codable, Equatable, Sendable {
        public var low: Double
        public var high: Double
        public var currencyCode: String
        /// How sure the appraiser is, 0…1.
        public var confidence: Double
        public var sources: [String]
        public var lastUpdated: String?

        public init(
            low: Double, high: Double, currencyCode: String, confidence: Double, sources: [String] = [],
            lastUpdated: String? = nil
        ) {
            self.low = low
            self.high = high
            self.currencyCode = currencyCode
            self.confidence = confidence
            self.sources = sources
            self.lastUpdated = lastUpdated
        }

        /// The middle of the range.
        public var midpoint: Double { (low + high) / 2 }
    }

    /// What the item is made of, who made it and how it is.
    public struct Attributes: Codable, Equatable, Sendable {
        public var materials: [String]
        public var maker: String?
        public var style: String?
        public var condition: String?
        public var features: [String]
        public var era: String?

        public init(
            materials: [String] = [], maker: String? = nil, style: String? = nil, condition: String? = nil,
            features: [String] = [], era: String? = nil
        ) {
            self.materials = materials
            self.maker = maker
            self.style = style
            self.condition = condition
            self.features = features
            self.era = era
        }
    }

    public var title: String
    public var summary: String
    public var description: String
    /// A canonical category name (`ItemCategory.rawValue`).
    public var category: String
    public var valueHints: ValueHints?
    public var attributes: Attributes
    public var extractedText: String?
    public var aiNotes: String?
    public var provider: String
    public var model: String

    public init(
        title: String, summary: String, description: String, category: String, valueHints: ValueHints? = nil,
        attributes: Attributes = Attributes(), extractedText: String? = nil, aiNotes: String? = nil,
        provider: String, model: String
    ) {
        self.title = title
        self.summary = summary
        self.description = description
        self.category = category
        self.valueHints = valueHints
        self.attributes = attributes
        self.extractedText = extractedText
        self.aiNotes = aiNotes
        self.provider = provider
        self.model = model
    }
}

/// An analysis as a model wrote it: every field may be missing or wrong until `AnalysisCheck` has read it.
public struct AnalysisReply: Decodable, Sendable {
    public struct Hints: Decodable, Sendable {
        public var low: Double?
        public var high: Double?
        public var currencyCode: String?
        public var confidence: Double?
        public var sources: [String]?
        public var lastUpdated: String?

        public init(
            low: Double?, high: Double?, currencyCode: String?, confidence: Double?, sources: [String]?,
            lastUpdated: String?
        ) {
            self.low = low
            self.high = high
            self.currencyCode = currencyCode
            self.confidence = confidence
            self.sources = sources
            self.lastUpdated = lastUpdated
        }
    }

    public struct Attributes: Decodable, Sendable {
        public var materials: [String]?
        public var maker: String?
        public var style: String?
        public var condition: String?
        public var features: [String]?
        public var era: String?

        public init(
            materials: [String]?, maker: String?, style: String?, condition: String?, features: [String]?, era: String?
        ) {
            self.materials = materials
            self.maker = maker
            self.style = style
            self.condition = condition
            self.features = features
            self.era = era
        }
    }

    public var title: String?
    public var summary: String?
    public var description: String?
    public var category: String?
    public var valueHints: Hints?
    public var attributes: Attributes?
    public var extractedText: String?
    public var aiNotes: String?

    public init(
        title: String?, summary: String?, description: String?, category: String?, valueHints: Hints?,
        attributes: Attributes?, extractedText: String?, aiNotes: String?
    ) {
        self.title = title
        self.summary = summary
        self.description = description
        self.category = category
        self.valueHints = valueHints
        self.attributes = attributes
        self.extractedText = extractedText
        self.aiNotes = aiNotes
    }
}
