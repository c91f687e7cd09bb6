import HeirloomCore
import Testing

@Suite("Letters for later in a household export: whose export holds how much of a letter")
struct LetterExportRuleTests {
    @Test("the writer's own export holds every letter of theirs whole, sealed or delivered, shared or not")
    func writer() {
        for isOwner in [false, true] {
            for isDelivered in [false, true] {
                for isShared in [false, true] {
                    let share = LetterExportRule.share(
                        isWriter: true, isOwner: isOwner, isDelivered: isDelivered, isSharedWithOwners: isShared)
                    #expect(share == .whole)
                }
            }
        }
    }

    @Test("an owner gets another member's letter only as a notice, delivered or not, unless it is shared")
    func owner() {
        let share = { (delivered: Bool, shared: Bool) in
            LetterExportRule.share(isWriter: false, isOwner: true, isDelivered: delivered, isSharedWithOwners: shared)
        }
        #expect(share(false, false) == .notice)
        #expect(share(false, true) == .whole)
        #expect(share(true, false) == .notice)
        #expect(share(true, true) == .whole)
    }

    @Test("a member who is not an owner gets nothing of another member's letters")
    func member() {
        for isDelivered in [false, true] {
            for isShared in [false, true] {
                let share = LetterExportRule.share(
                    isWriter: false, isOwner: false, isDelivered: isDelivered, isSharedWithOwners: isShared)
                #expect(share == .nothing)
            }
        }
    }
}
