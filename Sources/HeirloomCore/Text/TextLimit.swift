/// How much text a field may hold: the one rule every limit on what people and apps type goes through (the API, the
/// web forms and imports alike).
///
/// A limit counts characters as people see them (grapheme clusters), and each character may be at most
/// `maximumScalarsPerCharacter` Unicode scalars. Without that second rule one letter with 40,000 combining marks is
/// "one character", and laying it out in a page or a report takes time growing with the square of its marks; with it,
/// a text of `maximum` characters is at most `maximum × maximumScalarsPerCharacter` scalars. Sixteen leaves room for
/// every real letter and emoji (a family with skin tones is 11 scalars), not for a stack of marks.
public enum TextLimit {
    /// The most Unicode scalars one character may be made of (a letter and its accents, an emoji sequence).
    public static let maximumScalarsPerCharacter = 16

    /// Why a text does not fit its limit.
    public enum Problem: Equatable, Sendable {
        /// More characters than the field holds.
        case tooLong
        /// A character made of more scalars than any real letter or emoji: a pile of accents or marks.
        case tooManyMarks
    }

    /// The sentence for `tooManyMarks`, the same for every field.
    public static let tooManyMarksMessage =
        "A letter here carries too many accents or marks; please remove the extra ones."

    /// What is wrong with `text` for a field of at most `maximum` characters; nil when it fits.
    public static func problem(_ text: some StringProtocol, maximum: Int) -> Problem? {
        // One pass, stopping at the first character past the limit: linear in what is read, however it is made.
        var count = 0
        var marks = false
        for character in text {
            count += 1
            if count > maximum { return .tooLong }
            if !marks, character.unicodeScalars.count > maximumScalarsPerCharacter { marks = true }
        }
        return marks ? .tooManyMarks : nil
    }

    /// Whether `text` fits a field of at most `maximum` characters.
    public static func fits(_ text: some StringProtocol, maximum: Int) -> Bool {
        problem(text, maximum: maximum) == nil
    }

    /// Throws a `FieldError` for `field` unless `text` fits: `tooLong` when it has too many characters, the shared
    /// sentence when a character carries too many marks.
    public static func check(
        _ text: some StringProtocol, maximum: Int, field: String, tooLong: @autoclosure () -> String
    ) throws(FieldError) {
        switch problem(text, maximum: maximum) {
        case nil: return
        case .tooLong: throw FieldError(field: field, message: tooLong())
        case .tooManyMarks: throw FieldError(field: field, message: tooManyMarksMessage)
        }
    }

    /// At most `maximum` characters of `text`, each cut to `maximumScalarsPerCharacter` scalars: for text the hub
    /// shortens rather than refuses (a name from Sign in with Apple, an answer from an AI provider).
    public static func clipped(_ text: some StringProtocol, to maximum: Int) -> String {
        var result = String.UnicodeScalarView()
        for character in text.prefix(maximum) {
            result.append(contentsOf: character.unicodeScalars.prefix(maximumScalarsPerCharacter))
        }
        return String(result)
    }
}
