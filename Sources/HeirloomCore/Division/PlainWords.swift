import Foundation

/// The small pieces of wording a division's reasons and statement share.
enum PlainWords {
    private static let ordinals = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
        "twelfth",
    ]

    /// "first" to "twelfth" in words, then "13th", "21st", "112th".
    static func ordinal(_ number: Int) -> String {
        if (1...ordinals.count).contains(number) { return ordinals[number - 1] }
        let suffix =
            (11...13).contains(number % 100)
            ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    /// A thing's title as the reasons quote it.
    static func quoted(_ title: String) -> String {
        let clean = title.trimmingCharacters(in: .whitespacesAndNewlines)
        return "“\(clean.isEmpty ? "a thing without a title" : clean)”"
    }

    /// A participant's name as the reasons use it; "Someone" for a blank one.
    static func name(_ name: String) -> String {
        let clean = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return clean.isEmpty ? "Someone" : clean
    }

    /// The sentence with its first letter in capitals.
    static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
