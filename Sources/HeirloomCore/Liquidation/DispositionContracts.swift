import Foundation

// The Legacy Treasure Chest app's partner search (its DispositionDTOs): the request it sends and the answer it
// decodes.

public struct DispositionSearchRequest: Codable, Equatable, Sendable {
    public enum Scope: String, Codable, Sendable { case item, set, batch }
    public enum ChosenPath: String, Codable, Sendable {
        case pathA = "A"
        case pathB = "B"
        case pathC = "C"
        case donate, needsInfo
    }
    public enum ValueBand: String, Codable, Sendable {
        case low = "LOW"
        case medium = "MED"
        case high = "HIGH"
    }
    public enum Goal: String, Codable, Sendable { case balanced, maximizePrice, speed, minimizeWork }

    public struct Scenario: Codable, Equatable, Sendable {
        public var category: String
        public var valueBand: ValueBand
        public var bulky: Bool
        public var goal: Goal
        public var constraints: [String]?

        public init(category: String, valueBand: ValueBand, bulky: Bool, goal: Goal, constraints: [String]? = nil) {
            self.category = category
            self.valueBand = valueBand
            self.bulky = bulky
            self.goal = goal
            self.constraints = constraints
        }
    }

    public struct Location: Codable, Equatable, Sendable {
        public var city: String
        public var region: String
        public var countryCode: String
        public var radiusMiles: Int
        public var latitude: Double?
        public var longitude: Double?

        public init(
            city: String, region: String, countryCode: String, radiusMiles: Int, latitude: Double? = nil,
            longitude: Double? = nil
        ) {
            self.city = city
            self.region = region
            self.countryCode = countryCode
            self.radiusMiles = radiusMiles
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public struct Hints: Codable, Equatable, Sendable {
        public var keywords: [String]?
        public var notes: String?

        public init(keywords: [String]? = nil, notes: String? = nil) {
            self.keywords = keywords
            self.notes = notes
        }
    }

    public var schemaVersion: Int
    public var scope: Scope
    /// Left out by the app when the item has no plan yet.
    public var chosenPath: ChosenPath?
    public var scenario: Scenario
    public var location: Location
    public var hints: Hints?

    public init(
        schemaVersion: Int = 1, scope: Scope = .item, chosenPath: ChosenPath? = nil, scenario: Scenario,
        location: Location, hints: Hints? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.scope = scope
        self.chosenPath = chosenPath
        self.scenario = scenario
        self.location = location
        self.hints = hints
    }
}

public struct DispositionSearchResponse: Codable, Equatable, Sendable {
    public struct Contact: Codable, Equatable, Sendable {
        public var phone: String?
        public var website: String?
        public var email: String?
        public var address: String?
        public var city: String?
        public var region: String?

        public init(
            phone: String? = nil, website: String? = nil, email: String? = nil, address: String? = nil,
            city: String? = nil, region: String? = nil
        ) {
            self.phone = phone
            self.website = website
            self.email = email
            self.address = address
            self.city = city
            self.region = region
        }
    }

    public struct Signal: Codable, Equatable, Sendable {
        public var type: String?
        public var label: String?
        public var source: String?

        public init(type: String? = nil, label: String? = nil, source: String? = nil) {
            self.type = type
            self.label = label
            self.source = source
        }
    }

    public struct Trust: Codable, Equatable, Sendable {
        public var trustScore: Double?
        public var claimLevel: String?
        public var signals: [Signal]?

        public init(trustScore: Double? = nil, claimLevel: String? = nil, signals: [Signal]? = nil) {
            self.trustScore = trustScore
            self.claimLevel = claimLevel
            self.signals = signals
        }
    }

    public struct Ranking: Codable, Equatable, Sendable {
        public var score: Double?
        public var reasons: [String]?

        public init(score: Double? = nil, reasons: [String]? = nil) {
            self.score = score
            self.reasons = reasons
        }
    }

    public struct Result: Codable, Equatable, Sendable {
        public var partnerId: String
        public var name: String
        public var partnerType: String
        public var contact: Contact
        public var distanceMiles: Double?
        public var rating: Double?
        public var userRatingsTotal: Int?
        public var trust: Trust?
        public var ranking: Ranking?
        public var whyRecommended: String?
        public var questionsToAsk: [String]?

        public init(
            partnerId: String, name: String, partnerType: String, contact: Contact, distanceMiles: Double? = nil,
            rating: Double? = nil, userRatingsTotal: Int? = nil, trust: Trust? = nil, ranking: Ranking? = nil,
            whyRecommended: String? = nil, questionsToAsk: [String]? = nil
        ) {
            self.partnerId = partnerId
            self.name = name
            self.partnerType = partnerType
            self.contact = contact
            self.distanceMiles = distanceMiles
            self.rating = rating
            self.userRatingsTotal = userRatingsTotal
            self.trust = trust
            self.ranking = ranking
            self.whyRecommended = whyRecommended
            self.questionsToAsk = questionsToAsk
        }
    }

    public var schemaVersion: Int
    public var generatedAt: Date
    public var scenarioId: String?
    public var partnerTypes: [String]
    public var results: [Result]
    public var disclaimer: String
    public var recommendedRefreshDays: Int

    public init(
        schemaVersion: Int = 1, generatedAt: Date, scenarioId: String?, partnerTypes: [String], results: [Result],
        disclaimer: String, recommendedRefreshDays: Int = 30
    ) {
        self.schemaVersion = schemaVersion
        self.generatedAt = generatedAt
        self.scenarioId = scenarioId
        self.partnerTypes = partnerTypes
        self.results = results
        self.disclaimer = disclaimer
        self.recommendedRefreshDays = recommendedRefreshDays
    }
}

/// The kinds of partner a family keeps in its directory (the app's partner types).
public enum PartnerType: String, Codable, Sendable, CaseIterable {
    case consignment, auction, donation, dealer, recycling
    case estateSale = "estate_sale"
    case junkHaul = "junk_haul"
    case estateJeweler = "estate_jeweler"
    case electronicsResale = "electronics_resale"
    case luxuryHubMailin = "luxury_hub_mailin"

    /// The name people read.
    public var displayName: String {
        switch self {
        case .consignment: "Consignment shop"
        case .estateSale: "Estate sale company"
        case .auction: "Auction house"
        case .donation: "Charity (donations)"
        case .junkHaul: "Junk removal"
        case .dealer: "Dealer or buyer"
        case .estateJeweler: "Estate jeweler"
        case .electronicsResale: "Electronics resale"
        case .recycling: "Recycling"
        case .luxuryHubMailin: "Luxury mail-in service"
        }
    }
}

/// Which partners suit a request: the partner types a scenario calls for, and how a directory entry ranks.
public enum PartnerMatch {
    /// The partner types for the scenario, best first, and a scenario id naming the rule that chose them.
    public static func partnerTypes(for request: DispositionSearchRequest) -> (id: String, types: [PartnerType]) {
        let category = request.scenario.category.lowercased()
        let band = request.scenario.valueBand
        if let path = request.chosenPath {
            switch path {
            case .donate: return ("path_donate", [.donation, .junkHaul, .recycling])
            case .pathC: return ("path_quick_exit", [.estateSale, .dealer, .junkHaul, .donation])
            case .pathB: return ("path_delegate", [.consignment, .auction, .estateSale, .luxuryHubMailin])
            case .pathA, .needsInfo: break
            }
        }
        if category.contains("jewel") {
            return ("jewelry_\(band.rawValue.lowercased())", [.estateJeweler, .auction, .consignment])
        }
        if category.contains("electronic") { return ("electronics", [.electronicsResale, .recycling, .donation]) }
        if request.scenario.constraints?.contains("hub_mailin") == true || category.contains("luxury") {
            return ("luxury_mailin", [.luxuryHubMailin, .consignment, .auction])
        }
        if request.scenario.bulky {
            return band == .low
                ? ("bulky_low", [.donation, .junkHaul, .estateSale])
                : ("bulky_\(band.rawValue.lowercased())", [.consignment, .estateSale, .auction, .dealer])
        }
        switch band {
        case .high: return ("default_high", [.auction, .dealer, .consignment])
        case .medium: return ("default_med", [.consignment, .dealer, .estateSale])
        case .low: return ("default_low", [.donation, .estateSale, .consignment])
        }
    }

    /// A score from 0 to 1 for a directory entry: its type's place in the list, the categories it serves and
    /// whether it is in the requested city; nil when its type does not fit.
    public static func score(
        type: String, categories: [String], city: String?, region: String?, for request: DispositionSearchRequest,
        types: [PartnerType]
    ) -> (score: Double, reasons: [String])? {
        guard let rank = types.firstIndex(where: { $0.rawValue == type }) else { return nil }
        var score = 0.6 - Double(rank) * 0.1
        var reasons = ["\(types[rank].displayName) suits this item"]
        let category = request.scenario.category.lowercased()
        let served = categories.map { $0.lowercased() }
        if served.contains(where: { !$0.isEmpty && (category.contains($0) || $0.contains(category)) }) {
            score += 0.25
            reasons.append("Handles \(request.scenario.category)")
        }
        if let city, city.lowercased() == request.location.city.lowercased() {
            score += 0.15
            reasons.append("In \(request.location.city)")
        } else if let region, region.lowercased() == request.location.region.lowercased() {
            score += 0.05
        }
        return (min(1, max(0, score)), reasons)
    }
}
