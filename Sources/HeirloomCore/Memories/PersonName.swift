/// Cleans a person's name and gives the key that makes names unique in a household, ignoring case.
public enum PersonName {
    public static let maximumLength = 100

    /// The name with single spaces; throws when blank or too long.
    public static func clean(_ raw: String) throws(FieldError) -> String {
        let text = raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !text.isEmpty else { throw FieldError(field: "name", message: "Please give the person's name.") }
        try TextLimit.check(
            text, maximum: maximumLength, field: "name", tooLong: "Please keep the name to \(maximumLength) characters."
        )
        return text
    }

    /// "ann", "ANN" and " Ann " share one key.
    public static func key(_ cleaned: String) -> String { cleaned.lowercased() }
}

/// How a person is related to the family: one of the usual words, or the family's own.
public enum FamilyRelationship {
    public static let known = [
        "Father", "Mother", "Spouse", "Son", "Daughter", "Grandparent", "Grandchild", "Sibling", "Aunt", "Uncle",
        "Cousin", "Friend", "Other",
    ]
    public static let maximumLength = 60

    /// nil when blank; a known word in its usual capitals; otherwise the text as typed, single-spaced.
    public static func normalise(_ raw: String) throws(FieldError) -> String? {
        let text = raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !text.isEmpty else { return nil }
        if let word = known.first(where: { $0.lowercased() == text.lowercased() }) { return word }
        try TextLimit.check(
            text, maximum: maximumLength, field: "relationship",
            tooLong: "Please describe the relationship in at most \(maximumLength) characters.")
        return text
    }
}
