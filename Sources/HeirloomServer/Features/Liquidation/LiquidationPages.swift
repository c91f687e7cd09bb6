import Foundation
import HeirloomCore

/// The model of an item's or a set's brief page: the paths, the chosen one's plan and partners to call.
struct LiquidationPage: Encodable {
    struct PathRow: Encodable {
        var value: String
        var label: String
        var effort: String
        var time: String?
        var proceeds: String?
        var risksText: String
        var logistics: String?
        var recommended: Bool
        var chosen: Bool
        var choosable: Bool
    }

    struct PartnerRow: Encodable {
        var name: String
        var type: String
        var contact: [String]
        var reasons: String
        var questions: [String]
    }

    struct StepRow: Encodable {
        var id: String
        var order: Int
        var text: String
        var done: Bool
        var doneLine: String?
        var note: String?
        var action: String
    }

    struct Plan: Encodable {
        var chosenLabel: String
        var madeLine: String
        var done: Bool
        var doneCount: Int
        var total: Int
        var steps: [StepRow]
    }

    struct Option: Encodable {
        var value: String
        var label: String
    }

    var kind: String
    var title: String
    var backHref: String
    var canEdit: Bool
    var briefAction: String
    var planAction: String
    var hasBrief: Bool
    var ruleBased: Bool
    var madeLine: String?
    var reasoning: String?
    var recommendedLabel: String?
    var paths: [PathRow] = []
    var missing: [String] = []
    var assumptions: [String] = []
    var needsLocalHelp = false
    var partners: [PartnerRow] = []
    var partnersHref: String
    var plan: Plan?
    var goals: [Option]
    var errors: [String: String] = [:]

    static let goalOptions: [Option] = [
        .init(value: "balanced", label: "A balance of money and effort"),
        .init(value: "maximizeValue", label: "The best price, even if it takes longer"),
        .init(value: "minimizeEffort", label: "As little work as possible"),
        .init(value: "fastestExit", label: "Gone as soon as possible"),
    ]

    static func effortName(_ effort: LiquidationEffort) -> String {
        switch effort {
        case .low: "Little effort"
        case .medium: "Some effort"
        case .high: "A lot of effort"
        case .veryHigh: "A great deal of effort"
        }
    }

    /// "$850 – $1,000" from a range in major units; nil when it has no figures.
    static func proceeds(_ range: MoneyRange?) -> String? {
        guard let range, let currency = CurrencyCode(range.currencyCode) else { return nil }
        func money(_ value: Double?) -> String? {
            guard let value, value.isFinite, value >= 0, value < 1e15 else { return nil }
            return Money(
                minorUnits: Int64((value * Double(currency.minorUnitsPerMajorUnit)).rounded()), currency: currency
            ).displayString
        }
        switch (money(range.low), money(range.high)) {
        case (let low?, let high?): return low == high ? low : "\(low) – \(high)"
        case (let low?, nil): return "from \(low)"
        case (nil, let high?): return "up to \(high)"
        default: return money(range.likely).map { "about \($0)" }
        }
    }
}

extension LiquidationPage {
    init(
        kind: String, title: String, backHref: String, canEdit: Bool, urls: LiquidationURLs, view: LiquidationView?,
        days: DayText
    ) throws {
        self.init(
            kind: kind, title: title, backHref: backHref, canEdit: canEdit, briefAction: urls.brief.path,
            planAction: urls.plan.path, hasBrief: view != nil, ruleBased: view?.record.ruleBased ?? false,
            partnersHref: SiteURL.partners.path, goals: Self.goalOptions)
        guard let view else { return }
        let brief = view.brief
        madeLine =
            "Made on \(days.day(view.record.createdAt))" + (view.createdBy.map { " by \($0)" } ?? "")
            + (view.record.ruleBased ? " from the hub’s rules" : " by the AI adviser")
        reasoning = brief.reasoning
        recommendedLabel = brief.recommendedPath.label
        let chosen = view.chosenPath
        var rows = brief.pathOptions.map { option in
            PathRow(
                value: option.path.rawValue, label: option.label, effort: Self.effortName(option.effort),
                time: option.timeEstimate, proceeds: Self.proceeds(option.netProceeds),
                risksText: option.risks.joined(separator: ". "),
                logistics: option.logisticsNotes, recommended: option.path == brief.recommendedPath,
                chosen: option.path == chosen, choosable: view.choosablePaths.contains(option.path))
        }
        if !brief.pathOptions.contains(where: { $0.path == brief.recommendedPath }) {
            rows.insert(
                PathRow(
                    value: brief.recommendedPath.rawValue, label: brief.recommendedPath.label, effort: "",
                    time: nil, proceeds: nil, risksText: "", logistics: brief.actionSteps.first, recommended: true,
                    chosen: brief.recommendedPath == chosen, choosable: true), at: 0)
        }
        paths = rows
        missing = brief.missingDetails
        assumptions = brief.assumptions
        needsLocalHelp = view.needsLocalHelp
        partners = view.partners.map { suggestion in
            let partner = suggestion.partner
            return PartnerRow(
                name: partner.name,
                type: PartnerType(rawValue: partner.partnerType)?.displayName ?? partner.partnerType,
                contact: [partner.phone, partner.email, partner.website, PartnerPages.place(partner)]
                    .compactMap { $0 },
                reasons: suggestion.reasons.joined(separator: "; "), questions: partner.questions)
        }
        if let chosen, !view.steps.isEmpty {
            plan = Plan(
                chosenLabel: brief.pathOptions.first { $0.path == chosen }?.label ?? chosen.label,
                madeLine: "Made on \(days.day(view.record.planCreatedAt))"
                    + (view.planCreatedBy.map { " by \($0)" } ?? ""),
                done: view.planDone, doneCount: view.steps.filter(\.done).count, total: view.steps.count,
                steps: try view.steps.map { step in
                    StepRow(
                        id: try step.requireID().text, order: step.position, text: step.text, done: step.done,
                        doneLine: step.done
                            ? "Done" + (step.doneByName.map { " by \($0)" } ?? "") + " on \(days.day(step.doneAt))"
                            : nil,
                        note: step.note, action: urls.step(try step.requireID()).path)
                })
        }
    }
}

/// Where an item's or a set's brief forms post.
struct LiquidationURLs {
    var show: SiteURL
    var brief: SiteURL
    var plan: SiteURL
    var step: (UUID) -> SiteURL

    static func item(_ id: UUID) -> LiquidationURLs {
        LiquidationURLs(
            show: .itemLiquidation(.value(id)), brief: .itemLiquidation(.value(id)),
            plan: .itemLiquidationPlan(.value(id)), step: { .itemLiquidationStep(.value(id), .value($0)) })
    }

    static func set(_ id: UUID) -> LiquidationURLs {
        LiquidationURLs(
            show: .setLiquidation(.value(id)), brief: .setLiquidation(.value(id)),
            plan: .setLiquidationPlan(.value(id)), step: { .setLiquidationStep(.value(id), .value($0)) })
    }
}
