import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The Legacy Treasure Chest app as the tests replay it: its request structs and its models, written from its
/// source (AIModels.swift, LiquidationAIContracts.swift, LiquidationDTOs.swift, DispositionDTOs.swift,
/// BackendAIProvider.swift, ItemAudioSection.swift). Requests are encoded as the app encodes them (JSONEncoder
/// with `.iso8601` dates, nil left out) and answers decoded as the app decodes them (plain JSONDecoder with its
/// lenient ISO 8601 dates, enums exactly as declared).
enum TreasureChestApp {
    // MARK: Requests as the app builds them

    struct Hints: Encodable {
        var userWrittenTitle: String?
        var userWrittenDescription: String?
        var knownCategory: String?
    }

    struct PhotoRequest: Encodable {
        var imageJpegBase64: String
        var hints: Hints?
    }

    struct TextRequest: Encodable {
        var hints: Hints
    }

    struct AudioRequest: Encodable {
        let audioBase64: String
        let mimeType: String
        let itemName: String?
        let additionalContext: String?
    }

    enum Scope: String, Codable { case item, set }
    enum Path: String, Codable {
        case maximizePrice = "pathA_maximizePrice"
        case delegateConsign = "pathB_delegateConsign"
        case quickExit = "pathC_quickExit"
        case donate, needsInfo
    }
    enum Effort: String, Codable { case low, medium, high, veryHigh }
    enum Goal: String, Codable { case maximizeValue, minimizeEffort, balanced, fastestExit }

    struct Constraints: Codable {
        var localPickupOnly: Bool?
        var canShip: Bool?
        var deadline: Date?
        var notes: String?
    }

    struct Inputs: Codable {
        var goal: Goal?
        var constraints: Constraints?
        var locationHint: String?
    }

    struct MemberSummary: Codable {
        var title: String?
        var category: String?
        var quantity: Int?
        var unitValue: Double?
    }

    struct SetContext: Codable {
        var setName: String?
        var setType: String?
        var story: String?
        var sellTogetherPreference: String?
        var completeness: String?
        var memberSummaries: [MemberSummary]
    }

    struct BriefRequest: Codable {
        var schemaVersion: Int = 1
        var scope: Scope
        var title: String?
        var description: String?
        var category: String?
        var quantity: Int?
        var unitValue: Double?
        var currencyCode: String? = "USD"
        var valuationLow: Double?
        var valuationLikely: Double?
        var valuationHigh: Double?
        var photoJpegBase64: String?
        var setContext: SetContext?
        var inputs: Inputs?
    }

    struct MoneyRange: Codable {
        var currencyCode: String
        var low: Double?
        var likely: Double?
        var high: Double?
    }

    struct PathOption: Codable {
        var id: UUID
        var path: Path
        var label: String
        var netProceeds: MoneyRange?
        var effort: Effort
        var timeEstimate: String?
        var risks: [String]
        var logisticsNotes: String?
    }

    /// The app's LiquidationBriefDTO: synthesized Codable, every non-optional key required.
    struct Brief: Codable {
        var schemaVersion: Int
        var scope: Scope
        var generatedAt: Date
        var aiProvider: String?
        var aiModel: String?
        var recommendedPath: Path
        var reasoning: String
        var pathOptions: [PathOption]
        var actionSteps: [String]
        var missingDetails: [String]
        var assumptions: [String]
        var confidence: Double?
        var inputs: Inputs?
    }

    struct PlanRequest: Codable {
        var schemaVersion: Int = 1
        var scope: Scope
        var chosenPath: Path
        var brief: Brief
        var title: String
        var category: String
    }

    /// The app's checklist item: id, isCompleted, completedAt and userNotes are read leniently; order and text
    /// are required.
    struct ChecklistItem: Decodable {
        var id: UUID
        var order: Int
        var text: String
        var isCompleted: Bool

        enum CodingKeys: String, CodingKey { case id, order, text, isCompleted, completedAt, userNotes }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = (try? c.decode(UUID.self, forKey: .id)) ?? UUID()
            order = try c.decode(Int.self, forKey: .order)
            text = try c.decode(String.self, forKey: .text)
            isCompleted = (try? c.decode(Bool.self, forKey: .isCompleted)) ?? false
        }
    }

    struct Plan: Decodable {
        var schemaVersion: Int
        var createdAt: Date
        var items: [ChecklistItem]
    }

    enum DispositionScope: String, Codable { case item, set, batch }
    enum ChosenPath: String, Codable {
        case pathA = "A"
        case pathB = "B"
        case pathC = "C"
        case donate, needsInfo
    }

    enum ValueBand: String, Codable {
        case low = "LOW"
        case medium = "MED"
        case high = "HIGH"
    }
    enum DispositionGoal: String, Codable { case balanced, maximizePrice, speed, minimizeWork }

    struct Scenario: Codable {
        var category: String
        var valueBand: ValueBand
        var bulky: Bool
        var goal: DispositionGoal
        var constraints: [String]?
    }

    struct Location: Codable {
        var city: String
        var region: String
        var countryCode: String
        var radiusMiles: Int
        var latitude: Double?
        var longitude: Double?
    }

    struct DispositionHints: Codable {
        var keywords: [String]?
        var notes: String?
    }

    struct PartnersRequest: Codable {
        var schemaVersion: Int = 1
        var scope: DispositionScope = .item
        var chosenPath: ChosenPath?
        var scenario: Scenario
        var location: Location
        var hints: DispositionHints?
    }

    // MARK: Answers as the app decodes them

    struct ValueHints: Decodable {
        var valueLow: Double?
        var estimatedValue: Double?
        var valueHigh: Double?
        var currencyCode: String
        var confidenceScore: Double?
        var valuationDate: String?
        var aiProvider: String?
        var aiNotes: String?
        var missingDetails: [String]?
    }

    struct ItemAnalysis: Decodable {
        var title: String
        var summary: String
        var category: String
        var tags: [String]?
        var confidence: Double?
        var valueHints: ValueHints?
        var extractedText: String?
        var brand: String?
        var modelNumber: String?
        var maker: String?
        var materials: [String]?
        var style: String?
        var origin: String?
        var condition: String?
        var dimensions: String?
        var eraOrYear: String?
        var features: [String]?

        enum CodingKeys: String, CodingKey {
            case summary = "description"
            case title, category, tags, confidence, valueHints, extractedText, brand
            case modelNumber, maker, materials, style, origin, condition, dimensions, eraOrYear, features
        }
    }

    struct AudioSummary: Decodable {
        let summaryText: String
    }

    struct PartnerContact: Decodable {
        var phone: String?
        var website: String?
        var email: String?
        var address: String?
        var city: String?
        var region: String?
    }

    struct TrustGate: Decodable {
        var id: String
        var mode: String
        var status: String
        var source: String?
        var strength: Double?
    }

    struct TrustSignal: Decodable {
        var type: String?
        var label: String?
        var source: String?
    }

    struct Trust: Decodable {
        var trustScore: Double?
        var claimLevel: String?
        var gates: [TrustGate]?
        var signals: [TrustSignal]?
    }

    struct Ranking: Decodable {
        var score: Double?
        var reasons: [String]?
    }

    struct PartnerResult: Decodable {
        var partnerId: String
        var name: String
        var partnerType: String
        var contact: PartnerContact
        var distanceMiles: Double?
        var rating: Double?
        var userRatingsTotal: Int?
        var trust: Trust?
        var ranking: Ranking?
        var whyRecommended: String?
        var questionsToAsk: [String]?
    }

    struct PartnersResponse: Decodable {
        var schemaVersion: Int
        var generatedAt: Date
        var scenarioId: String?
        var partnerTypes: [String]
        var results: [PartnerResult]
    }

    /// The app's encoder for its gateway calls.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The app's decoder: ISO 8601 with fractional seconds, else without; a time zone is required.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions = [.withInternetDateTime]
            if let date = formatter.date(from: text) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "bad date \(text)")
        }
        return decoder
    }

    /// The app's `valuationDate` parse: a plain ISO 8601 formatter, no fractional seconds.
    static func valuationDate(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }

    /// The app's `postJSON`: POST, JSON, its device id and a new request id, nothing else.
    static func post(
        _ app: Application, _ path: String, _ body: some Encodable, device: String,
        requestID: String = UUID().uuidString
    ) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "X-LTC-Device-ID", value: device)
        headers.add(name: "X-Request-ID", value: requestID)
        return try await app.testing().sendRequest(
            .POST, path, headers: headers, body: ByteBuffer(data: try encoder().encode(body)))
    }

    /// The app's recording summary: its own URLRequest with only Content-Type, default JSONEncoder.
    static func summarize(_ app: Application, _ body: AudioRequest) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        return try await app.testing().sendRequest(
            .POST, "/ai/summarize-audio", headers: headers, body: ByteBuffer(data: try JSONEncoder().encode(body)))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ response: TestingHTTPResponse) throws -> T {
        try decoder().decode(T.self, from: Data(response.body.readableBytesView))
    }

    /// A new phone's device id, upper-case as the app keeps it.
    static func newDevice() -> String { UUID().uuidString.uppercased() }
}

extension Application {
    /// Approves the device for the owner's household through the devices page, as an owner would, with the code
    /// the phone shows or (by default) its full device id; the device must have called once.
    func approveTreasureChest(_ device: String, owner: Member, dailyAnalyses: Int = 50, code: String? = nil)
        async throws
    {
        let browser = WebSession(app: self)
        _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])
        let page = try await browser.get("/settings/devices")
        #expect(page.body.string.contains("\(device.prefix(4))…\(device.suffix(4))"), "the waiting device is listed")
        #expect(!page.body.string.contains(device), "only by its fingerprint")
        let approved = try await browser.post(
            "/settings/devices/gateway",
            ["device": code ?? device, "name": "Grandma’s iPhone", "dailyAnalyses": "\(dailyAnalyses)"])
        #expect(approved.status == .seeOther || approved.status == .found, "\(approved.status)")
    }
}
