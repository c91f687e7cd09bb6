import Foundation

/// Guesses an item's category from text read off a label, hallmark or receipt (the offline appraiser).
public enum CategoryGuess {
    /// Words and phrases that point at a category; a phrase counts more than a single word.
    static let clues: [ItemCategory: [String]] = [
        .jewelry: [
            "sterling", "925", "14k", "18k", "10k", "22k", "24k", "karat", "carat", "ct", "diamond", "ring", "necklace",
            "bracelet", "brooch", "earring", "pendant", "pearl", "hallmark", "gia", "gold filled", "platinum", "pt950",
        ],
        .art: [
            "oil on canvas", "canvas", "painting", "lithograph", "etching", "watercolor", "watercolour", "signed",
            "gallery", "artist", "print", "edition", "acrylic", "framed",
        ],
        .rug: [
            "rug", "carpet", "hand knotted", "knotted", "kpsi", "persian", "kilim", "wool pile", "tabriz", "kashan",
        ],
        .chinaAndCrystal: [
            "porcelain", "bone china", "fine china", "crystal", "stoneware", "wedgwood", "royal doulton", "limoges",
            "waterford", "lenox", "meissen", "royal albert", "dishwasher safe", "lead crystal",
        ],
        .luggage: ["luggage", "suitcase", "samsonite", "rimowa", "tumi", "carry on", "duffel", "trunk"],
        .tools: [
            "stanley", "craftsman", "dewalt", "makita", "bosch", "milwaukee", "snap on", "drill", "wrench", "chisel",
            "saw", "volt", "torque",
        ],
        .furniture: [
            "chair", "table", "dresser", "cabinet", "sofa", "desk", "bookcase", "mahogany", "walnut", "oak", "veneer",
            "upholstery", "drawer",
        ],
        .collectibles: [
            "coin", "stamp", "trading card", "limited edition", "collector", "figurine", "mint", "first edition",
            "certificate of authenticity", "numbered", "toy",
        ],
        .luxuryPersonalItems: [
            "rolex", "omega", "cartier", "hermes", "chanel", "louis vuitton", "gucci", "prada", "swiss made", "watch",
            "handbag", "automatic", "chronometer",
        ],
        .decor: ["vase", "lamp", "candle", "mirror", "clock", "sculpture", "ornament", "frame", "planter"],
    ]

    /// The category the text points at most clearly, or Other when it points at none.
    public static func category(fromText text: String) -> ItemCategory {
        let words = normalised(text)
        guard !words.isEmpty else { return .other }
        let padded = " " + words.joined(separator: " ") + " "
        var best: (category: ItemCategory, score: Int)?
        for category in ItemCategory.allCases {
            guard let phrases = clues[category] else { continue }
            var score = 0
            for phrase in phrases {
                let count = padded.components(separatedBy: " \(phrase) ").count - 1
                score += count * (phrase.contains(" ") ? 3 : 2)
                // Plurals ("rugs", "chairs").
                score += (padded.components(separatedBy: " \(phrase)s ").count - 1) * 2
            }
            if score > 0, score > (best?.score ?? 0) { best = (category, score) }
        }
        return best?.category ?? .other
    }

    private static func normalised(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return String(folded.map { $0.isLetter || $0.isNumber ? $0 : " " }).split(separator: " ").map(String.init)
    }
}
