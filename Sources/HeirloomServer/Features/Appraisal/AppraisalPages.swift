import Foundation
import HeirloomCore
import Vapor

/// The models of the AI appraiser's pages.
enum AppraisalPages {
    /// The "AI appraisal" section of an item page.
    struct Panel: Encodable {
        var itemID: String
        var canEdit: Bool
        var hasPhoto: Bool
        var offline: Bool
        var providerLabel: String
        var analyseAction, notesAction: String
        /// Where a value is typed by hand, when no AI expert can give one.
        var editHref: String
        var userNotes: String
        var snapshot: Snapshot?
    }

    /// The item's valuation snapshot, as words.
    struct Snapshot: Encodable {
        var range: String?
        var confidence: String?
        var valuedOn: String
        var by: String
        var aiNotes: String?
        var sources: String?
    }

    /// The page that shows a fresh analysis, with "Apply to item".
    struct Result: Encodable {
        struct Row: Encodable {
            var label, value: String
        }

        var item: ItemRef
        var analysis: AnalysisView?
        var error: String?
        var offline: Bool
        var appraisal: Panel
        /// Set when "Apply to item" was refused (an amount that is not one): shown by the amount, kept typed.
        var valueError: String?
        var customValue: String?
    }

    struct ItemRef: Encodable {
        var id, name, href: String
    }

    struct AnalysisView: Encodable {
        var title, summary, category: String
        var description: String?
        var range: String?
        var midpoint: String?
        var midpointValue: String?
        var confidence: String?
        var rows: [Result.Row]
        var extractedText: String?
        var aiNotes: String?
        /// What "Add to the description" would add, as the owner will read it; empty when nothing.
        var descriptionAddition: String
        var by: String
        /// The analysis as JSON, sent back by "Apply to item".
        var json: String
        var applyAction: String
    }

    /// The item page's "AI appraisal" section, with the item's saved valuation.
    static func panel(for item: Item, req: Request, canEdit: Bool) async throws -> Panel {
        let valuation = try await req.heirloom.appraisal.valuation(of: try item.requireID())
        return try panel(
            item: item, valuation: valuation, settings: req.heirloom.config.ai, canEdit: canEdit,
            days: try req.principal().days)
    }

    static func panel(
        item: Item, valuation: ItemValuation, settings: AISettings, canEdit: Bool, days: DayText
    ) throws -> Panel {
        let itemID = try item.requireID()
        let id = itemID.text
        var snapshot: Snapshot?
        if let valuedAt = valuation.valuedAt {
            let low = valuation.money(valuation.low)?.displayString
            let high = valuation.money(valuation.high)?.displayString
            snapshot = Snapshot(
                range: low.flatMap { low in high.map { "\(low) – \($0)" } },
                confidence: valuation.confidence.map(confidenceWords),
                valuedOn: days.day(valuedAt),
                by: providerWords(valuation.provider ?? "", model: valuation.model ?? ""),
                aiNotes: valuation.aiNotes?.nilIfEmpty,
                sources: valuation.sources.isEmpty ? nil : valuation.sources.joined(separator: ", ")
            )
        }
        return Panel(
            itemID: id, canEdit: canEdit, hasPhoto: !item.photos.isEmpty, offline: settings.provider == .offline,
            providerLabel: providerWords(settings.provider.rawValue, model: settings.model),
            analyseAction: SiteURL.itemAppraisal(.value(itemID)).path,
            notesAction: SiteURL.itemAppraisalNotes(.value(itemID)).path,
            editHref: SiteURL.itemEdit(.value(itemID)).path, userNotes: valuation.userNotes, snapshot: snapshot)
    }

    static func analysisView(_ analysis: ItemAnalysis, itemID: UUID) -> AnalysisView {
        let hints = analysis.valueHints
        let currency = hints.flatMap { CurrencyCode($0.currencyCode) }
        let money = { (value: Double) in currency.flatMap { AnalysisMerge.money(value, currency: $0) } }
        let low = hints.flatMap { money($0.low)?.displayString }
        let high = hints.flatMap { money($0.high)?.displayString }
        let midpoint = hints.flatMap { money($0.midpoint) }
        var rows: [Result.Row] = []
        let attributes = analysis.attributes
        if !attributes.materials.isEmpty {
            rows.append(.init(label: "Made of", value: AnalysisMerge.list(attributes.materials)))
        }
        if let maker = attributes.maker { rows.append(.init(label: "Maker", value: maker)) }
        if let style = attributes.style { rows.append(.init(label: "Style", value: style)) }
        if let era = attributes.era { rows.append(.init(label: "Era", value: era)) }
        if let condition = attributes.condition { rows.append(.init(label: "Condition", value: condition)) }
        if !attributes.features.isEmpty {
            rows.append(.init(label: "Features", value: AnalysisMerge.list(attributes.features)))
        }
        let json = (try? String(decoding: JSONEncoder().encode(analysis), as: UTF8.self)) ?? "{}"
        return AnalysisView(
            title: analysis.title, summary: analysis.summary, category: analysis.category,
            description: analysis.description.nilIfEmpty,
            range: low.flatMap { low in high.map { "\(low) – \($0)" } },
            midpoint: midpoint?.displayString, midpointValue: midpoint?.decimalString,
            confidence: hints.map { confidenceWords($0.confidence) },
            // Offline, the notes only say that a valuation needs a provider, which the page says already.
            rows: rows, extractedText: analysis.extractedText,
            aiNotes: analysis.provider == "offline" ? nil : analysis.aiNotes,
            descriptionAddition: AnalysisMerge.sentences(analysis).joined(separator: " "),
            by: providerWords(analysis.provider, model: analysis.model), json: json,
            applyAction: SiteURL.itemAppraisalApply(.value(itemID)).path)
    }

    /// "fairly sure" for 0.6.
    static func confidenceWords(_ confidence: Double) -> String {
        switch confidence {
        case ..<0.35: "a rough guess"
        case ..<0.65: "fairly sure"
        default: "quite sure"
        }
    }

    static func providerWords(_ provider: String, model: String) -> String {
        switch provider {
        case "gemini": "Google Gemini (\(model))"
        case "openai": "an OpenAI-compatible model (\(model))"
        case "offline": "the hub’s own text reader"
        default: provider
        }
    }
}

extension AppraisalPages {
    /// The AI help on the form that assigns an item to someone.
    struct BeneficiaryHelp: Encodable {
        struct Tone: Encodable {
            var value, label: String
            var selected: Bool
        }

        struct Suggestion: Encodable {
            var name, reason: String
        }

        var draftAction: String?
        var suggestAction: String?
        var tones: [Tone]
        var notice: String?
        var error: String?
        var suggestions: [Suggestion]?

        init(itemID: UUID, linkID: UUID?, tone: String = "warm") {
            if let linkID {
                draftAction = SiteURL.itemBeneficiaryDraft(.value(itemID), .value(linkID)).path
            } else {
                suggestAction = SiteURL.itemBeneficiariesSuggest(.value(itemID)).path
            }
            let labels = [
                ("warm", "Warm and loving"), ("formal", "Dignified"), ("lighthearted", "Light-hearted"),
                ("brief", "Short and simple"),
            ]
            tones = labels.map { Tone(value: $0.0, label: $0.1, selected: $0.0 == tone) }
        }
    }

    /// "Add items from photos": the upload form.
    struct NewBatch: Encodable {
        var offline: Bool
        var maximum: Int
    }

    /// A batch's page: progress while photos are read, then the review form.
    struct BatchPage: Encodable {
        struct Entry: Encodable {
            var index: Int
            var fileName, state, stateLabel: String
            var thumbnailUrl: String?
            var title: String?
            var category: String?
            var summary: String?
            var range: String?
            var value: String?
            var currency: String?
            var error: String?
            var itemHref: String?
        }

        var id: String
        var apiUrl: String
        var total: Int
        var finished: Int
        var failed: Int
        var isWorking: Bool
        var canImport: Bool
        var retryAction, importAction: String
        var offline: Bool
        var entries: [Entry]
    }

    static func batchPage(_ batch: AppraisalBatch, offline: Bool) throws -> BatchPage {
        let batchID = try batch.requireID()
        let id = batchID.text
        let entries = batch.entries.sorted { $0.position < $1.position }.map { entry -> BatchPage.Entry in
            let analysis = entry.analysis
            let hints = analysis?.valueHints
            let currency = hints.flatMap { CurrencyCode($0.currencyCode) }
            let money = { (value: Double) in currency.flatMap { AnalysisMerge.money(value, currency: $0) } }
            let label: String =
                switch entry.state {
                case .pending: "Waiting"
                case .running: "Being read…"
                case .done: entry.itemID == nil ? "Ready" : "Added to your items"
                case .failed: "Could not be read"
                }
            return BatchPage.Entry(
                index: entry.position, fileName: entry.fileName, state: entry.state.rawValue, stateLabel: label,
                thumbnailUrl: entry.$media.id.map { SiteURL.media($0, .thumbnail) },
                title: analysis?.title, category: analysis?.category, summary: analysis?.summary.nilIfEmpty,
                range: hints.flatMap { h in
                    money(h.low).flatMap { low in money(h.high).map { "\(low.displayString) – \($0.displayString)" } }
                },
                value: hints.flatMap { money($0.midpoint)?.decimalString }, currency: currency?.code,
                error: entry.errorMessage, itemHref: entry.itemID.map { SiteURL.item(.value($0)).path })
        }
        let finished = entries.filter { $0.state == "done" || $0.state == "failed" }.count
        let working = entries.contains { $0.state == "pending" || $0.state == "running" }
        return BatchPage(
            id: id, apiUrl: SiteURL.apiBatch(.value(batchID)).path, total: entries.count, finished: finished,
            failed: entries.filter { $0.state == "failed" }.count, isWorking: working,
            canImport: entries.contains { $0.state == "done" && $0.itemHref == nil },
            retryAction: SiteURL.batchRetry(.value(batchID)).path,
            importAction: SiteURL.batchImport(.value(batchID)).path, offline: offline,
            entries: entries)
    }
}
