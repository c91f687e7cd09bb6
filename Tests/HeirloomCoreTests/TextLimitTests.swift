import HeirloomCore
import PropertyBased
import Testing

@Suite("Text limits")
struct TextLimitTests {
    static let mark = "\u{0301}"

    @Test("one letter with 40,000 combining marks is not one character that fits")
    func pileOfMarks() {
        // given
        let text = "e" + String(repeating: Self.mark, count: 40_000)
        // when, then
        #expect(TextLimit.problem(text, maximum: 200) == .tooManyMarks)
        #expect(throws: FieldError(field: "name", message: TextLimit.tooManyMarksMessage)) {
            try TextLimit.check(text, maximum: 200, field: "name", tooLong: "too long")
        }
        #expect(throws: FieldError(field: "name", message: TextLimit.tooManyMarksMessage)) {
            try AccountRules.name(text, field: "name")
        }
        #expect(throws: FieldError.self) {
            try ItemDraft(ItemInput(description: text), over: .init(name: "a", currency: .usd))
        }
        #expect(throws: FieldError.self) { try JournalRules.text(text) }
        #expect(throws: FieldError.self) { try PersonName.clean(text) }
        #expect(throws: FieldError.self) { try MemoryDetails.text(text, field: "location", limit: 200) }
        #expect(throws: FieldError.self) { try ReleaseRule.personalMessage(text) }
    }

    @Test("real letters and emoji fit: accents, Hangul, Devanagari, flags and a family with skin tones")
    func realText() {
        for text in [
            "Grandmother’s silver tea set", "Crème brûlée", "e\u{0301}\u{0323}", "한국어", "क्षत्रिय", "🇬🇧🏴󠁧󠁢󠁥󠁮󠁧󠁿",
            "👨🏻‍👩🏻‍👧🏻‍👦🏻", "Zoë", "",
        ] {
            #expect(TextLimit.problem(text, maximum: 200) == nil, "\(text)")
        }
    }

    @Test("a character may be up to 16 scalars, not 17")
    func scalarsPerCharacter() {
        let sixteen = "e" + String(repeating: Self.mark, count: 15)
        let seventeen = "e" + String(repeating: Self.mark, count: 16)
        #expect(TextLimit.fits(sixteen, maximum: 1))
        #expect(TextLimit.problem(seventeen, maximum: 1) == .tooManyMarks)
        #expect(TextLimit.problem(sixteen + "a", maximum: 1) == .tooLong)
    }

    @Test("any text fits exactly when it has few enough characters of few enough scalars, and then in few scalars")
    func theRule() async {
        let pieces = Gen.element(of: ["a", "é", Self.mark, "👨‍👩‍👧", "\u{200D}", "한", " "]).array(of: 0...60)
        await propertyCheck(count: 3_000, input: pieces, Gen.int(in: 0...30)) { parts, maximum in
            // given any text made of letters, marks and joiners
            let text = parts.compactMap { $0 }.joined()
            // when its limit is checked
            let problem = TextLimit.problem(text, maximum: maximum)
            // then it is refused for what a person would count, and what fits is bounded in scalars
            let widest = text.map(\.unicodeScalars.count).max() ?? 0
            if text.count > maximum {
                #expect(problem == .tooLong)
            } else if widest > TextLimit.maximumScalarsPerCharacter {
                #expect(problem == .tooManyMarks)
            } else {
                #expect(problem == nil)
                #expect(text.unicodeScalars.count <= maximum * TextLimit.maximumScalarsPerCharacter)
            }
        }
    }

    @Test("clipping keeps the first characters and at most 16 scalars of each")
    func clipping() {
        let text = "e" + String(repeating: Self.mark, count: 40_000) + "xyz"
        let clipped = TextLimit.clipped(text, to: 2)
        #expect(clipped.unicodeScalars.count == 17)
        #expect(clipped.hasSuffix("x"))
        #expect(TextLimit.fits(clipped, maximum: 2))
        #expect(TextLimit.clipped("Ann Miller", to: 200) == "Ann Miller")
    }
}
