import Foundation

/// How a beneficiary is related to the owner: one of the common relationships, or the owner's own words.
public enum Relationship: Hashable, Sendable {
    case son
    case daughter
    case grandchild
    case niece
    case nephew
    case sibling
    case friend
    case other
    /// The owner's own words ("Godson", "Neighbour"), trimmed and with single spaces.
    case custom(String)

    /// The most characters a custom relationship may have.
    public static let maximumCustomLength = 60

    /// The common relationships, in the order a picker shows them.
    public static let known: [Relationship] = [
        .son, .daughter, .grandchild, .niece, .nephew, .sibling, .friend, .other,
    ]

    /// The text that is stored and shown: "Son", "Grandchild", or the custom text.
    public var storedValue: String {
        switch self {
        case .son: "Son"
        case .daughter: "Daughter"
        case .grandchild: "Grandchild"
        case .niece: "Niece"
        case .nephew: "Nephew"
        case .sibling: "Sibling"
        case .friend: "Friend"
        case .other: "Other"
        case .custom(let text): text
        }
    }

    /// Whether this is the owner's own words rather than a common relationship.
    public var isCustom: Bool {
        if case .custom = self { true } else { false }
    }

    /// Cleans what a person typed: nil when blank, a common relationship when it names one, else custom text.
    ///
    /// Case, extra spaces and plurals do not matter ("  SONS " is Son). Grandson, granddaughter and grandkid are
    /// Grandchild, and brother and sister are Sibling, because the list chose the neutral words; anything else is
    /// kept as typed, with its own capitals, and may be at most 60 characters.
    public static func normalise(_ raw: String, field: String = "relationship") throws(FieldError) -> Relationship? {
        let text = raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !text.isEmpty else { return nil }
        let key = text.lowercased()
        if let known = synonyms[key] ?? (key.hasSuffix("s") ? synonyms[String(key.dropLast())] : nil) {
            return known
        }
        try TextLimit.check(
            text, maximum: maximumCustomLength, field: field,
            tooLong: "Please describe the relationship in at most \(maximumCustomLength) characters.")
        return .custom(text)
    }

    /// Reads a stored value back; stored values were normalised, so this only restores the case.
    public init(storedValue: String) {
        self = Self.synonyms[storedValue.lowercased()] ?? .custom(storedValue)
    }

    private static let synonyms: [String: Relationship] = [
        "son": .son, "daughter": .daughter,
        "grandchild": .grandchild, "grandchildren": .grandchild, "grand child": .grandchild,
        "grand-child": .grandchild, "grandson": .grandchild, "granddaughter": .grandchild, "grandkid": .grandchild,
        "niece": .niece, "nephew": .nephew,
        "sibling": .sibling, "brother": .sibling, "sister": .sibling,
        "friend": .friend, "other": .other,
    ]
}
