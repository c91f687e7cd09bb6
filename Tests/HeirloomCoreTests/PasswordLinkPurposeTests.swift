import Foundation
import HeirloomCore
import Testing

@Suite("Password links: how long each kind works, and how often reset links may be asked for")
struct PasswordLinkPurposeTests {
    let now = Date(timeIntervalSince1970: 1_940_000_000)

    @Test("a reset link works for one hour to the second; an owner's link for 14 days")
    func lifetimes() {
        let reset = PasswordLinkPurpose.reset.expiry(from: now)
        #expect(reset == now.addingTimeInterval(3600))
        #expect(PasswordLinkPurpose.isLive(expiresAt: reset, now: reset.addingTimeInterval(-1)))
        #expect(!PasswordLinkPurpose.isLive(expiresAt: reset, now: reset))
        #expect(PasswordLinkPurpose.setUp.expiry(from: now) == now.addingTimeInterval(14 * 86_400))
    }

    @Test("links end on whole seconds, which a database keeps exactly; a link ended now is over at once")
    func wholeSeconds() {
        let later = now.addingTimeInterval(0.841_754_4)
        #expect(PasswordLinkPurpose.reset.expiry(from: later) == now.addingTimeInterval(3600))
        let ended = PasswordLinkPurpose.endingNow(later)
        #expect(ended == now)
        #expect(!PasswordLinkPurpose.isLive(expiresAt: ended, now: later))
        #expect(!PasswordLinkPurpose.isLive(expiresAt: PasswordLinkPurpose.endingNow(now), now: now))
    }

    @Test("the stored names stay as they are: rows hold them")
    func storedNames() {
        #expect(PasswordLinkPurpose.allCases.map(\.rawValue) == ["set_up", "reset"])
    }

    @Test("three requests an hour per email address; the fourth waits for the first to leave the hour")
    func perAccount() {
        var window = PasswordResetLimits.perAccount
        for minute in 0..<3 { window.recordFailure(now: now.addingTimeInterval(Double(minute) * 60)) }
        let fourth = now.addingTimeInterval(180)
        #expect(window.retryAfter(now: fourth) == now.addingTimeInterval(3600))
        #expect(window.retryAfter(now: now.addingTimeInterval(3600)) == nil)
    }

    @Test("ten requests in 15 minutes per client address")
    func perAddress() {
        var window = PasswordResetLimits.perAddress
        for _ in 0..<9 { window.recordFailure(now: now) }
        #expect(window.retryAfter(now: now) == nil)
        window.recordFailure(now: now)
        #expect(window.retryAfter(now: now) == now.addingTimeInterval(15 * 60))
    }
}
