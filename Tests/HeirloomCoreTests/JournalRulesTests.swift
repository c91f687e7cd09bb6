import Foundation
import HeirloomCore
import Testing

@Suite("Journal rules")
struct JournalRulesTests {
    @Test("a blank title shows the first words of the text, cut at a word")
    func derivedTitle() {
        #expect(JournalRules.displayTitle(title: "Grandma’s bread", text: "Flour", kind: .text) == "Grandma’s bread")
        #expect(
            JournalRules.displayTitle(title: nil, text: "  Walked to\nthe harbour  ", kind: .text)
                == "Walked to the harbour")
        let long = String(repeating: "word ", count: 30)
        let title = JournalRules.displayTitle(title: nil, text: long, kind: .text)
        #expect(title.hasSuffix("word…"))
        #expect(title.count <= 61)
        #expect(JournalRules.displayTitle(title: nil, text: "", kind: .voice) == "Voice card")
    }

    @Test("the snippet carries on where a title made of the first words stopped")
    func snippetAfterDerivedTitle() {
        let text = "Walked along the harbour with Tom at dawn. The fishing boats were coming in."
        let title = JournalRules.displayTitle(title: nil, text: text, kind: .text)
        #expect(title == "Walked along the harbour with Tom at dawn. The fishing…")
        #expect(JournalRules.snippet(text, continuing: title) == "…boats were coming in.")
        #expect(JournalRules.snippet("Short note", continuing: "Short note") == "")
        #expect(JournalRules.snippet("Short note") == "Short note")
    }

    @Test("titles are trimmed, blank means none, and long ones are refused")
    func titles() throws {
        #expect(try JournalRules.title("   ") == nil)
        #expect(try JournalRules.title(nil) == nil)
        #expect(try JournalRules.title("  A  day  ") == "A day")
        #expect(throws: FieldError.self) { try JournalRules.title(String(repeating: "x", count: 201)) }
    }

    @Test("a card needs some text")
    func text() throws {
        #expect(throws: FieldError(field: "text", message: "Please write something on the card.")) {
            try JournalRules.text(" \n ")
        }
        #expect(try JournalRules.text(" kept\n  as written ") == "kept\n  as written")
    }

    @Test("tags are lowercased, trimmed, split at commas, without # or repeats")
    func tags() throws {
        #expect(
            try JournalRules.tags(["#Garden", "family, Garden ", "", "  big   day "]) == [
                "garden", "family", "big day",
            ])
        #expect(throws: FieldError.self) { try JournalRules.tags([String(repeating: "t", count: 41)]) }
        #expect(throws: FieldError.self) { try JournalRules.tags((0...20).map { "tag\($0)" }) }
    }

    @Test("drawer names are trimmed and must be 1 to 60 characters")
    func drawerNames() throws {
        #expect(try JournalRules.drawerName("  Letters  to   Tom ") == "Letters to Tom")
        #expect(throws: FieldError.self) { try JournalRules.drawerName("  ") }
        #expect(throws: FieldError.self) { try JournalRules.drawerName(String(repeating: "d", count: 61)) }
    }

    @Test("five default drawers; only Private is locked")
    func defaults() {
        #expect(JournalRules.defaultDrawers.map(\.name) == ["Daily", "Ideas", "Family", "Gratitude", "Private"])
        #expect(JournalRules.defaultDrawers.filter(\.isLocked).map(\.name) == ["Private"])
    }

    @Test("search looks through title, text and tags, lowercased")
    func searchText() {
        let text = JournalRules.searchText(title: "Harbour", text: "We Walked", tags: ["sea"])
        #expect(text.contains("harbour") && text.contains("we walked") && text.contains("sea"))
        #expect(JournalRules.searchQuery("  Big   Day ") == "big day")
        #expect(JournalRules.searchQuery("   ") == nil)
    }

    @Test("a voice card's notes may be empty, are trimmed, and are not a whole book")
    func notes() throws {
        #expect(try JournalRules.notes(nil) == "")
        #expect(try JournalRules.notes("  sung on the porch \n") == "sung on the porch")
        #expect(throws: FieldError.self) {
            try JournalRules.notes(String(repeating: "a", count: JournalRules.maximumTextLength + 1))
        }
        #expect(JournalRules.displayTitle(title: nil, text: "", kind: .voice) == "Voice card")
    }
}
