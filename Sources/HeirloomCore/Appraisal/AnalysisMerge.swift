import Foundation

/// How "Apply to item" writes an analysis into an item's description.
public enum AnalysisMerge {
    /// The parts of an item that "Apply to item" may change, each only when the owner ticks it.
    public enum Field: String, CaseIterable, Sendable {
        case name, category, description, value
    }

    /// What the JSON API applies when it names no fields: everything but the name, as before fields were chosen.
    public static let defaultFields: Set<Field> = [.category, .description, .value]

    /// The analysis as readable sentences about the item: the summary, then what it is made of, who made it, its
    /// style, era, condition and features. The offline reader's summary speaks of the reading ("The text on the
    /// photo suggests …"), not of the item, and is never written into an owner's description.
    public static func sentences(_ analysis: ItemAnalysis) -> [String] {
        var sentences: [String] = []
        if !analysis.summary.isEmpty, analysis.provider != "offline" { sentences.append(sentence(analysis.summary)) }
        let attributes = analysis.attributes
        if !attributes.materials.isEmpty { sentences.append("Made of \(list(attributes.materials)).") }
        if let maker = attributes.maker { sentences.append("Made by \(trimmedPeriod(maker)).") }
        if let style = attributes.style { sentences.append("Style: \(trimmedPeriod(style)).") }
        if let era = attributes.era { sentences.append("Era: \(trimmedPeriod(era)).") }
        if let condition = attributes.condition { sentences.append("Condition: \(trimmedPeriod(condition)).") }
        if !attributes.features.isEmpty { sentences.append("Features: \(list(attributes.features)).") }
        return sentences
    }

    /// The description with the analysis's sentences added as a new paragraph; a sentence the description holds
    /// already (in any case or spacing) is not added again, so applying the same analysis twice changes nothing.
    public static func description(_ existing: String, with analysis: ItemAnalysis) -> String {
        let current = existing.trimmingWhitespace()
        let known = folded(current)
        var added: [String] = []
        for sentence in sentences(analysis) {
            let key = folded(sentence)
            if key.isEmpty || known.contains(key) || added.contains(where: { folded($0) == key }) { continue }
            added.append(sentence)
        }
        guard !added.isEmpty else { return current }
        let paragraph = added.joined(separator: " ")
        return current.isEmpty ? paragraph : current + "\n\n" + paragraph
    }

    /// "a", "a and b", "a, b and c".
    public static func list(_ parts: [String]) -> String {
        let parts = parts.map(trimmedPeriod)
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
    }

    private static func sentence(_ text: String) -> String {
        let text = text.trimmingWhitespace()
        guard let last = text.last else { return text }
        return ".!?".contains(last) ? text : text + "."
    }

    private static func trimmedPeriod(_ text: String) -> String {
        var text = text.trimmingWhitespace()
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Lower-case letters and digits with single spaces, for comparing sentences.
    private static func folded(_ text: String) -> String {
        let mapped = text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " }
        return String(mapped).split(separator: " ").joined(separator: " ")
    }
}

extension AnalysisMerge {
    /// An amount in major units as exact money in `currency`, rounded to its minor units; nil when negative.
    public static func money(_ amount: Double, currency: CurrencyCode) -> Money? {
        guard amount.isFinite, amount >= 0, amount <= Double(Money.maximumMajorUnits) else { return nil }
        return Money(
            minorUnits: Int64((amount * Double(currency.minorUnitsPerMajorUnit)).rounded()), currency: currency)
    }

    /// The approximate new replacement price the appraiser's notes mention ("new, about $3,000"), if any. Only an
    /// amount with its currency counts, so a year ("bought new in 1972") or a count ("like new, 2 chips") never
    /// becomes a price.
    public static func replacementPrice(in notes: String?) -> Double? {
        let number = #"([0-9][0-9,]*(?:\.[0-9]+)?)"#
        let code = #"(?-i:USD|EUR|GBP|CAD|AUD|NZD|CHF|JPY|SEK|NOK|DKK)"#
        guard let notes,
            let expression = try? NSRegularExpression(
                pattern: #"(?i)\bnew\b[^0-9\n]{0,40}?(?:(?:[$€£¥]|"# + code + #")\s?"# + number + "|" + number
                    + #"\s?"# + code + #"\b)"#)
        else { return nil }
        let range = NSRange(notes.startIndex..., in: notes)
        guard let match = expression.firstMatch(in: notes, range: range) else { return nil }
        for group in [1, 2] {
            if let numberRange = Range(match.range(at: group), in: notes) {
                return Double(notes[numberRange].replacingOccurrences(of: ",", with: ""))
            }
        }
        return nil
    }
}
