import HeirloomCore
import Testing

@Suite("Whose passing a rule waits for, in words")
struct PassingWordsTests {
    @Test("the holder reads 'my passing'; anyone else reads the holder's name; with no holder named, 'my'")
    func forReader() {
        #expect(PassingWords.forReader("margaret", holder: "margaret", holderName: "Margaret Carter") == .reader)
        #expect(
            PassingWords.forReader("david", holder: "margaret", holderName: "Margaret Carter")
                == .holder(name: "Margaret Carter"))
        #expect(PassingWords.forReader("david", holder: String?.none, holderName: nil) == .reader)
        #expect(PassingWords.forReader(String?.none, holder: "margaret", holderName: "Margaret Carter") != .reader)
    }

    @Test("the words: 'Upon my passing', 'Upon Margaret Carter’s passing', 'James’s'")
    func words() {
        #expect(PassingWords.reader.uponPassing == "Upon my passing")
        #expect(PassingWords.holder(name: "Margaret Carter").uponPassing == "Upon Margaret Carter’s passing")
        #expect(PassingWords.holder(name: "James").passing == "James’s passing")
    }
}
