import Foundation
import HeirloomCore
import Testing

@Suite("Outsiders' sessions: how long they last and when an opening is logged")
struct OutsiderSessionsTests {
    let now = Date(timeIntervalSince1970: 1_940_000_000)
    let day: TimeInterval = 86_400

    @Test("a session lasts thirty days to the second; one without an end opens nothing")
    func lifetime() {
        let end = OutsiderSessions.expiry(from: now)
        #expect(end == now.addingTimeInterval(30 * day))
        #expect(OutsiderSessions.isLive(expiresAt: end, now: now))
        #expect(OutsiderSessions.isLive(expiresAt: end, now: end.addingTimeInterval(-1)))
        #expect(!OutsiderSessions.isLive(expiresAt: end, now: end))
        #expect(!OutsiderSessions.isLive(expiresAt: nil, now: now))
    }

    @Test("an opening is logged the first time, then once a day (a moment read back a hair later counts as the same)")
    func openings() {
        #expect(OutsiderSessions.recordsOpening(lastRecorded: nil, now: now))
        #expect(!OutsiderSessions.recordsOpening(lastRecorded: now, now: now.addingTimeInterval(day - 1)))
        #expect(OutsiderSessions.recordsOpening(lastRecorded: now, now: now.addingTimeInterval(day)))
        #expect(!OutsiderSessions.recordsOpening(lastRecorded: now.addingTimeInterval(0.000_001), now: now))
    }
}
