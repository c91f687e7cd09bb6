import HeirloomCore
import Testing

@Suite("The book page's choice of chapters")
struct StoryBookChoiceTests {
    @Test("ticked chapters in the order of their numbers; unticked ones left out; no number goes last")
    func order() {
        let fields = [
            "include-b": "yes", "order-b": "1", "include-a": "yes", "order-a": "2", "order-c": "3",
            "include-d": "yes", "order-d": "soon",
        ]
        #expect(StoryBookChoice.chapters(fields) == ["b", "a", "d"])
        #expect(StoryBookChoice.chapters(["order-a": "1"]).isEmpty)
    }
}
