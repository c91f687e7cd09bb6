import Foundation

/// The canonical category of an item; the raw value is the name people see and is what is stored.
public enum ItemCategory: String, Codable, CaseIterable, Sendable {
    case art = "Art"
    case furniture = "Furniture"
    case jewelry = "Jewelry"
    case collectibles = "Collectibles"
    case rug = "Rug"
    case luggage = "Luggage"
    case decor = "Decor"
    case chinaAndCrystal = "China & Crystal"
    case luxuryPersonalItems = "Luxury Personal Items"
    case tools = "Tools"
    case clothing = "Clothing"
    case electronics = "Electronics"
    case appliances = "Appliances"
    case documentsAndPapers = "Documents & Papers"
    case other = "Other"

    /// The category's name as people read it.
    public var displayName: String { rawValue }

    /// Maps an older or free-form category ("rugs", "china", "Jewellery", "oil painting") to a canonical one.
    ///
    /// Case, accents, spacing, punctuation, "&" versus "and" and English plurals do not matter. A phrase that is not
    /// known as a whole is judged by its last known word ("Persian rug" is a Rug); anything else is Other.
    public static func normalise(_ raw: String) -> ItemCategory {
        // What is stored is already canonical: every page of items maps each one, so this is the quick way.
        if let canonical = ItemCategory(rawValue: raw) { return canonical }
        let words = normalisedWords(raw)
        guard !words.isEmpty else { return .other }
        if let category = lookUp(words.joined(separator: " ")) { return category }
        if let category = lookUp(words.joined()) { return category }
        for word in words.reversed() {
            if let category = lookUp(word) { return category }
        }
        return .other
    }

    /// The category for a phrase, trying it as written and then in the singular.
    private static func lookUp(_ phrase: String) -> ItemCategory? {
        if let category = synonyms[phrase] { return category }
        for singular in singulars(of: phrase) {
            if let category = synonyms[singular] { return category }
        }
        return nil
    }

    /// Candidate singular forms of an English plural ("watches" → "watch", "rugs" → "rug", "jewelries" → "jewelry").
    private static func singulars(of word: String) -> [String] {
        var candidates: [String] = []
        if word.hasSuffix("ies") { candidates.append(String(word.dropLast(3)) + "y") }
        if word.hasSuffix("es") { candidates.append(String(word.dropLast(2))) }
        if word.hasSuffix("s") { candidates.append(String(word.dropLast())) }
        return candidates
    }

    /// Lower-case, accent-free words, with "&" read as "and" and other punctuation as spaces.
    private static func normalisedWords(_ raw: String) -> [String] {
        let folded = raw.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "&", with: " and ")
        let cleaned = String(folded.map { $0.isLetter || $0.isNumber ? $0 : " " })
        return cleaned.split(separator: " ").map(String.init)
    }
}
