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
