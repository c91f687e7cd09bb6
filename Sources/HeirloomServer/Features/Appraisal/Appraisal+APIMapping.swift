import Foundation
import HeirloomAPI
import HeirloomCore

extension Components.Schemas.ItemAnalysis {
    init(_ analysis: ItemAnalysis) {
        self.init(
            title: analysis.title,
            summary: analysis.summary,
            description: analysis.description,
            category: analysis.category,
            valueHints: analysis.valueHints.map {
                .init(
                    low: $0.low, high: $0.high, currencyCode: $0.currencyCode, confidence: $0.confidence,
                    sources: $0.sources, lastUpdated: $0.lastUpdated)
            },
            attributes: .init(
                materials: analysis.attributes.materials, maker: analysis.attributes.maker,
                style: analysis.attributes.style, condition: analysis.attributes.condition,
                features: analysis.attributes.features, era: analysis.attributes.era),
            extractedText: analysis.extractedText,
            aiNotes: analysis.aiNotes,
            provider: analysis.provider,
            model: analysis.model
        )
    }
}

extension ItemAnalysis {
    /// An analysis sent back by a client (to apply it), checked by the same rules as a model's reply.
    init(_ body: Components.Schemas.ItemAnalysis) throws {
        let reply = AnalysisReply(
            title: body.title, summary: body.summary, description: body.description, category: body.category,
            valueHints: body.valueHints.map {
                .init(
                    low: $0.low, high: $0.high, currencyCode: $0.currencyCode, confidence: $0.confidence,
                    sources: $0.sources, lastUpdated: $0.lastUpdated)
            },
            attributes: .init(
                materials: body.attributes.materials, maker: body.attributes.maker, style: body.attributes.style,
                condition: body.attributes.condition, features: body.attributes.features, era: body.attributes.era),
            extractedText: body.extractedText, aiNotes: body.aiNotes)
        do {
            self = try AnalysisCheck.check(reply, provider: body.provider, model: body.model)
        } catch {
            throw AppError.invalid(
                FieldError(
                    field: "analysis", message: "The analysis is not valid: \(error.reasons.joined(separator: " "))"))
        }
    }
}

extension Components.Schemas.ItemValuation {
    init(_ valuation: ItemValuation, itemID: UUID) {
        self.init(
            itemId: itemID.text,
            low: valuation.money(valuation.low)?.decimalString,
            high: valuation.money(valuation.high)?.decimalString,
            currencyCode: valuation.currencyCode,
            confidence: valuation.confidence,
            sources: valuation.sources,
            provider: valuation.provider,
            model: valuation.model,
            valuedAt: valuation.valuedAt,
            aiNotes: valuation.aiNotes,
            userNotes: valuation.userNotes
        )
    }
}

extension Components.Schemas.Batch {
    init(_ batch: AppraisalBatch) throws {
        self.init(
            id: try batch.requireID().text,
            entries: batch.entries.sorted { $0.position < $1.position }.map { entry in
                .init(
                    index: entry.position,
                    fileName: entry.fileName,
                    state: .init(rawValue: entry.state.rawValue) ?? .pending,
                    thumbnailUrl: entry.$media.id.map { SiteURL.media($0, .thumbnail) },
                    analysis: entry.analysis.map(Components.Schemas.ItemAnalysis.init),
                    error: entry.errorCode.map { .init(code: $0, message: entry.errorMessage ?? "") },
                    itemId: entry.itemID?.text
                )
            }
        )
    }
}
