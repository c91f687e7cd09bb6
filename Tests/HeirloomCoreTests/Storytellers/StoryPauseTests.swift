import Testing

@testable import HeirloomCore

@Suite("Storytellers: questions to the holder follow the estate")
struct StoryPauseTests {
    @Test("the holder's questions pause at a report and stop at the release; anyone else's go on")
    func pauses() {
        #expect(StoryPause.of(askingHolder: true, estate: .active) == nil)
        #expect(StoryPause.of(askingHolder: true, estate: .passingReported) == .paused)
        #expect(StoryPause.of(askingHolder: true, estate: .released) == .stopped)
        for state in EstateState.allCases {
            #expect(StoryPause.of(askingHolder: false, estate: state) == nil)
        }
        #expect(StoryPause.paused.sentence(name: "Ann").contains("paused"))
        #expect(StoryPause.stopped.sentence(name: " ").hasPrefix("Questions to Someone have stopped"))
    }
}
