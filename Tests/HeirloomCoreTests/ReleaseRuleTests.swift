import Foundation
import HeirloomCore
import Testing

@Suite("Release rules")
struct ReleaseRuleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let day: TimeInterval = 86_400

    @Test("immediate is available at once, whatever the owner's state")
    func immediate() {
        #expect(ReleaseRule.immediate.isAvailable(at: now, owner: .alive))
        #expect(ReleaseRule.immediate.isAvailable(at: now, owner: .passingConfirmed(on: now.addingTimeInterval(day))))
    }

    @Test("after a specific date is available from that moment on, even if the owner passed earlier")
    func afterDate() {
        // given
        let rule = ReleaseRule.afterSpecificDate(now)
        let passedEarlier = OwnerReleaseState.passingConfirmed(on: now.addingTimeInterval(-30 * day))

        // then
        #expect(!rule.isAvailable(at: now.addingTimeInterval(-1), owner: .alive))
        #expect(rule.isAvailable(at: now, owner: .alive))
        #expect(rule.isAvailable(at: now.addingTimeInterval(day), owner: .alive))
        #expect(!rule.isAvailable(at: now.addingTimeInterval(-day), owner: passedEarlier))
        #expect(rule.availableFrom(owner: .alive) == now)
    }

    @Test("upon passing waits while the owner is alive and opens on the day the passing was confirmed")
    func uponPassing() {
        // given
        let rule = ReleaseRule.uponPassing
        let confirmed = OwnerReleaseState.passingConfirmed(on: now)

        // then
        #expect(!rule.isAvailable(at: now.addingTimeInterval(1000 * day), owner: .alive))
        #expect(rule.availableFrom(owner: .alive) == nil)
        #expect(!rule.isAvailable(at: now.addingTimeInterval(-1), owner: confirmed))
        #expect(rule.isAvailable(at: now, owner: confirmed))
        #expect(rule.availableFrom(owner: confirmed) == now)
    }

    @Test("the access date is required exactly for after-a-specific-date, and the error names it")
    func validation() throws {
        #expect(try ReleaseRule(permission: .immediate, accessDate: nil) == .immediate)
        #expect(try ReleaseRule(permission: .uponPassing, accessDate: nil) == .uponPassing)
        #expect(try ReleaseRule(permission: .afterSpecificDate, accessDate: now) == .afterSpecificDate(now))
        for (permission, date) in [(AccessPermission.afterSpecificDate, nil), (.immediate, now), (.uponPassing, now)] {
            let error = #expect(throws: FieldError.self) { try ReleaseRule(permission: permission, accessDate: date) }
            #expect(error?.field == "accessDate")
        }
    }

    @Test("a rule gives back what is stored")
    func stored() throws {
        for rule in [ReleaseRule.immediate, .afterSpecificDate(now), .uponPassing] {
            #expect(try ReleaseRule(permission: rule.permission, accessDate: rule.accessDate) == rule)
        }
        #expect(AccessPermission.allCases.map(\.rawValue) == ["immediate", "afterSpecificDate", "uponPassing"])
    }

    @Test("a personal message is trimmed, blank is none, and at most 5,000 characters")
    func personalMessage() throws {
        #expect(try ReleaseRule.personalMessage("  For Ann, with love.\n") == "For Ann, with love.")
        #expect(try ReleaseRule.personalMessage(" \n ") == nil)
        #expect(try ReleaseRule.personalMessage(nil) == nil)
        let longest = String(repeating: "é", count: 5_000)
        #expect(try ReleaseRule.personalMessage(longest) == longest)
        let error = #expect(throws: FieldError.self) { try ReleaseRule.personalMessage(longest + "!") }
        #expect(error?.field == "personalMessage")
    }
}
