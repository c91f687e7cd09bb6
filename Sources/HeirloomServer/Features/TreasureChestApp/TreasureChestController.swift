import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The Legacy Treasure Chest app's AI gateway: its six calls, answered in its own shapes by Heirloom's
/// appraiser, adviser and partner directory. `TreasureChestGuardMiddleware` has admitted the device before these run.
struct TreasureChestController: Sendable {
    /// Photo analysis: the app's hints in, the app's `ItemAnalysis` out.
    struct PhotoBody: Decodable {
        var imageJpegBase64: String
        var hints: TreasureChestHints?
    }

    struct TextBody: Decodable {
        var hints: TreasureChestHints?
        var title: String?
        var description: String?
        var category: String?
    }

    struct AudioBody: Decodable {
        var audioBase64: String
        var mimeType: String
        var itemName: String?
        var additionalContext: String?
    }

    static let audioTypes: Set<String> = ["audio/mp4", "audio/m4a", "audio/x-m4a", "audio/wav", "audio/mpeg"]
    static let maximumSummaryLength = 320
    /// The line the app puts before the owner's saved notes inside `userWrittenDescription`.
    static let ownerNotesMarker = "Additional details from owner:"

    func analyzePhoto(_ req: Request) async throws -> Response {
        let body = try Self.decode(PhotoBody.self, req)
        guard let data = Data(base64Encoded: body.imageJpegBase64) else {
            throw AppError.badRequest("imageJpegBase64 is not valid base64.")
        }
        let hints = body.hints ?? TreasureChestHints()
        let request = try await Self.appraisalRequest(hints, req)
        let analysis = try await req.heirloom.appraisal.analyse(photo: data, hints: request)
        return try Self.json(TreasureChestAnalysis(analysis, knownCategory: hints.knownCategory, now: req.heirloom.now))
    }

    func analyzeText(_ req: Request) async throws -> Response {
        let body = try Self.decode(TextBody.self, req)
        var hints = body.hints ?? TreasureChestHints()
        hints.userWrittenTitle = Self.nonBlank(body.title) ?? hints.userWrittenTitle
        hints.userWrittenDescription = Self.nonBlank(body.description) ?? hints.userWrittenDescription
        hints.knownCategory = Self.nonBlank(body.category) ?? hints.knownCategory
        guard !hints.isEmpty else {
            throw AppError.invalid(
                FieldError(field: "hints", message: "Please give a title, a description or a category."))
        }
        let request = try await Self.appraisalRequest(hints, req)
        let analysis = try await req.heirloom.ai.analyse(description: request)
        return try Self.json(TreasureChestAnalysis(analysis, knownCategory: hints.knownCategory, now: req.heirloom.now))
    }

    func summarizeAudio(_ req: Request) async throws -> Response {
        let body = try Self.decode(AudioBody.self, req)
        let mimeType = body.mimeType.lowercased().trimmingWhitespace()
        guard Self.audioTypes.contains(mimeType) else {
            throw AppError.unsupportedMedia(
                "The recording must be audio/mp4, audio/m4a, audio/x-m4a, audio/wav or audio/mpeg.")
        }
        guard let audio = Data(base64Encoded: body.audioBase64), !audio.isEmpty
        else { throw AppError.badRequest("audioBase64 is not valid base64.") }
        let config = req.heirloom.config
        guard let engine = config.speech.engine(openAI: config.treasureChest.speechToText, client: req.client) else {
            throw AppError.unavailable(
                code: "speech_to_text_not_configured",
                message: "Recordings cannot be summarised: this hub types out no recordings. Its owner can set "
                    + "HEIRLOOM_STT_PROVIDER to offline or openai and restart the hub.")
        }
        let ai = req.heirloom.ai
        let itemName = body.itemName
        let call = AudioSummaries.Call(
            householdID: try TreasureChestGuardMiddleware.householdID(req),
            bodyHash: AudioSummaries.bodyHash(
                audio: audio, mimeType: mimeType, itemName: itemName, context: body.additionalContext),
            requestID: req.headers.first(name: "X-Request-ID"),
            transcribe: {
                do {
                    return try await engine.words(of: audio, mimeType: mimeType)
                } catch let error as SpeechEngineError {
                    throw AppError.invalid(FieldError(field: "audioBase64", message: error.description))
                }
            },
            summarise: { try await Self.summary(of: $0, itemName: itemName, ai: ai) })
        let summary = try await AudioSummaries(db: req.application.db, clock: req.heirloom.services.clock).summary(call)
        return try Self.json(["summaryText": summary])
    }

    func liquidationBrief(_ req: Request) async throws -> Response {
        let request = try Self.decode(LiquidationBriefRequest.self, req)
        return try Self.json(try await req.heirloom.liquidationAdviser.brief(request))
    }

    func liquidationPlan(_ req: Request) async throws -> Response {
        let request = try Self.decode(LiquidationPlanRequest.self, req)
        return try Self.json(try await req.heirloom.liquidationAdviser.plan(request))
    }

    func searchPartners(_ req: Request) async throws -> Response {
        let request = try Self.decode(DispositionSearchRequest.self, req)
        let householdID = try TreasureChestGuardMiddleware.householdID(req)
        let (scenarioID, types) = PartnerMatch.partnerTypes(for: request)
        let partners = try await req.heirloom.partners.list(householdID: householdID)
        var results: [DispositionSearchResponse.Result] = partners.compactMap { partner in
            guard
                let match = PartnerMatch.score(
                    type: partner.partnerType, categories: partner.categories, city: partner.city,
                    region: partner.region, for: request, types: types),
                let id = partner.id
            else { return nil }
            return .init(
                partnerId: id.text, name: partner.name, partnerType: partner.partnerType,
                contact: .init(
                    phone: partner.phone, website: partner.website, email: partner.email, address: partner.address,
                    city: partner.city, region: partner.region),
                trust: .init(
                    trustScore: 0.8, claimLevel: "family_directory",
                    signals: [.init(type: "directory", label: "In your family’s partner list", source: "heirloom")]),
                ranking: .init(score: match.score, reasons: match.reasons),
                whyRecommended: match.reasons.joined(separator: "; ") + (partner.notes.map { ". \($0)" } ?? ""),
                questionsToAsk: partner.questions.isEmpty ? nil : partner.questions)
        }
        results.sort { ($0.ranking?.score ?? 0) > ($1.ranking?.score ?? 0) }
        if let places = req.heirloom.config.treasureChest.places, results.count < 5, let first = types.first {
            let known = Set(results.map { $0.name.lowercased() })
            let found = await PlacesClient(settings: places, client: req.client).search(first, near: request.location)
            results += found.filter { !known.contains($0.name.lowercased()) }
        }
        let response = DispositionSearchResponse(
            generatedAt: req.heirloom.now, scenarioId: scenarioID, partnerTypes: types.map(\.rawValue),
            results: results,
            disclaimer: results.isEmpty
                ? "Your family’s partner list has no match yet. An owner can add partners in Heirloom under Settings → Partners."
                : "From your family’s partner list in Heirloom"
                    + (req.heirloom.config.treasureChest.places == nil
                        ? "." : ", with nearby places from Google Places.")
                    + " Check fees and terms before you hand anything over.")
        return try Self.json(response)
    }

    // MARK: Helpers

    /// The app's hints as Heirloom's appraisal request; the owner's notes the app appends become notes.
    static func appraisalRequest(_ hints: TreasureChestHints, _ req: Request) async throws -> AppraisalRequest {
        let householdID = try TreasureChestGuardMiddleware.householdID(req)
        let household = try await Household.find(householdID, on: req.db)
        var request = AppraisalRequest(currencyCode: household?.defaultCurrency ?? "USD")
        request.title = nonBlank(hints.userWrittenTitle).map { TextLimit.clipped($0, to: 200) }
        request.category = nonBlank(hints.knownCategory).map(ItemCategory.normalise)
        if let text = nonBlank(hints.userWrittenDescription) {
            let limited = TextLimit.clipped(text, to: AppraisalService.maximumNotesLength)
            if let range = limited.range(of: ownerNotesMarker) {
                request.description = nonBlank(String(limited[..<range.lowerBound]))
                request.notes = nonBlank(String(limited[range.upperBound...]))
            } else {
                request.description = limited
            }
        }
        return request
    }

    /// One or two sentences about the recording: the AI provider's summary, or the words themselves cut short.
    static func summary(of words: String, itemName: String?, ai: AIClient) async throws -> String {
        let spoken = words.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !spoken.isEmpty else { throw AppError.ai(.invalidReply) }
        var summary = spoken
        if let provider = ai.provider {
            let prompt = AIPrompt(
                system: "You summarise an owner's spoken note about a household item in one or two neutral, "
                    + "third-person sentences (\"Owner notes that …\"), at most 300 characters. Answer with one JSON "
                    + "object {\"summaryText\": \"…\"} and nothing else.",
                turns: [
                    .init(
                        role: .user,
                        text: "Item: \(itemName ?? "unnamed")\nTranscript:\n\(String(spoken.prefix(6000)))")
                ], image: nil,
                schemaJSON:
                    #"{"type":"object","additionalProperties":false,"required":["summaryText"],"properties":{"summaryText":{"type":"string"}}}"#,
                schemaName: "audio_summary")
            summary = try await ai.ask(prompt, provider: provider) { text throws(AnalysisCheck.Problem) in
                guard let json = AnalysisCheck.jsonObject(in: text), let data = json.data(using: .utf8),
                    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                    let summary = (object["summaryText"] as? String)?.trimmingWhitespace(), !summary.isEmpty
                else { throw AnalysisCheck.Problem(["summaryText is missing."]) }
                return summary
            }
        }
        summary = summary.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if !TextLimit.fits(summary, maximum: maximumSummaryLength) {
            summary = TextLimit.clipped(summary, to: maximumSummaryLength - 3) + "..."
        }
        return summary
    }

    static func nonBlank(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return text
    }

    /// The body read as the app sends it (dates as ISO 8601); a body that does not fit is a 422 naming the field.
    static func decode<T: Decodable>(_ type: T.Type, _ req: Request) throws -> T {
        guard let buffer = req.body.data else { throw AppError.badRequest("Expected a JSON body.") }
        do {
            return try TreasureChestJSON.decoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                throw AppError.badRequest("The body is not JSON.")
            default:
                throw AppError.invalid(
                    FieldError(field: Self.field(of: error), message: MappedError.describe(error)))
            }
        }
    }

    private static func field(of error: DecodingError) -> String {
        let path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: path = []
        }
        return path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    static func json(_ value: some Encodable) throws -> Response {
        let response = Response(status: .ok, body: .init(data: try TreasureChestJSON.encoder().encode(value)))
        response.headers.contentType = .json
        return response
    }
}
