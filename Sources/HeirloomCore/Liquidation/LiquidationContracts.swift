import Foundation

// The request and answer structures of the Legacy Treasure Chest app's liquidation advice
// (its LiquidationAIContracts and LiquidationDTOs): keys, optionality and enum values exactly as the app encodes
// and decodes them. Heirloom's own downsizing feature (issue 19) reuses them.

/// Whether the advice is for one item or a set of items.
public enum LiquidationScope: String, Codable, Sendable, CaseIterable {
    case item, set
}

/// The ways out: sell for the most, hand to specialists, sell fast, give away, or find out more first.
public enum LiquidationPath: String, Codable, Sendable, CaseIterable {
    case maximizePrice = "pathA_maximizePrice"
    case delegateConsign = "pathB_delegateConsign"
    case quickExit = "pathC_quickExit"
    case donate, needsInfo

    /// What the app calls the path when the adviser gives no label.
    public var label: String {
        switch self {
        case .maximizePrice: "Maximize Price (DIY or multi-step)"
        case .delegateConsign: "Delegate to Specialists (Consign / Hub Mail-In)"
        case .quickExit: "Quick Exit (Fast, lower return)"
        case .donate: "Donate / Discard"
        case .needsInfo: "Needs More Info (Collect details first)"
        }
    }
}

/// How much work a path is.
public enum LiquidationEffort: String, Codable, Sendable, CaseIterable {
    case low, medium, high, veryHigh
}

/// What the family wants most.
public enum LiquidationGoal: String, Codable, Sendable, CaseIterable {
    case maximizeValue, minimizeEffort, balanced, fastestExit
}

/// A range of money in one currency; any of the three may be missing.
public struct MoneyRange: Codable, Equatable, Sendable {
    public var currencyCode: String
    public var low: Double?
    public var likely: Double?
    public var high: Double?

    public init(currencyCode: String = "USD", low: Double? = nil, likely: Double? = nil, high: Double? = nil) {
        self.currencyCode = currencyCode
        self.low = low
        self.likely = likely
        self.high = high
    }
}

public struct LiquidationConstraints: Codable, Equatable, Sendable {
    public var localPickupOnly: Bool?
    public var canShip: Bool?
    public var deadline: Date?
    public var notes: String?

    public init(localPickupOnly: Bool? = nil, canShip: Bool? = nil, deadline: Date? = nil, notes: String? = nil) {
        self.localPickupOnly = localPickupOnly
        self.canShip = canShip
        self.deadline = deadline
        self.notes = notes
    }
}

public struct LiquidationInputs: Codable, Equatable, Sendable {
    public var goal: LiquidationGoal?
    public var constraints: LiquidationConstraints?
    public var locationHint: String?

    public init(goal: LiquidationGoal? = nil, constraints: LiquidationConstraints? = nil, locationHint: String? = nil) {
        self.goal = goal
        self.constraints = constraints
        self.locationHint = locationHint
    }
}

public struct LiquidationMemberSummary: Codable, Equatable, Sendable {
    public var title: String?
    public var category: String?
    public var quantity: Int?
    public var unitValue: Double?

    public init(title: String? = nil, category: String? = nil, quantity: Int? = nil, unitValue: Double? = nil) {
        self.title = title
        self.category = category
        self.quantity = quantity
        self.unitValue = unitValue
    }
}

/// What is known about a set (or the set an item belongs to).
public struct LiquidationSetContext: Codable, Equatable, Sendable {
    public var setName: String?
    public var setType: String?
    public var story: String?
    public var sellTogetherPreference: String?
    public var completeness: String?
    /// Always present (may be empty), as the app sends it.
    public var memberSummaries: [LiquidationMemberSummary]

    public init(
        setName: String? = nil, setType: String? = nil, story: String? = nil, sellTogetherPreference: String? = nil,
        completeness: String? = nil, memberSummaries: [LiquidationMemberSummary] = []
    ) {
        self.setName = setName
        self.setType = setType
        self.story = story
        self.sellTogetherPreference = sellTogetherPreference
        self.completeness = completeness
        self.memberSummaries = memberSummaries
    }
}

/// A request for advice on how to part with an item or a set.
public struct LiquidationBriefRequest: Codable, Equatable, Sendable {
    public var schemaVersion: Int
    public var scope: LiquidationScope
    public var title: String?
    public var description: String?
    public var category: String?
    public var quantity: Int?
    public var unitValue: Double?
    public var currencyCode: String?
    public var valuationLow: Double?
    public var valuationLikely: Double?
    public var valuationHigh: Double?
    public var photoJpegBase64: String?
    public var setContext: LiquidationSetContext?
    public var inputs: LiquidationInputs?

    public init(
        schemaVersion: Int = 1, scope: LiquidationScope, title: String? = nil, description: String? = nil,
        category: String? = nil, quantity: Int? = nil, unitValue: Double? = nil, currencyCode: String? = "USD",
        valuationLow: Double? = nil, valuationLikely: Double? = nil, valuationHigh: Double? = nil,
        photoJpegBase64: String? = nil, setContext: LiquidationSetContext? = nil, inputs: LiquidationInputs? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.scope = scope
        self.title = title
        self.description = description
        self.category = category
        self.quantity = quantity
        self.unitValue = unitValue
        self.currencyCode = currencyCode
        self.valuationLow = valuationLow
        self.valuationLikely = valuationLikely
        self.valuationHigh = valuationHigh
        self.photoJpegBase64 = photoJpegBase64
        self.setContext = setContext
        self.inputs = inputs
    }
}

/// One way out, with what it may bring and what it costs in effort.
public struct LiquidationPathOption: Codable, Equatable, Sendable {
    public var id: UUID
    public var path: LiquidationPath
    public var label: String
    public var netProceeds: MoneyRange?
    public var effort: LiquidationEffort
    public var timeEstimate: String?
    public var risks: [String]
    public var logisticsNotes: String?

    public init(
        id: UUID = UUID(), path: LiquidationPath, label: String? = nil, netProceeds: MoneyRange? = nil,
        effort: LiquidationEffort, timeEstimate: String? = nil, risks: [String] = [], logisticsNotes: String? = nil
    ) {
        self.id = id
        self.path = path
        self.label = label ?? path.label
        self.netProceeds = netProceeds
        self.effort = effort
        self.timeEstimate = timeEstimate
        self.risks = risks
        self.logisticsNotes = logisticsNotes
    }
}

/// The advice: the recommended way out, the options, the first steps and what is missing.
public struct LiquidationBrief: Codable, Equatable, Sendable {
    public var schemaVersion: Int
    public var scope: LiquidationScope
    public var generatedAt: Date
    public var aiProvider: String?
    public var aiModel: String?
    public var recommendedPath: LiquidationPath
    public var reasoning: String
    public var pathOptions: [LiquidationPathOption]
    public var actionSteps: [String]
    public var missingDetails: [String]
    public var assumptions: [String]
    public var confidence: Double?
    public var inputs: LiquidationInputs?

    public init(
        schemaVersion: Int = 1, scope: LiquidationScope, generatedAt: Date, aiProvider: String? = nil,
        aiModel: String? = nil, recommendedPath: LiquidationPath, reasoning: String,
        pathOptions: [LiquidationPathOption], actionSteps: [String], missingDetails: [String] = [],
        assumptions: [String] = [], confidence: Double? = nil, inputs: LiquidationInputs? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.scope = scope
        self.generatedAt = generatedAt
        self.aiProvider = aiProvider
        self.aiModel = aiModel
        self.recommendedPath = recommendedPath
        self.reasoning = reasoning
        self.pathOptions = pathOptions
        self.actionSteps = actionSteps
        self.missingDetails = missingDetails
        self.assumptions = assumptions
        self.confidence = confidence
        self.inputs = inputs
    }
}

/// A request for a step-by-step checklist along the chosen path.
public struct LiquidationPlanRequest: Codable, Equatable, Sendable {
    public var schemaVersion: Int
    public var scope: LiquidationScope
    public var chosenPath: LiquidationPath
    public var brief: LiquidationBrief
    public var title: String
    public var category: String

    public init(
        schemaVersion: Int = 1, scope: LiquidationScope, chosenPath: LiquidationPath, brief: LiquidationBrief,
        title: String, category: String
    ) {
        self.schemaVersion = schemaVersion
        self.scope = scope
        self.chosenPath = chosenPath
        self.brief = brief
        self.title = title
        self.category = category
    }
}

public struct LiquidationChecklistItem: Codable, Equatable, Sendable {
    public var id: UUID
    /// 1-based.
    public var order: Int
    public var text: String
    public var isCompleted: Bool
    public var completedAt: Date?
    public var userNotes: String?

    public init(
        id: UUID = UUID(), order: Int, text: String, isCompleted: Bool = false, completedAt: Date? = nil,
        userNotes: String? = nil
    ) {
        self.id = id
        self.order = order
        self.text = text
        self.isCompleted = isCompleted
        self.completedAt = completedAt
        self.userNotes = userNotes
    }
}

/// The checklist for the chosen path.
public struct LiquidationPlan: Codable, Equatable, Sendable {
    public var schemaVersion: Int
    public var createdAt: Date
    public var items: [LiquidationChecklistItem]

    public init(schemaVersion: Int = 1, createdAt: Date, items: [LiquidationChecklistItem]) {
        self.schemaVersion = schemaVersion
        self.createdAt = createdAt
        self.items = items
    }
}

/// The JSON the app speaks: dates as ISO 8601 in UTC without fractions (what its `.iso8601` encoder writes),
/// read with or without fractions.
public enum TreasureChestJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestamp(date))
        }
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = date(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected an ISO 8601 date-time with a time zone")
            }
            return date
        }
        return decoder
    }

    /// `2026-03-31T23:43:04Z`.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// An ISO 8601 date-time with a time zone, with or without fractional seconds.
    public static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
