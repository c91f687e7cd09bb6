import Fluent
import Foundation
import HeirloomCore

/// Analysing items and photos, keeping each item's valuation snapshot and notes, and applying an analysis.
struct AppraisalService: Sendable {
    let db: any Database
    let items: ItemService
    let ai: AIClient
    let store: BlobStore
    let now: Date
    /// Reads a photo's metadata (for the offline reader's facts); nil skips them.
    var images: ImageProcessor? = nil

    static let maximumNotesLength = 5000
    static let maximumPhotoBytes = 15_000_000

    /// Analyses one of the item's photos (the primary one unless named) with its notes; replaces its valuation.
    func analyse(item id: UUID, photoID: UUID?, by principal: Principal) async throws -> ItemAnalysis {
        try principal.requireEditor()
        let item = try await items.find(id, householdID: principal.householdID)
        let photos = item.photos.sorted { $0.position < $1.position }
        let photo: ItemPhoto
        if let photoID {
            guard let named = photos.first(where: { $0.id == photoID }) else { throw AppError.notFound("photo") }
            photo = named
        } else {
            guard let first = photos.first else {
                throw AppError.invalid(
                    FieldError(
                        field: "photoId", message: "Please add a photo of the item first; the AI expert looks at it."))
            }
            photo = first
        }
        let notes = try await valuation(of: id).userNotes
        var request = AppraisalRequest(
            title: item.name, category: ItemCategory.normalise(item.category),
            notes: notes, description: item.description, currencyCode: item.currencyCode)
        request.facts = Self.facts(of: photo.media)
        let analysis = try await ai.analyse(try await image(of: photo.media), request: request)
        let at = now
        _ = try await changeValuation(of: id) { $0.record(analysis, at: at) }
        return analysis
    }

    /// Analyses a photo sent as bytes (the iPhone app's call); nothing is stored.
    func analyse(photo data: Data, hints: AppraisalRequest, by principal: Principal) async throws -> ItemAnalysis {
        try principal.requireEditor()
        return try await analyse(photo: data, hints: hints)
    }

    /// Analyses a photo sent as bytes for a caller already allowed to (an approved Legacy Treasure Chest phone).
    func analyse(photo data: Data, hints: AppraisalRequest) async throws -> ItemAnalysis {
        guard !data.isEmpty else {
            throw AppError.invalid(FieldError(field: "imageJpegBase64", message: "Please send a photo."))
        }
        guard data.count <= Self.maximumPhotoBytes else {
            throw AppError.payloadTooLarge("The photo is larger than the 15 MB the AI expert accepts.")
        }
        guard let format = MediaSniffer.detect(Array(data.prefix(64))), format.kind == .image else {
            throw AppError.unsupportedMedia("The AI expert reads JPEG, PNG, HEIC, WebP and GIF photos.")
        }
        var request = hints
        if ai.provider == nil, let images { request.facts = await Self.facts(of: data, images: images) }
        return try await ai.analyse(AIImage(data: data, mimeType: format.mimeType), request: request)
    }

    /// Facts from a photo's own metadata (its size, the date it was taken), for the offline reader.
    static func facts(of data: Data, images: ImageProcessor) async -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-probe-\(UUID())")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? data.write(to: file)) != nil, let info = try? await images.probe(file) else { return [] }
        return sentences(width: info.width, height: info.height, takenAt: info.takenAt)
    }

    /// The item's valuation row (an empty one before the first run or note).
    func valuation(of id: UUID) async throws -> ItemValuation {
        try await ItemValuation.query(on: db).filter(\.$item.$id == id).first() ?? ItemValuation(itemID: id)
    }

    /// The valuation of an item of the household.
    func valuation(of id: UUID, householdID: UUID) async throws -> ItemValuation {
        _ = try await items.find(id, householdID: householdID)
        return try await valuation(of: id)
    }

    /// Saves "more details for the AI expert".
    func saveNotes(_ raw: String, of id: UUID, by principal: Principal) async throws -> ItemValuation {
        try principal.requireEditor()
        let item = try await items.find(id, householdID: principal.householdID)
        let notes = raw.trimmingWhitespace()
        do {
            try TextLimit.check(
                notes, maximum: Self.maximumNotesLength, field: "userNotes",
                tooLong: "The notes can be at most 5,000 characters long.")
        } catch { throw AppError.invalid(error) }
        // The notes are found by the item search too.
        return try await changeValuation(
            of: id, { $0.userNotes = notes }, alongWith: { db in try await ItemSearchIndex(db).update(item) })
    }

    /// Changes the item's one valuation row, read afresh (a run that took a minute does not undo notes saved
    /// meanwhile); when two first changes race to create the row, the loser changes the winner's row.
    func changeValuation(
        of id: UUID, _ change: @escaping @Sendable (ItemValuation) -> Void,
        alongWith more: @escaping @Sendable (any Database) async throws -> Void = { _ in }
    ) async throws -> ItemValuation {
        for attempt in 1...2 {
            let valuation = try await valuation(of: id)
            change(valuation)
            do {
                try await db.transaction { db in
                    try await valuation.save(on: db)
                    try await more(db)
                }
                return valuation
            } catch let error as any DatabaseError where error.isConstraintFailure && attempt == 1 {
                continue
            }
        }
        throw AppError.internalProblem("the valuation could not be saved")
    }

    /// Merges the analysis into the item: description, category, estimated value (the midpoint unless given)
    /// and the suggested new and used prices.
    func apply(
        _ analysis: ItemAnalysis, fields: Set<AnalysisMerge.Field> = AnalysisMerge.defaultFields,
        estimatedValue: String?, to id: UUID, by principal: Principal
    ) async throws -> Item {
        try principal.requireEditor()
        let item = try await items.find(id, householdID: principal.householdID)
        var input = ItemInput()
        if fields.contains(.name), !analysis.title.trimmingWhitespace().isEmpty {
            input.name = TextLimit.clipped(analysis.title.trimmingWhitespace(), to: 200)
        }
        if fields.contains(.description) {
            input.description = AnalysisMerge.description(item.description, with: analysis)
        }
        if fields.contains(.category) { input.category = ItemCategory.normalise(analysis.category).rawValue }
        guard fields.contains(.value) else { return try await items.update(id, input, by: principal) }
        var currency = item.currency
        if let hints = analysis.valueHints, let hinted = CurrencyCode(hints.currencyCode), hinted != currency {
            let hasAmounts = [item.estimatedValue, item.suggestedPriceNew, item.suggestedPriceUsed, item.purchasePrice]
                .contains { $0 != nil }
            if !hasAmounts {
                currency = hinted
                input.currencyCode = hinted.code
            }
        }
        let sameCurrency = analysis.valueHints.map { CurrencyCode($0.currencyCode) == currency } ?? false
        if let chosen = estimatedValue?.trimmingWhitespace(), !chosen.isEmpty {
            input.estimatedValue = chosen
        } else if sameCurrency, let hints = analysis.valueHints {
            input.estimatedValue = AnalysisMerge.money(hints.midpoint, currency: currency)?.decimalString
        }
        if sameCurrency, let hints = analysis.valueHints {
            input.suggestedPriceUsed = AnalysisMerge.money(hints.midpoint, currency: currency)?.decimalString
            if let new = AnalysisMerge.replacementPrice(in: analysis.aiNotes) {
                input.suggestedPriceNew = AnalysisMerge.money(new, currency: currency)?.decimalString
            }
        }
        return try await items.update(id, input, by: principal)
    }

    /// The bytes sent to the model: the display size (a JPEG of at most 1600 px) when there is one.
    func image(of media: MediaObject) async throws -> AIImage {
        if ai.provider == nil, [.jpeg, .png].contains(media.format) {
            // Tesseract reads small print better at full size.
            return AIImage(data: try await store.data(media.sha256), mimeType: media.format.mimeType)
        }
        if let display = media.displaySHA256 {
            return AIImage(data: try await store.data(display), mimeType: "image/jpeg")
        }
        return AIImage(data: try await store.data(media.sha256), mimeType: media.format.mimeType)
    }

    /// Facts from the photo's metadata, as sentences.
    static func facts(of media: MediaObject) -> [String] {
        sentences(width: media.width, height: media.height, takenAt: media.takenAt)
    }

    private static func sentences(width: Int?, height: Int?, takenAt: Date?) -> [String] {
        var facts: [String] = []
        if let width, let height { facts.append("The photo is \(width) × \(height) pixels.") }
        if let taken = takenAt {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US")
            formatter.dateStyle = .long
            facts.append("It was taken on \(formatter.string(from: taken)).")
        }
        return facts
    }
}
