import Foundation
import PropertyBased
import Testing

@testable import HeirloomCore

/// A list of cards collapses only the first words of each card's text; what it shows must be exactly what
/// collapsing the whole text would show.
@Suite("Journal titles and snippets from the first words")
struct JournalSnippetTests {
    /// Pieces of text: words, runs of white space, accents, a combining mark that joins the space before it.
    private static let pieces = [
        "bread", "the", "market", "Grandmother's", "é", "naïve", "\u{301}x", "👨‍👩‍👧", " ", "  ", "\n", "\t ",
        String(repeating: "long", count: 30),
    ]

    private static func text(_ picks: [Int]) -> String { picks.map { pieces[$0 % pieces.count] }.joined() }

    /// The rules as they were written first: the whole text collapsed.
    private static func wholeTitle(_ text: String) -> String {
        let words = JournalRules.collapsingWhitespace(text)
        guard !words.isEmpty else { return "Untitled card" }
        return JournalRules.shortened(words, to: JournalRules.derivedTitleLength)
    }

    private static func wholeSnippet(_ text: String, continuing derivedTitle: String?) -> String {
        let words = JournalRules.collapsingWhitespace(text)
        guard let derivedTitle else { return JournalRules.shortened(words, to: JournalRules.snippetLength) }
        let shown = derivedTitle.hasSuffix("…") ? String(derivedTitle.dropLast()) : derivedTitle
        guard words.hasPrefix(shown) else { return JournalRules.shortened(words, to: JournalRules.snippetLength) }
        let rest = String(words.dropFirst(shown.count)).trimmingWhitespace()
        return rest.isEmpty ? "" : JournalRules.shortened("…" + rest, to: JournalRules.snippetLength)
    }

    @Test("the title and the snippet are those of the whole text, for any text")
    func sameAsWholeText() async {
        await propertyCheck(count: 3_000, input: Gen.int(in: 0...1_000).array(of: 0...400)) { picks in
            // given any text
            let text = Self.text(picks)
            // when its title and snippets are made from its first words
            let title = JournalRules.displayTitle(title: nil, text: text, kind: .text)
            // then they are those of the whole text
            #expect(title == Self.wholeTitle(text))
            #expect(JournalRules.snippet(text) == Self.wholeSnippet(text, continuing: nil))
            #expect(JournalRules.snippet(text, continuing: title) == Self.wholeSnippet(text, continuing: title))
        }
    }

    /// Mostly ASCII: words, every kind of ASCII white space (CR LF too), other control characters, and now and
    /// then a mark that joins the character before it, or a letter that is not ASCII.
    private static let asciiPieces = [
        "bread", "a", "Grandmother's", " ", "  ", "\t", "\r\n", "\r", "\n\n", "\u{0B}\u{0C}", "\u{1F}", "\u{0}x",
        "word,", String(repeating: "long", count: 20), "\u{301}", " \u{301}", "é",
    ]

    @Test("text that is ASCII as far as it is read: whole words of the whole text, and the same title and snippet")
    func asciiSameAsWholeText() async {
        let pick = Gen.int(in: 0...200).map { $0 < 195 ? $0 % 14 : 14 + $0 % 3 }
        await propertyCheck(count: 3_000, input: pick.array(of: 0...300), Gen.int(in: 0...250)) { picks, limit in
            // given a text of mostly ASCII pieces
            let text = picks.map { Self.asciiPieces[$0] }.joined()
            // then its first words are the text's first words, enough of them or all
            let first = JournalRules.collapsingWhitespace(text, beyond: limit)
            let words = text.split(whereSeparator: JournalRules.isSpace)
            let taken = Self.wordsJoined(words, as: first)
            #expect(taken != nil)
            #expect(taken == words.count || first.count > limit)
            // then its title and snippets are those of the whole text
            let title = JournalRules.displayTitle(title: nil, text: text, kind: .text)
            #expect(title == Self.wholeTitle(text))
            #expect(JournalRules.snippet(text) == Self.wholeSnippet(text, continuing: nil))
            #expect(JournalRules.snippet(text, continuing: title) == Self.wholeSnippet(text, continuing: title))
        }
    }

    /// How many of `words`, joined by spaces, are exactly `joined` (compared scalar by scalar: a space before a
    /// word that begins with a mark reads as one character); nil when no number of them is.
    private static func wordsJoined(_ words: [Substring], as joined: String) -> Int? {
        let target = Array(joined.unicodeScalars)
        var scalars: [Unicode.Scalar] = []
        for count in 0...words.count {
            if scalars == target { return count }
            guard count < words.count, scalars.count < target.count else { return nil }
            if count > 0 { scalars.append(" ") }
            scalars += words[count].unicodeScalars
        }
        return nil
    }

    @Test("white space is told at once for ASCII, and exactly as Unicode says for every character")
    func whiteSpace() {
        var characters: [Character] = (0...0x7F).map { Character(Unicode.Scalar(UInt8($0))) }
        characters += ["\r\n", "\u{85}", "\u{A0}", "\u{1680}", "\u{2007}", "\u{2028}", "\u{2029}", "\u{3000}"]
        characters += ["\u{200B}", "\u{FEFF}", "é", "e\u{301}", " \u{301}", "👨‍👩‍👧"]
        for character in characters {
            #expect(
                JournalRules.isSpace(character) == character.isWhitespace,
                "U+\(String(character.unicodeScalars.first!.value, radix: 16))")
        }
    }
}
