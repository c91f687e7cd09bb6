import Fluent
import Foundation
import Testing
import Vapor

@testable import HeirloomServer

@Suite("The throttles' table: exact moments, and old windows pruned")
struct ThrottleStoreTests {
    @Test("moments read back to the same instant, so that an attempt counted in advance is found to be taken back")
    func exactMoments() {
        // given moments with fractions a decimal cannot write short, and empty lists
        let base = Date().timeIntervalSinceReferenceDate
        let moments: [[Date]] = [
            (0..<50).map { Date(timeIntervalSinceReferenceDate: base + Double($0) / 3 + 1e-7) }, [],
            [Date(timeIntervalSinceReferenceDate: 0.1), Date(timeIntervalSinceReferenceDate: -12.375)],
        ]
        // when they are written and read
        let read = ThrottleStore.decode(ThrottleStore.encode(moments))
        // then they are the same, to the bit
        #expect(read == moments)
        #expect(ThrottleStore.decode(ThrottleStore.encode([[]])) == [[]])
    }

    @Test("a window whose moments have all left it is deleted when a new key is counted")
    func pruning() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a sign-in attempt counted now
            let store = ThrottleStore(db: app.db)
            let old = ThrottleStore.key("test", "account", "ann@example.com")
            _ = try await store.update(old, window: 60, now: clock.now) { $0 = [[clock.now]] }
            // when a minute passes and another key is counted
            clock.advance(by: 59)
            _ = try await store.update(ThrottleStore.key("test", "account", "ben"), window: 60, now: clock.now) {
                $0 = [[clock.now]]
            }
            // then the first is still kept while inside its window
            #expect(try await ThrottleWindow.query(on: app.db).count() == 2)
            // and once it has left its window, the next new key prunes it
            clock.advance(by: 2)
            _ = try await store.update(ThrottleStore.key("test", "account", "cy"), window: 60, now: clock.now) {
                $0 = [[clock.now]]
            }
            let keys = try await ThrottleWindow.query(on: app.db).all().compactMap(\.id)
            let live = ["ben", "cy"].map { ThrottleStore.key("test", "account", $0) }
            #expect(Set(keys) == Set(live))
            // and no address or email is stored as it was typed
            #expect(keys.allSatisfy { !$0.contains("@") && $0.hasPrefix("test:account:") })
        }
    }
}
