import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func analyzeItemPhoto(_ input: Operations.AnalyzeItemPhoto.Input) async throws
        -> Operations.AnalyzeItemPhoto.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        guard let data = Data(base64Encoded: body.imageJpegBase64, options: .ignoreUnknownCharacters) else {
            throw AppError.invalid(
                FieldError(field: "imageJpegBase64", message: "The photo is not valid base64."))
        }
        let services = try request.heirloom
        let household = try await Household.find(principal.householdID, on: services.db)
        var hints = AppraisalRequest(currencyCode: household?.defaultCurrency ?? "USD")
        hints.title = body.hints?.title
        hints.category = body.hints?.category.map(ItemCategory.normalise)
        hints.notes = body.hints?.notes.map { TextLimit.clipped($0, to: AppraisalService.maximumNotesLength) }
        let analysis = try await services.appraisal.analyse(photo: data, hints: hints, by: principal)
        return .ok(.init(body: .json(.init(analysis))))
    }

    func getAIStatus(_ input: Operations.GetAIStatus.Input) async throws -> Operations.GetAIStatus.Output {
        _ = try principal
        let ai = try request.heirloom.ai
        let available = await ai.isAvailable()
        let message: String
        switch (ai.provider == nil, available) {
        case (true, true):
            message = "Offline: text on photos is read on the hub; " + OfflineAppraiser.noValueNote
        case (true, false):
            message = "Offline, but Tesseract is not installed on the hub, so no text can be read from photos."
        case (false, true):
            message = "The AI expert (\(ai.providerName), \(ai.model)) is answering."
        case (false, false):
            message = "The AI expert (\(ai.providerName), \(ai.model)) is not answering right now."
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        provider: .init(rawValue: ai.providerName) ?? .offline, model: ai.model,
                        available: available, message: message))))
    }

    func analyzeItem(_ input: Operations.AnalyzeItem.Input) async throws -> Operations.AnalyzeItem.Output {
        var photoID: UUID?
        if case .json(let body) = input.body, let raw = body.photoId { photoID = try uuid(raw, "photo") }
        let analysis = try await request.heirloom.appraisal.analyse(
            item: try uuid(input.path.id, "item"), photoID: photoID, by: try principal)
        return .ok(.init(body: .json(.init(analysis))))
    }

    func applyItemAnalysis(_ input: Operations.ApplyItemAnalysis.Input) async throws
        -> Operations.ApplyItemAnalysis.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let analysis = try ItemAnalysis(body.analysis)
        let item = try await request.heirloom.appraisal.apply(
            analysis, estimatedValue: body.estimatedValue, to: try uuid(input.path.id, "item"), by: try principal)
        return .ok(.init(body: .json(try .init(item))))
    }

    func getItemValuation(_ input: Operations.GetItemValuation.Input) async throws
        -> Operations.GetItemValuation.Output
    {
        let id = try uuid(input.path.id, "item")
        let principal = try principal
        try principal.requireSeesValues(hidingAs: "valuation")
        let valuation = try await request.heirloom.appraisal.valuation(of: id, householdID: principal.householdID)
        return .ok(.init(body: .json(.init(valuation, itemID: id))))
    }

    func updateItemValuationNotes(_ input: Operations.UpdateItemValuationNotes.Input) async throws
        -> Operations.UpdateItemValuationNotes.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let id = try uuid(input.path.id, "item")
        let valuation = try await request.heirloom.appraisal.saveNotes(body.userNotes, of: id, by: try principal)
        return .ok(.init(body: .json(.init(valuation, itemID: id))))
    }

    func createBatch(_ input: Operations.CreateBatch.Input) async throws -> Operations.CreateBatch.Output {
        let principal = try principal
        guard case .multipartForm(let parts) = input.body else {
            throw AppError.badRequest("Send the photos as multipart/form-data.")
        }
        let batches = try request.appraisalBatches
        let batch = try await batches.begin(by: principal)
        var added = 0
        do {
            for try await part in parts {
                switch part {
                case .file(let file):
                    try await batches.add(file.payload.body, fileName: file.filename, to: batch, by: principal)
                    added += 1
                    // The first photos are analysed while the rest upload.
                    await batches.start(try batch.requireID())
                case .undocumented(let other):
                    try await Self.drain(other.body)
                }
            }
            guard added > 0 else {
                throw AppError.invalid(FieldError(field: "file", message: "Please choose at least one photo."))
            }
        } catch {
            await batches.discard(batch)
            throw error
        }
        let id = try batch.requireID()
        await batches.start(id)
        return .created(.init(body: .json(.init(id: id.text))))
    }

    func getBatch(_ input: Operations.GetBatch.Input) async throws -> Operations.GetBatch.Output {
        let batch = try await request.appraisalBatches.find(try uuid(input.path.id, "batch"), by: try principal)
        return .ok(.init(body: .json(try .init(batch))))
    }

    func retryBatch(_ input: Operations.RetryBatch.Input) async throws -> Operations.RetryBatch.Output {
        let batch = try await request.appraisalBatches.retry(try uuid(input.path.id, "batch"), by: try principal)
        return .ok(.init(body: .json(try .init(batch))))
    }

    func importBatch(_ input: Operations.ImportBatch.Input) async throws -> Operations.ImportBatch.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let choices = body.entries.map {
            AppraisalBatchService.Choice(index: $0.index, title: $0.title, estimatedValue: $0.estimatedValue)
        }
        let items = try await request.appraisalBatches.importItems(
            choices, from: try uuid(input.path.id, "batch"), by: try principal)
        return .created(.init(body: .json(.init(items: try items.map(Components.Schemas.Item.init)))))
    }

    func draftBeneficiaryMessage(_ input: Operations.DraftBeneficiaryMessage.Input) async throws
        -> Operations.DraftBeneficiaryMessage.Output
    {
        var tone = BeneficiaryAdvisor.Tone.warm
        if case .json(let body) = input.body, let raw = body.tone {
            tone = BeneficiaryAdvisor.Tone(rawValue: raw.rawValue) ?? .warm
        }
        let message = try await request.heirloom.beneficiaryAdvisor.draftMessage(
            link: try uuid(input.path.linkId, "assignment"), item: try uuid(input.path.id, "item"), tone: tone,
            by: try principal)
        return .ok(.init(body: .json(.init(message: message))))
    }

    func suggestBeneficiaries(_ input: Operations.SuggestBeneficiaries.Input) async throws
        -> Operations.SuggestBeneficiaries.Output
    {
        let suggestions = try await request.heirloom.beneficiaryAdvisor.suggest(
            for: try uuid(input.path.id, "item"), by: try principal)
        return .ok(
            .init(
                body: .json(
                    suggestions.map { .init(beneficiaryId: $0.beneficiaryID.text, reason: $0.reason) })))
    }
}
