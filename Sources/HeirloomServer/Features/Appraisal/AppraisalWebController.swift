import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The AI appraiser's pages: analyse an item, save notes, apply an analysis, and batch add from photos.
struct AppraisalWebController {
    // MARK: One item

    func analyse(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("item")
        let appraisal = req.heirloom.appraisal
        var analysis: ItemAnalysis?
        var problem: AppError?
        do {
            analysis = try await appraisal.analyse(item: id, photoID: nil, by: principal)
        } catch {
            let error = try AppError.userFacing(error)
            if case .notFound = error { throw error }
            problem = error
        }
        let response = try await result(req, itemID: id, analysis: analysis, problem: problem)
        // The page shows a paid-for answer: a reload must not ask the model again, nor a cache keep it.
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    private func result(
        _ req: Request, itemID id: UUID, analysis: ItemAnalysis?, problem: AppError?, valueError: String? = nil,
        customValue: String? = nil
    ) async throws -> Response {
        let item = try await req.heirloom.items.find(id, householdID: try req.principal().householdID)
        var view = analysis.map { AppraisalPages.analysisView($0, itemID: id) }
        if let customValue { view?.midpointValue = customValue }
        let model = AppraisalPages.Result(
            item: .init(id: id.text, name: item.name, href: SiteURL.item(.value(id)).path),
            analysis: view,
            error: problem?.message,
            offline: req.heirloom.config.ai.provider == .offline,
            appraisal: try await AppraisalPages.panel(for: item, req: req, canEdit: true),
            valueError: valueError, customValue: customValue)
        let page = try await Page.render(
            .appraisalResult, base: PageBase(request: req, title: "AI appraisal · \(item.name)", nav: .items),
            model, on: req)
        return try await page.encodeResponse(
            status: valueError != nil ? .unprocessableEntity : problem?.status ?? .ok, for: req)
    }

    struct NotesForm: Content {
        var userNotes: String?
    }

    func saveNotes(req: Request) async throws -> Response {
        let id = try req.id("item")
        let form = try req.content.decode(NotesForm.self)
        _ = try await req.heirloom.appraisal.saveNotes(form.userNotes ?? "", of: id, by: try req.principal())
        return req.redirect(to: SiteURL.item(.value(id)).path(done: .appraisalNotesSaved, fragment: "appraisal"))
    }

    struct ApplyForm: Content {
        var analysis: String?
        /// The ticked parts ("name", "category", "description"); the form says it chose with `choosing`.
        var apply: [String]?
        var choosing: String?
        /// "midpoint", "custom" or "keep".
        var valueChoice: String?
        var customValue: String?

        /// What the owner accepted: only the ticked parts, and the value unless they kept their own.
        var fields: Set<AnalysisMerge.Field> {
            guard choosing != nil else { return AnalysisMerge.defaultFields }
            var fields = Set((apply ?? []).compactMap(AnalysisMerge.Field.init(rawValue:))).subtracting([.value])
            if valueChoice != "keep" { fields.insert(.value) }
            return fields
        }
    }

    func apply(req: Request) async throws -> Response {
        let id = try req.id("item")
        let form = try req.content.decode(ApplyForm.self)
        guard let json = form.analysis,
            let reply = try? JSONDecoder().decode(AnalysisReply.self, from: Data(json.utf8)),
            let stored = try? JSONDecoder().decode(ItemAnalysis.self, from: Data(json.utf8)),
            let analysis = try? AnalysisCheck.check(reply, provider: stored.provider, model: stored.model)
        else { throw AppError.badRequest("The appraisal could not be read. Please ask the AI expert again.") }
        // An amount typed into the box counts even if "Another amount" was not ticked: it was meant.
        let typed = form.customValue?.trimmingWhitespace() ?? ""
        let midpoint = analysis.valueHints.flatMap { hints in
            CurrencyCode(hints.currencyCode).flatMap {
                AnalysisMerge.money(hints.midpoint, currency: $0)?.decimalString
            }
        }
        let value = form.valueChoice == "custom" || (!typed.isEmpty && typed != midpoint) ? typed : nil
        do {
            _ = try await req.heirloom.appraisal.apply(
                analysis, fields: form.fields, estimatedValue: value, to: id, by: try req.principal())
        } catch {
            let error = try AppError.userFacing(error)
            guard error.field != nil else { throw error }
            // The answer stays on the page with the reason, so fixing the amount needs no new appraisal.
            return try await result(
                req, itemID: id, analysis: analysis, problem: nil, valueError: error.message, customValue: typed)
        }
        return req.redirect(to: SiteURL.item(.value(id)).path(done: .appraisalApplied))
    }

    // MARK: Batches

    func newBatch(req: Request) async throws -> View {
        try await Page.render(
            .batchNew, base: PageBase(request: req, title: "Add items from photos", nav: .items),
            AppraisalPages.NewBatch(
                offline: req.heirloom.config.ai.provider == .offline, maximum: AppraisalBatchService.maximumPhotos),
            on: req)
    }

    func createBatch(req: Request) async throws -> Response {
        let principal = try req.principal()
        let media = req.heirloom.services.media
        let form = try await FormUpload.read(
            req, temporaryDirectory: media.store.temporaryDirectory, maximumFileBytes: media.limit(for: .photo))
        defer { form.removeFiles() }
        try CSRF.verify(form.fields[CSRF.fieldName], req)
        guard !form.files.isEmpty else {
            throw AppError.invalid(FieldError(field: "file", message: "Please choose at least one photo."))
        }
        guard form.files.count <= AppraisalBatchService.maximumPhotos else {
            throw AppError.invalid(FieldError(field: "file", message: "Please choose at most 25 photos at a time."))
        }
        let batches = req.appraisalBatches
        let batch = try await batches.begin(by: principal)
        do {
            for file in form.files {
                try await batches.add(FileChunks(url: file.url), fileName: file.fileName, to: batch, by: principal)
                await batches.start(try batch.requireID())
            }
        } catch {
            await batches.discard(batch)
            throw error
        }
        let id = try batch.requireID()
        await batches.start(id)
        return req.redirect(to: SiteURL.batch(.value(id)).path)
    }

    func showBatch(req: Request) async throws -> View {
        let batch = try await req.appraisalBatches.find(
            try req.id("batch", .batchID), by: try req.principal())
        let model = try AppraisalPages.batchPage(batch, offline: req.heirloom.config.ai.provider == .offline)
        return try await Page.render(
            .batchShow, base: PageBase(request: req, title: "Add items from photos", nav: .items), model,
            on: req)
    }

    func retryBatch(req: Request) async throws -> Response {
        let id = try req.id("batch", .batchID)
        _ = try await req.appraisalBatches.retry(id, by: try req.principal())
        return req.redirect(to: SiteURL.batch(.value(id)).path)
    }

    func importBatch(req: Request) async throws -> Response {
        let id = try req.id("batch", .batchID)
        // Fields: include-N=on, title-N, value-N for each photo N.
        let fields = try req.content.decode([String: String].self)
        var choices: [AppraisalBatchService.Choice] = []
        for (key, value) in fields where key.hasPrefix("include-") && value == "on" {
            guard let index = Int(key.dropFirst("include-".count)) else { continue }
            choices.append(
                .init(index: index, title: fields["title-\(index)"], estimatedValue: fields["value-\(index)"]))
        }
        choices.sort { $0.index < $1.index }
        let items = try await req.appraisalBatches.importItems(choices, from: id, by: try req.principal())
        return req.redirect(to: SiteURL.items.path(done: items.count == 1 ? .batchImportedOne : .batchImported))
    }

    // MARK: Beneficiaries

    struct HelpForm: Content {
        var tone: String?
        var personalMessage, accessPermission, accessDate, beneficiaryId, newName, relationship,
            relationshipCustom: String?
    }

    /// Fills the message field with a draft; nothing is saved until the member presses Save.
    func draft(req: Request) async throws -> Response {
        let principal = try req.principal()
        let itemID = try req.id("item")
        let linkID = try req.id("assignment", .linkID)
        let form = try req.content.decode(HelpForm.self)
        let tone = BeneficiaryAdvisor.Tone(rawValue: form.tone ?? "") ?? .warm
        let link = try await req.heirloom.beneficiaries.findLink(linkID, of: itemID, by: principal)
        let item = try await req.heirloom.items.find(itemID, householdID: principal.householdID)
        var values = [
            "accessPermission": form.accessPermission ?? link.permission.rawValue,
            "accessDate": form.accessDate ?? "", "personalMessage": form.personalMessage ?? "",
        ]
        var help = AppraisalPages.BeneficiaryHelp(itemID: itemID, linkID: linkID, tone: tone.rawValue)
        do {
            values["personalMessage"] = try await req.heirloom.beneficiaryAdvisor.draftMessage(
                link: linkID, item: itemID, tone: tone, by: principal)
            help.notice = "Here is a draft. Change anything you like, then press Save. Nothing is saved until you do."
        } catch {
            help.error = try AppError.userFacing(error).message
        }
        let view = try await BeneficiaryPages.linkForm(
            req, item: item, link: link, values: values, errors: [:], help: help)
        return try await view.encodeResponse(for: req)
    }

    /// Shows who might receive the item, with the first suggestion chosen in the form for the member to confirm.
    func suggest(req: Request) async throws -> Response {
        let principal = try req.principal()
        let itemID = try req.id("item")
        let form = try req.content.decode(HelpForm.self)
        let item = try await req.heirloom.items.find(itemID, householdID: principal.householdID)
        var values = [
            "accessPermission": form.accessPermission ?? "immediate", "accessDate": form.accessDate ?? "",
            "personalMessage": form.personalMessage ?? "", "beneficiaryId": form.beneficiaryId ?? "",
            "newName": form.newName ?? "", "relationship": form.relationship ?? "",
            "relationshipCustom": form.relationshipCustom ?? "",
        ]
        var help = AppraisalPages.BeneficiaryHelp(itemID: itemID, linkID: nil)
        do {
            let suggestions = try await req.heirloom.beneficiaryAdvisor.suggest(for: itemID, by: principal)
            let people = try await Beneficiary.query(on: req.db).filter(\.$id ~~ suggestions.map(\.beneficiaryID))
                .all()
            help.suggestions = suggestions.compactMap { suggestion in
                people.first { $0.id == suggestion.beneficiaryID }.map {
                    .init(name: $0.name, reason: suggestion.reason)
                }
            }
            if let first = suggestions.first { values["beneficiaryId"] = first.beneficiaryID.text }
            help.notice =
                suggestions.isEmpty
                ? "There is nobody to suggest yet: add the people who might receive your things first."
                : "The first suggestion is chosen below. Change anything you like, then press Assign."
        } catch {
            help.error = try AppError.userFacing(error).message
        }
        let view = try await BeneficiaryPages.linkForm(
            req, item: item, values: values, errors: [:], help: help)
        return try await view.encodeResponse(for: req)
    }
}
