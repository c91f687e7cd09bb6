import Foundation
import HeirloomCore
import Testing

@Suite("The hand-over: each heir's state, and the still-here link's life")
struct HeirStandingTests {
    let now = Date(timeIntervalSince1970: 1_940_000_000)

    @Test("before anything is theirs: waiting, or would not be told without an address")
    func beforeRelease() {
        #expect(HeirFacts(hasEmail: true, visible: 0).state == .waiting)
        #expect(HeirFacts(hasEmail: false, visible: 0).state == .cannotBeTold)
        #expect(HeirState.cannotBeTold.needsTelling)
        #expect(!HeirState.waiting.needsTelling)
    }

    @Test("after: answers first, then opening, then how they were told; nobody untold goes unnoticed")
    func afterRelease() {
        #expect(HeirFacts(hasEmail: false, visible: 2).state == .notTold)
        #expect(HeirFacts(hasEmail: false, visible: 2, handedAt: now).state == .givenByHand)
        #expect(HeirFacts(hasEmail: true, visible: 2).state == .beingTold)
        #expect(HeirFacts(hasEmail: true, visible: 2, announced: 2).state == .beingTold)
        #expect(HeirFacts(hasEmail: true, visible: 2, announced: 2, delivered: true).state == .told)
        #expect(HeirFacts(hasEmail: true, visible: 2, announced: 2, openedAt: now).state == .opened)
        #expect(HeirFacts(hasEmail: true, visible: 2, announced: 2, accepted: 1, openedAt: now).state == .opened)
        #expect(HeirFacts(hasEmail: true, visible: 2, accepted: 2).state == .accepted)
        #expect(HeirFacts(hasEmail: true, visible: 2, declined: 2).state == .declined)
        #expect(HeirFacts(hasEmail: true, visible: 2, accepted: 1, declined: 1).state == .answered)
        // a partial answer from someone nobody told (an owner showed them by hand) still asks for their link
        #expect(HeirFacts(hasEmail: false, visible: 2, accepted: 1).state == .notTold)
    }

    @Test("a still-here link lives until the report's release moment, at least a day, else thirty days")
    func stillHereExpiry() {
        let day = EstateRules.secondsPerDay
        #expect(StillHereLinks.expiry(issuedAt: now, releaseAt: nil) == now.addingTimeInterval(30 * day))
        #expect(StillHereLinks.expiry(issuedAt: now, releaseAt: now + 14 * day) == now + 14 * day)
        #expect(StillHereLinks.expiry(issuedAt: now, releaseAt: now + 60) == now + day)
    }

    @Test("names read as a sentence")
    func listText() {
        #expect(ListText.and([]) == "")
        #expect(ListText.and(["Ann"]) == "Ann")
        #expect(ListText.and(["Ann", "Ben"]) == "Ann and Ben")
        #expect(ListText.and(["Ann", "Ben", "Cara"]) == "Ann, Ben and Cara")
    }
}
