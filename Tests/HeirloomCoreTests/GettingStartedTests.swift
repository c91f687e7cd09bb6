import HeirloomCore
import Testing

@Suite("Getting started")
struct GettingStartedTests {
    @Test("each step is done by what the hub holds; the list goes when all are done or it was put away")
    func steps() {
        var facts = GettingStarted.Facts(
            hasItem: true, hasBeneficiaryWithEmail: false, hasTrustedContact: false, keepsBackups: false)
        #expect(GettingStarted.Step.allCases.filter { GettingStarted.isDone($0, facts) } == [.firstItem])
        #expect(GettingStarted.isShown(facts, dismissed: false))
        #expect(!GettingStarted.isShown(facts, dismissed: true))
        facts.hasBeneficiaryWithEmail = true
        facts.hasTrustedContact = true
        facts.keepsBackups = true
        #expect(!GettingStarted.isShown(facts, dismissed: false))
    }

    @Test("keeping a copy is done by nightly backups, or by an owner's own download of the household")
    func keepingACopy() {
        var facts = GettingStarted.Facts(
            hasItem: true, hasBeneficiaryWithEmail: true, hasTrustedContact: true, keepsBackups: false)
        #expect(!GettingStarted.isDone(.backup, facts))
        facts.hasCopy = true
        #expect(GettingStarted.isDone(.backup, facts))
        #expect(!GettingStarted.isShown(facts, dismissed: false))
    }
}
