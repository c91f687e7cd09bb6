import Foundation
import HeirloomCore
import Testing

@Suite("Contact merge plans")
struct ContactMergeTests {
    /// Ids handed out in order, so that created beneficiaries are predictable.
    final class IDs {
        private var next = 0
        func make() -> UUID {
            next += 1
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", next))!
        }
    }

    let annID = UUID()
    let bobID = UUID()

    private func plan(_ results: [VCardParseResult], _ existing: [ExistingBeneficiary]) -> [ContactMergeEntry] {
        let ids = IDs()
        return ContactMerge.plan(results, existing: existing, makeID: ids.make)
    }

    private func contact(
        _ name: String, uid: String? = nil, email: String? = nil, phone: String? = nil
    ) -> VCardParseResult {
        .contact(
            ParsedContact(
                uid: uid, fullName: name, emails: email.map { [ContactEmail(address: $0)] } ?? [],
                phones: phone.map { [ContactPhone(number: $0)] } ?? []))
    }

    @Test("a card without a match creates a beneficiary linked to its contact")
    func creates() {
        // when
        let entries = plan([contact("Ann Miller", uid: "A-1", email: "Ann@Example.com", phone: "555-0142")], [])

        // then
        let expected = NewBeneficiary(
            id: IDs().make(), name: "Ann Miller", email: "ann@example.com", phone: "555-0142", contactIdentifier: "A-1")
        #expect(entries == [ContactMergeEntry(index: 0, name: "Ann Miller", outcome: .created(expected))])
        #expect(entries[0].outcome.status == "created")
    }

    @Test("the beneficiary linked to the card's UID is reused even when name and email differ")
    func byContact() {
        // given
        let existing = [
            ExistingBeneficiary(id: annID, name: "Ann Miller", email: "ann@example.com", contactIdentifier: "A-1"),
            ExistingBeneficiary(id: bobID, name: "Annie M.", email: "annie@example.com"),
        ]

        // when
        let entries = plan([contact("Annie M.", uid: "A-1", email: "annie@example.com")], existing)

        // then
        #expect(entries[0].outcome == .merged(beneficiaryID: annID, changes: BeneficiaryChanges(name: "Annie M.")))
    }

    @Test("else the one with the same email, ignoring case; a merge fills only what is missing and links the contact")
    func byEmail() {
        // given
        let existing = [
            ExistingBeneficiary(id: annID, name: "Grandma", email: "ANN@example.com", nameEditedByUser: true)
        ]

        // when
        let entries = plan([contact("Ann Miller", uid: "A-1", email: "ann@EXAMPLE.com", phone: "555-0142")], existing)

        // then
        let changes = BeneficiaryChanges(phone: "555-0142", contactIdentifier: "A-1")
        #expect(entries[0].outcome == .merged(beneficiaryID: annID, changes: changes))
        #expect(entries[0].outcome.status == "merged" && entries[0].outcome.beneficiaryID == annID)
    }

    @Test("else the one with the same name, ignoring case, accents and spacing")
    func byName() {
        // given
        let existing = [
            ExistingBeneficiary(id: annID, name: "jose  garcia", phone: "555-0100"),
            ExistingBeneficiary(id: bobID, name: "Hélène Dupré", nameEditedByUser: true),
        ]

        // when
        let entries = plan(
            [contact("José García", email: "jose@example.es", phone: "555-0199"), contact("HELENE DUPRE")], existing)

        // then
        let changes = BeneficiaryChanges(name: "José García", email: "jose@example.es")
        #expect(entries[0].outcome == .merged(beneficiaryID: annID, changes: changes))
        #expect(entries[1].outcome == .unchanged(beneficiaryID: bobID))
        #expect(ContactMerge.foldedName("  Hélène\tDUPRÉ ") == "helene dupre")
    }

    @Test("a name the user edited is never overwritten; nor are an email or phone already there")
    func neverOverwrites() {
        // given
        let existing = [
            ExistingBeneficiary(
                id: annID, name: "Mom", email: "ann@example.com", phone: "555-0000", contactIdentifier: "A-1",
                nameEditedByUser: true)
        ]

        // when
        let entries = plan([contact("Ann Miller", uid: "A-1", email: "other@example.com", phone: "555-0142")], existing)

        // then
        #expect(entries[0].outcome == .unchanged(beneficiaryID: annID))
        #expect(entries[0].outcome.status == "unchanged")
    }

    @Test("two cards of one file for the same person create one beneficiary, the second merges into it")
    func duplicatesInOneFile() {
        // given
        let results = [
            contact("Ann Miller", email: "ann@example.com"),
            contact("ANN MILLER", phone: "555-0142"),
            contact("A. Miller", email: "Ann@Example.com"),
            contact("Bob Jones", uid: "B-1"),
            contact("Robert Jones", uid: "B-1"),
        ]

        // when
        let entries = plan(results, [])

        // then
        let ids = IDs()
        let (ann, bob) = (ids.make(), ids.make())
        #expect(entries.map(\.outcome.status) == ["created", "merged", "unchanged", "created", "unchanged"])
        #expect(entries[1].outcome == .merged(beneficiaryID: ann, changes: BeneficiaryChanges(phone: "555-0142")))
        #expect(entries[2].outcome.beneficiaryID == ann)
        #expect(entries[4].outcome.beneficiaryID == bob)
    }

    @Test("rejected cards stay rejected with their reason, and the rest go on")
    func rejections() {
        // given
        let results = VCardParser.parse(VCardFixtures.google)

        // when
        let entries = plan(results, [ExistingBeneficiary(id: bobID, name: "Bob", email: "bob.jones@example.com")])

        // then
        #expect(entries.map(\.outcome.status) == ["merged", "created", "rejected", "created"])
        #expect(entries[2] == ContactMergeEntry(index: 2, name: nil, outcome: .rejected(.unreadable(.missingName))))
        #expect(entries[2].outcome.beneficiaryID == nil)
        if case .created(let peg) = entries[3].outcome {
            #expect(peg.email == "peg.oneil@example.com" && peg.phone == "(555) 555-0111")
        }
    }

    @Test("a name shared by two beneficiaries is not guessed")
    func ambiguousName() throws {
        // given
        let existing = [
            ExistingBeneficiary(id: annID, name: "John Smith"), ExistingBeneficiary(id: bobID, name: "John Smith"),
        ]

        // when
        let entries = plan([contact("john smith", phone: "555-0100")], existing)

        // then
        #expect(entries[0].outcome == .rejected(.ambiguousName(count: 2)))
        guard case .rejected(let rejection) = entries[0].outcome else { return }
        #expect(rejection.message.contains("2 beneficiaries"))
    }

    @Test("an address two beneficiaries share is settled by the name")
    func sharedEmail() {
        // given
        let existing = [
            ExistingBeneficiary(id: annID, name: "Sue Jones", email: "bobandsue@example.com"),
            ExistingBeneficiary(id: bobID, name: "Bob Jones", email: "bobandsue@example.com"),
        ]

        // when
        let entries = plan(
            [
                contact("Bob Jones", email: "bobandsue@example.com", phone: "1"),
                contact("Robert", email: "bobandsue@example.com"),
            ],
            existing)

        // then
        #expect(entries[0].outcome == .merged(beneficiaryID: bobID, changes: BeneficiaryChanges(phone: "1")))
        #expect(entries[1].outcome.status == "created", "neither Bob nor Sue is renamed to Robert")
    }

    @Test("an invalid email on a card is not copied to a beneficiary")
    func invalidEmail() {
        // when
        let entries = plan(
            [.contact(ParsedContact(fullName: "Ann", emails: [ContactEmail(address: "not an email")]))], [])

        // then
        guard case .created(let ann) = entries[0].outcome else {
            Issue.record("expected a new beneficiary")
            return
        }
        #expect(ann.email == nil)
    }
}
