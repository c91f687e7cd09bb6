import Foundation

/// Reads a model's reply into an `ItemAnalysis` and checks it against the schema's rules.
public enum AnalysisCheck {
    /// Why a reply cannot be used; the sentences are sent back to the model in the repair attempt.
    public struct Problem: Error, Equatable, Sendable {
        public var reasons: [String]
        public init(_ reasons: [String]) { self.reasons = reasons }
    }

    /// The JSON object in a reply that may wrap it in prose or in ``` fences; nil when there is none.
    public static func jsonObject(in text: String) -> String? {
        var body = Substring(text)
        if let fence = body.range(of: "```") {
            let afterFence = body[fence.upperBound...]
            let contentStart =
                afterFence.firstIndex(of: "\n").map { afterFence.index(after: $0) } ?? afterFence.startIndex
            let content = afterFence[contentStart...]
            if let end = content.range(of: "```") { body = content[..<end.lowerBound] }
        }
        guard let start = body.firstIndex(of: "{"), let end = body.lastIndex(of: "}"), start < end else { return nil }
        return String(body[start...end])
    }

    /// Reads and checks a reply; `provider` and `model` are recorded on the analysis.
    public static func analysis(fromReply text: String, provider: String, model: String) throws(Problem)
        -> ItemAnalysis
    {
        guard let json = jsonObject(in: text), let data = json.data(using: .utf8) else {
            throw Problem(["The reply held no JSON object."])
        }
        let reply: AnalysisReply
        do {
            reply = try JSONDecoder().decode(AnalysisReply.self, from: data)
        } catch {
            throw Problem(["The reply was not JSON in the requested shape."])
        }
        return try check(reply, provider: provider, model: model)
    }

    /// Checks the rules: a title, a known category, and value hints with 0 ≤ low ≤ high and confidence in 0…1.
    public static func check(_ reply: AnalysisReply, provider: String, model: String) throws(Problem) -> ItemAnalysis {
        var reasons: [String] = []
        let title = clean(reply.title) ?? ""
        if title.isEmpty { reasons.append("title is missing.") }
        let categoryName = clean(reply.category) ?? ""
        let category = ItemCategory.allCases.first { $0.rawValue.lowercased() == categoryName.lowercased() }
        if category == nil {
            let names = ItemCategory.allCases.map(\.rawValue).joined(separator: ", ")
            reasons.append("category \"\(categoryName.prefix(60))\" is not one of: \(names).")
        }
        var hints: ItemAnalysis.ValueHints?
        if let raw = reply.valueHints, raw.low != nil || raw.high != nil {
            let low = raw.low ?? -1
            let high = raw.high ?? -1
            let confidence = raw.confidence ?? 0.5
            if low < 0 || high < 0 || !low.isFinite || !high.isFinite {
                reasons.append("valueHints.low and valueHints.high must be numbers, not negative.")
            } else if low > high {
                reasons.append("valueHints.low (\(low)) is greater than valueHints.high (\(high)).")
            } else if high > Double(Money.maximumMajorUnits) {
                reasons.append("valueHints.high (\(high)) is not a believable value.")
            }
            if !(0...1).contains(confidence) { reasons.append("valueHints.confidence must be between 0 and 1.") }
            let currency = (clean(raw.currencyCode) ?? "USD").uppercased()
            if CurrencyCode(currency) == nil {
                reasons.append("valueHints.currencyCode \"\(currency)\" is not ISO 4217.")
            }
            hints = .init(
                low: low, high: high, currencyCode: currency, confidence: confidence,
                sources: (raw.sources ?? []).compactMap(clean), lastUpdated: clean(raw.lastUpdated))
        }
        guard reasons.isEmpty, let category else { throw Problem(reasons) }
        let attributes = reply.attributes
        return ItemAnalysis(
            title: String(title.prefix(200)),
            summary: clean(reply.summary) ?? "",
            description: clean(reply.description) ?? "",
            category: category.rawValue,
            valueHints: hints,
            attributes: .init(
                materials: (attributes?.materials ?? []).compactMap(clean),
                maker: clean(attributes?.maker),
                style: clean(attributes?.style),
                condition: clean(attributes?.condition),
                features: (attributes?.features ?? []).compactMap(clean),
                era: clean(attributes?.era)
            ),
            extractedText: clean(reply.extractedText),
            aiNotes: clean(reply.aiNotes),
            provider: provider,
            model: model
        )
    }

    /// Trimmed text, or nil for nothing, "null", "unknown" and "n/a".
    static func clean(_ raw: String?) -> String? {
        guard let text = raw?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return ["null", "none", "unknown", "n/a"].contains(text.lowercased()) ? nil : text
    }
}
