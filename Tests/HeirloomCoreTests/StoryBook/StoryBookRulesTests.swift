import Foundation
import HeirloomCore
import Testing

@Suite("Story book rules")
struct StoryBookRulesTests {
    static func chapter(_ number: Int, answered: Double?) -> StoryBook.Chapter {
        StoryBook.Chapter(
            id: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(number)")!, title: "Question \(number)",
            text: "Answer \(number)", answeredAt: answered.map { Date(timeIntervalSince1970: $0) })
    }

    let chapters = [
        chapter(1, answered: 300), chapter(2, answered: 100), chapter(3, answered: nil), chapter(4, answered: 200),
    ]

    @Test("the title is the storyteller's, with the possessive English writes")
    func title() {
        #expect(StoryBook.title(for: "Rose") == "The book of Rose’s stories")
        #expect(StoryBook.title(for: " James ") == "The book of James’ stories")
        #expect(StoryBook.title(for: "") == "The book of stories")
        #expect(
            StoryBook(storytellerName: "Rose", paper: .a4, chapters: []).fileName == "the-book-of-roses-stories.pdf")
    }

    @Test("A4 households print A5 books, Letter households Letter books")
    func sheets() {
        #expect(StoryBook.Sheet(paper: .a4) == .a5)
        #expect(StoryBook.Sheet(paper: .letter) == .letter)
        #expect(StoryBook.Sheet.a5.size.width == 419.53 && StoryBook.Sheet.a5.size.height == 595.28)
        #expect(StoryBook.Sheet.letter.size.width == 612 && StoryBook.Sheet.letter.size.height == 792)
    }

    @Test("no list: every chapter in the order it was answered, the undated last")
    func allChapters() throws {
        let chosen = try StoryBookLayout.select(nil, from: chapters).get()
        #expect(chosen.map(\.title) == ["Question 2", "Question 4", "Question 1", "Question 3"])
        #expect(try StoryBookLayout.select("  ", from: chapters).get().count == 4)
        #expect(StoryBookLayout.select(nil, from: []) == .failure(.empty))
    }

    @Test("a list: exactly those chapters in that order; an unknown, malformed or repeated id refuses it")
    func listedChapters() throws {
        let ids = chapters.map { $0.id.uuidString.lowercased() }
        let chosen = try StoryBookLayout.select("\(ids[3]), \(ids[0])", from: chapters).get()
        #expect(chosen.map(\.title) == ["Question 4", "Question 1"])
        let stranger = UUID()
        #expect(StoryBookLayout.select("\(ids[0]),\(stranger)", from: chapters) == .failure(.unknown(stranger)))
        #expect(StoryBookLayout.select("\(ids[0]),clock", from: chapters) == .failure(.notAnID("clock")))
        #expect(StoryBookLayout.select("\(ids[0]),\(ids[0])", from: chapters) == .failure(.repeated(chapters[0].id)))
        #expect(StoryBookLayout.select(",", from: chapters) == .failure(.empty))
        #expect(StoryBookLayout.SelectionError.unknown(stranger).description.contains(stranger.uuidString.lowercased()))
    }

    @Test("page numbers, chapter labels, the cover line and paragraphs")
    func words() {
        #expect(StoryBookLayout.pageLabel(1) == "")
        #expect(StoryBookLayout.pageLabel(7) == "7")
        #expect(StoryBookLayout.chapterLabel(2, of: 12) == "Story 3 of 12")
        #expect(StoryBookLayout.coverLine(name: "Rose Miller", count: 1) == "1 story told by Rose Miller")
        #expect(StoryBookLayout.coverLine(name: "Rose Miller", count: 12) == "12 stories told by Rose Miller")
        #expect(StoryBookLayout.listenLine(name: "Rose") == "Scan to hear Rose tell it.")
        #expect(StoryBookLayout.paragraphs("  One.\n\n  Two. \r\nThree.\n ") == ["One.", "Two.", "Three."])
        #expect(StoryBookLayout.paragraphs(" \n ").isEmpty)
    }
}
