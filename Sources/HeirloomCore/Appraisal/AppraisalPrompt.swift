import Foundation

/// What the expert prompt is made of: the role, category-specific guidance, and the owner's notes as facts.
public enum AppraisalPrompt {
    /// What an appraiser should look for and ask about in each category.
    public static func guidance(for category: ItemCategory) -> String {
        switch category {
        case .jewelry:
            "Jewelry: weigh the metal (grams), its purity (925 sterling, 14k, 18k, platinum), hallmarks and maker's "
                + "marks, stone type, carat, cut, colour and clarity, chain length, clasp, and any certificate (GIA)."
        case .rug:
            "Rugs: knots per square inch, hand-knotted or machine-made, pile material, origin (Persian, Turkish, "
                + "Caucasian), age, size, dyes, and wear, repairs or moth damage."
        case .art:
            "Art: medium (oil, watercolour, print, lithograph), dimensions, signed or not, original or reproduction, "
                + "edition number, the artist's auction record, provenance and frame."
        case .furniture:
            "Furniture: wood and construction (dovetails, veneer), maker's labels or stamps, period and style, "
                + "original finish and hardware, dimensions, and restoration."
        case .collectibles:
            "Collectibles: maker, edition and serial numbers, rarity, grading (coins, cards, stamps), original box "
                + "and papers, and recent sold prices for the same piece."
        case .luggage:
            "Luggage: brand, line and model, material (canvas, leather, aluminium), date codes, size, hardware, "
                + "and condition of corners, handles, wheels and lining."
        case .decor:
            "Decor: material, maker's marks, period and style, size, and chips, cracks or repairs."
        case .chinaAndCrystal:
            "China and crystal: maker and pattern name from the backstamp, number of pieces, lead crystal or glass, "
                + "chips, crazing and wear to gilding; sets sell for less per piece than single rare pieces."
        case .luxuryPersonalItems:
            "Luxury personal items: brand, model and reference number, serial number, movement (for watches), "
                + "materials, box and papers, service history, and signs of a replica."
        case .tools:
            "Tools: brand, model, age, power source, whether it works, completeness (batteries, cases, bits), "
                + "and collectible old makers."
        case .clothing:
            "Clothing: designer or maker's label, fabric, size, era, condition (stains, moth holes, alterations), "
                + "and whether it is vintage or simply used."
        case .electronics:
            "Electronics: brand, model number, age, whether it powers on and works, accessories and cables, "
                + "and whether data on it must be wiped first."
        case .appliances:
            "Appliances: brand, model and serial number from the plate, age, whether it works, energy rating, "
                + "and what it takes to disconnect and move it."
        case .documentsAndPapers:
            "Documents and papers: what it is, date, author or signatory, historical interest, condition, and "
                + "whether it holds personal data that must be kept or shredded rather than sold."
        case .other:
            "Other items: what it is, maker, material, age, size, condition, and who would buy it."
        }
    }

    /// The JSON shape the model must answer in, as a JSON Schema (used by both providers' structured output).
    public static let schemaJSON = """
        {"type":"object","additionalProperties":false,\
        "required":["title","summary","description","category","valueHints","attributes","extractedText","aiNotes"],\
        "properties":{"title":{"type":"string"},"summary":{"type":"string"},"description":{"type":"string"},\
        "category":{"type":"string","enum":[\(ItemCategory.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ","))]},\
        "valueHints":{"type":["object","null"],"additionalProperties":false,\
        "required":["low","high","currencyCode","confidence","sources","lastUpdated"],\
        "properties":{"low":{"type":"number"},"high":{"type":"number"},"currencyCode":{"type":"string"},\
        "confidence":{"type":"number"},"sources":{"type":"array","items":{"type":"string"}},\
        "lastUpdated":{"type":["string","null"]}}},\
        "attributes":{"type":"object","additionalProperties":false,\
        "required":["materials","maker","style","condition","features","era"],\
        "properties":{"materials":{"type":"array","items":{"type":"string"}},"maker":{"type":["string","null"]},\
        "style":{"type":["string","null"]},"condition":{"type":["string","null"]},\
        "features":{"type":"array","items":{"type":"string"}},"era":{"type":["string","null"]}}},\
        "extractedText":{"type":["string","null"]},"aiNotes":{"type":["string","null"]}}}
        """

    /// The system instruction: an experienced appraiser answering in the schema.
    public static func system(currencyCode: String) -> String {
        """
        You are an experienced appraiser of family heirlooms and household valuables. Look at the photo and \
        answer with one JSON object in the requested schema and nothing else. Use one of these categories: \
        \(ItemCategory.allCases.map(\.rawValue).joined(separator: ", ")). Give valueHints as a realistic \
        resale range in \(currencyCode) (low ≤ high, never negative) with your confidence from 0 to 1 and the \
        kinds of sources you relied on; use null when you cannot value it. Copy any text you can read on labels, \
        hallmarks or receipts into extractedText. In aiNotes say what would make the valuation more certain and, \
        where it makes sense, an approximate price to buy a new replacement.
        """
    }

    /// The user's part of the prompt: guidance for the likely category and the owner's facts.
    public static func request(
        title: String?, category: ItemCategory?, ownerNotes: String?, description: String? = nil, hasPhoto: Bool = true
    ) -> String {
        var parts: [String] = [
            hasPhoto
                ? "Appraise the item in the photo."
                : "Appraise the item from the family's words alone; there is no photo, so keep the range wide and "
                    + "the confidence low unless the words make it certain."
        ]
        if let title = nonEmpty(title) { parts.append("The family calls it: \(title).") }
        if let description = nonEmpty(description) { parts.append("Their description: \(description)") }
        let guidanceCategories = category.map { [$0] } ?? ItemCategory.allCases
        parts.append(
            "What to look for:\n" + guidanceCategories.map { "- " + guidance(for: $0) }.joined(separator: "\n"))
        if let notes = nonEmpty(ownerNotes) {
            parts.append(
                "The owner's notes are authoritative facts; trust them over what the photo suggests:\n\(notes)")
        }
        return parts.joined(separator: "\n\n")
    }

    /// The follow-up when a reply broke the rules: what was wrong, and the request to answer again.
    public static func repair(reasons: [String]) -> String {
        "Your previous answer could not be used: " + reasons.joined(separator: " ")
            + " Answer again with only the corrected JSON object in the requested schema."
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return text
    }
}
