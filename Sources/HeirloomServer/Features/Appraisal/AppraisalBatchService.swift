import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Batch add from photos: storing the photos, starting their analysis, retrying failures and importing items.
struct AppraisalBatchService: Sendable {
    let db: any Database
    let media: MediaService
    let items: ItemService
    /// Starts (or resumes) the background analysis of a batch.
    let start: @Sendable (UUID) async -> Void
    var now = Date()

    static let maximumPhotos = 25
    /// Batches are kept this long for review; then the photos not imported are deleted with the batch.
    static let lifetime: TimeInterval = 30 * 24 * 60 * 60
    /// The owner type of a batch's photos until they are imported.
    static let mediaOwnerType = "appraisal_batch"

    /// Makes an empty batch for the member's photos.
    func begin(by principal: Principal) async throws -> AppraisalBatch {
        try principal.requireEditor()
        await pruneOld(householdID: principal.householdID)
        let batch = AppraisalBatch()
        batch.$household.id = principal.householdID
        batch.$createdBy.id = principal.userID
        try await batch.create(on: db)
        return batch
    }

    /// Stores one photo of the batch as its next entry.
    func add<Chunks: AsyncSequence>(
        _ chunks: Chunks, fileName: String?, to batch: AppraisalBatch, by principal: Principal
    )
        async throws where Chunks.Element: Collection<UInt8>
    {
        let batchID = try batch.requireID()
        let count = try await AppraisalBatchEntry.query(on: db).filter(\.$batch.$id == batchID).count()
        guard count < Self.maximumPhotos else {
            throw AppError.invalid(FieldError(field: "file", message: "Please choose at most 25 photos at a time."))
        }
        let object = try await media.ingest(
            chunks, fileName: fileName, use: .photo,
            origin: .init(
                householdID: principal.householdID, uploaderID: principal.userID, ownerType: Self.mediaOwnerType,
                ownerID: batchID.text))
        let entry = AppraisalBatchEntry()
        entry.$batch.id = batchID
        entry.position = count
        entry.fileName = object.originalName
        entry.$media.id = try object.requireID()
        entry.state = .pending
        do {
            try await entry.create(on: db)
        } catch {
            try? await media.delete([object])
            throw error
        }
    }

    /// Deletes the household's batches older than `lifetime`, with their photos that were not imported.
    func pruneOld(householdID: UUID) async {
        let old =
            (try? await AppraisalBatch.query(on: db).filter(\.$household.$id == householdID)
                .filter(\.$createdAt < now.addingTimeInterval(-Self.lifetime)).all()) ?? []
        for batch in old { await discard(batch) }
    }

    /// Deletes a batch that could not be made, with the photos stored for it.
    func discard(_ batch: AppraisalBatch) async {
        guard let batchID = batch.id else { return }
        let objects =
            (try? await MediaObject.query(on: db)
                .filter(\.$ownerType == Self.mediaOwnerType).filter(\.$ownerID == batchID.text).all()) ?? []
        try? await media.delete(objects) { db in
            try await AppraisalBatch.query(on: db).filter(\.$id == batchID).delete()
        }
    }

    /// A batch of the household with its entries in order; resumes work left by a restart.
    func find(_ id: UUID, by principal: Principal) async throws -> AppraisalBatch {
        guard principal.role.canEdit,
            let batch = try await AppraisalBatch.query(on: db)
                .filter(\.$id == id).filter(\.$household.$id == principal.householdID)
                .with(\.$entries, { $0.with(\.$media) }).first()
        else { throw AppError.notFound("batch") }
        if batch.entries.contains(where: { $0.state == .pending || $0.state == .running }) { await start(id) }
        return batch
    }

    /// Puts the failed photos back in the queue and starts them.
    func retry(_ id: UUID, by principal: Principal) async throws -> AppraisalBatch {
        try principal.requireEditor()
        _ = try await find(id, by: principal)
        try await AppraisalBatchEntry.query(on: db)
            .filter(\.$batch.$id == id).filter(\.$state == .failed)
            .set(\.$state, to: .pending).set(\.$errorCode, to: nil).set(\.$errorMessage, to: nil)
            .update()
        await start(id)
        return try await find(id, by: principal)
    }

    /// What the member chose to import from one entry.
    struct Choice: Sendable {
        var index: Int
        var title: String?
        var estimatedValue: String?
    }

    /// Creates an item with its photo for each chosen entry that was analysed and not imported yet: all of them
    /// or none. Each entry is claimed in the same transaction, so a double tap or two imports at once make one
    /// item per photo, never two sharing a photo.
    func importItems(_ choices: [Choice], from id: UUID, by principal: Principal) async throws -> [Item] {
        try principal.requireEditor()
        let batch = try await find(id, by: principal)
        guard !choices.isEmpty else {
            throw AppError.invalid(FieldError(field: "entries", message: "Please choose at least one photo to import."))
        }
        guard Set(choices.map(\.index)).count == choices.count else {
            throw AppError.invalid(FieldError(field: "entries", message: "Please choose each photo only once."))
        }
        var plan: [(entry: AppraisalBatchEntry, input: ItemInput)] = []
        for choice in choices {
            guard let entry = batch.entries.first(where: { $0.position == choice.index }) else {
                throw AppError.notFound("photo in this batch")
            }
            guard entry.itemID == nil else { throw Self.alreadyImported(entry) }
            guard entry.state == .done, let analysis = entry.analysis else {
                throw AppError.invalid(
                    FieldError(field: "entries", message: "\(entry.fileName) has not been analysed yet."))
            }
            plan.append((entry, Self.input(choice, analysis)))
        }
        let pipeline = media.pipeline
        let steps = plan
        let created: [UUID]
        do {
            created = try await importing(steps, by: principal, pipeline: pipeline)
        } catch  where !(error is AppError) {
            // Another import of the same photos may be winning the race (SQLite answers "busy" rather than
            // waiting): once it has finished, say so.
            let chosen = Set(choices.map(\.index))
            for _ in 0..<20 {
                let now = try await find(id, by: principal)
                if let taken = now.entries.first(where: { chosen.contains($0.position) && $0.itemID != nil }) {
                    throw Self.alreadyImported(taken)
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            throw error
        }
        var imported: [Item] = []
        for itemID in created { imported.append(try await items.find(itemID, householdID: principal.householdID)) }
        return imported
    }

    private func importing(
        _ steps: [(entry: AppraisalBatchEntry, input: ItemInput)], by principal: Principal, pipeline: MediaPipeline
    ) async throws -> [UUID] {
        try await db.transaction { db in
            let items = ItemService(database: items.database.on(db), media: MediaService(db: db, pipeline: pipeline))
            var created: [UUID] = []
            for (entry, input) in steps {
                let itemID = try await items.create(id: nil, input, by: principal).item.requireID()
                let claimed = try await db.sql().update(AppraisalBatchEntry.schema)
                    .set("item_id", to: itemID)
                    .where("id", .equal, try entry.requireID())
                    .where("item_id", .is, SQLLiteral.null)
                    .returning("id").all()
                guard claimed.count == 1 else { throw Self.alreadyImported(entry) }
                if let mediaID = entry.$media.id {
                    try await MediaObject.query(on: db).filter(\.$id == mediaID)
                        .set(\.$ownerType, to: ItemService.mediaOwnerType).set(\.$ownerID, to: itemID.text)
                        .update()
                    try await ItemPhoto(itemID: itemID, mediaID: mediaID, position: 0).create(on: db)
                }
                created.append(itemID)
            }
            return created
        }
    }

    /// The new item's details: the analysis, with the name and value the member chose.
    static func input(_ choice: Choice, _ analysis: ItemAnalysis) -> ItemInput {
        var input = ItemInput()
        input.name = choice.title?.trimmingWhitespace().nilIfEmpty ?? analysis.title
        input.description = AnalysisMerge.description(analysis.description, with: analysis)
        input.category = analysis.category
        if let hints = analysis.valueHints, let currency = CurrencyCode(hints.currencyCode) {
            input.currencyCode = currency.code
            input.estimatedValue = AnalysisMerge.money(hints.midpoint, currency: currency)?.decimalString
            input.suggestedPriceUsed = input.estimatedValue
        }
        if let chosen = choice.estimatedValue?.trimmingWhitespace(), !chosen.isEmpty {
            input.estimatedValue = chosen
        }
        return input
    }

    static func alreadyImported(_ entry: AppraisalBatchEntry) -> AppError {
        .conflict(code: "already_imported", message: "\(entry.fileName) was imported already.")
    }
}
