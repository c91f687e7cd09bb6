import Foundation
import HeirloomCore
import Testing

@Suite("The app's recording summaries: retries answered from the first call")
struct SummaryRetryTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a recording never seen is started; one summarised is answered from memory")
    func startAndAnswer() {
        #expect(SummaryRetry.step(for: nil, now: now) == .start)
        let done = SummaryRetry.Memory(words: "the clock", summary: "Owner notes the clock.", claimedAt: nil)
        #expect(SummaryRetry.step(for: done, now: now) == .answer("Owner notes the clock."))
    }

    @Test("a call at work is joined until its lease ends; then it is taken over")
    func joinThenTakeOver() {
        let started = now.addingTimeInterval(-60)
        #expect(SummaryRetry.step(for: .init(claimedAt: started), now: now) == .wait)
        #expect(SummaryRetry.step(for: .init(words: "words", claimedAt: started), now: now) == .wait)
        let stopped = now.addingTimeInterval(-SummaryRetry.lease)
        #expect(SummaryRetry.step(for: .init(claimedAt: stopped), now: now) == .takeOver(transcribe: true))
    }

    @Test("after a failure, words already heard are only summarised again, never heard twice")
    func neverHeardTwice() {
        #expect(SummaryRetry.step(for: .init(words: "words"), now: now) == .takeOver(transcribe: false))
        #expect(SummaryRetry.step(for: .init(words: ""), now: now) == .takeOver(transcribe: false))
        #expect(SummaryRetry.step(for: .init(), now: now) == .takeOver(transcribe: true))
    }

}
