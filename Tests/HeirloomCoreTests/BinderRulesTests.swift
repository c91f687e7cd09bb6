import Foundation
import HeirloomCore
import PropertyBased
import Testing

@Suite("The estate binder's rules")
struct BinderRulesTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let anna = UUID()
    let ben = UUID()

    var reported: EstateStatus {
        var status = EstateStatus()
        try? status.report(at: now, waitingPeriodDays: 7)
        return status
    }

    var released: EstateStatus { EstateStatus(state: .released, releasedAt: now) }

    @Test("an account number shows only its last four characters, and a short one shows none")
    func masking() {
        #expect(MaskedNumber.mask("12-3456-78901234") == "•••• 1234")
        #expect(MaskedNumber.mask("GB29 NWBK 6016 1331 9268 19") == "•••• 6819")
        #expect(MaskedNumber.mask("1234") == "••••")
        #expect(MaskedNumber.mask("") == "••••")
    }

    @Test("property: a masked number never holds more than four of the number's characters")
    func maskingNeverShowsTheNumber() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...9).array(of: 0...30)) { digits in
            let number = digits.map(String.init).joined()
            let masked = MaskedNumber.mask(number)
            #expect(masked.filter(\.isNumber).count <= 4)
            if number.count > 4 { #expect(!masked.contains(number)) }
        }
    }

    @Test("executors read 'after the passing' entries only once the estate is released, not when it is reported")
    func afterPassingWaitsForTheRelease() {
        let visibility = BinderVisibility(executors: .afterPassing)
        #expect(!BinderRelease.isVisible(visibility, to: .executor, estate: EstateStatus(), at: now))
        #expect(
            !BinderRelease.isVisible(visibility, to: .executor, estate: reported, at: now.addingTimeInterval(86_400)))
        #expect(
            BinderRelease.isVisible(visibility, to: .executor, estate: reported, at: now.addingTimeInterval(8 * 86_400))
        )
        #expect(BinderRelease.isVisible(visibility, to: .executor, estate: released, at: now))
        #expect(
            BinderRelease.isVisible(BinderVisibility(executors: .now), to: .executor, estate: EstateStatus(), at: now))
        #expect(!BinderRelease.isVisible(BinderVisibility(executors: .never), to: .executor, estate: released, at: now))
    }

    @Test("a beneficiary reads only what names them, now or after the passing")
    func beneficiaries() {
        let visibility = BinderVisibility(
            executors: .never,
            beneficiaries: [
                BinderGrant(beneficiaryID: anna, when: .now), BinderGrant(beneficiaryID: ben, when: .afterPassing),
            ])
        #expect(BinderRelease.isVisible(visibility, to: .beneficiary(anna), estate: EstateStatus(), at: now))
        #expect(!BinderRelease.isVisible(visibility, to: .beneficiary(ben), estate: reported, at: now))
        #expect(BinderRelease.isVisible(visibility, to: .beneficiary(ben), estate: released, at: now))
        #expect(!BinderRelease.isVisible(visibility, to: .beneficiary(UUID()), estate: released, at: now))
        #expect(!BinderRelease.isVisible(visibility, to: .executor, estate: released, at: now))
    }

    @Test("an entry kept to the holder is hidden from the other owners, unless they wrote it")
    func nobodyElse() {
        let alone = BinderVisibility(executors: .never)
        #expect(alone.isPrivate)
        #expect(BinderRelease.isVisible(alone, to: .holder, estate: released, at: now))
        #expect(!BinderRelease.isVisible(alone, to: .owner(isAuthor: false), estate: released, at: now))
        #expect(BinderRelease.isVisible(alone, to: .owner(isAuthor: true), estate: EstateStatus(), at: now))
        #expect(
            BinderRelease.isVisible(
                BinderVisibility(executors: .afterPassing), to: .owner(isAuthor: false), estate: EstateStatus(), at: now
            ))
    }

    @Test("only the holder opens what she keeps to herself; others may narrow, and only owners change readers")
    func onlyTheHolderWidens() {
        let alone = BinderVisibility(executors: .never)
        let later = BinderVisibility(executors: .afterPassing)
        let now = BinderVisibility(executors: .now)
        #expect(BinderRelease.mayChangeReaders(from: alone, to: now, by: .holder))
        #expect(!BinderRelease.mayChangeReaders(from: alone, to: now, by: .owner(isAuthor: false)))
        #expect(!BinderRelease.mayChangeReaders(from: alone, to: later, by: .owner(isAuthor: true)))
        #expect(BinderRelease.mayChangeReaders(from: alone, to: alone, by: .owner(isAuthor: true)))
        #expect(BinderRelease.mayChangeReaders(from: now, to: alone, by: .owner(isAuthor: false)))
        #expect(BinderRelease.mayChangeReaders(from: later, to: now, by: .owner(isAuthor: false)))
        #expect(!BinderRelease.mayChangeReaders(from: later, to: now, by: .executor))
        #expect(!BinderRelease.mayChangeReaders(from: later, to: now, by: .beneficiary(UUID())))
        // another owner is told that something is kept; nobody from outside is
        #expect(BinderRelease.isCountedAsKept(alone, to: .owner(isAuthor: false)))
        #expect(!BinderRelease.isCountedAsKept(later, to: .owner(isAuthor: false)))
        #expect(!BinderRelease.isCountedAsKept(alone, to: .executor))
        #expect(!BinderRelease.isCountedAsKept(alone, to: .holder))
    }

    @Test("a number is whole for the holder, and for a trusted contact only once the estate is released")
    func wholeNumbers() {
        let moment = Date(timeIntervalSince1970: 2_000_000_000)
        let active = EstateStatus(state: .active)
        let reported = EstateStatus(
            state: .passingReported, reportedAt: moment, releaseAt: moment.addingTimeInterval(86_400))
        let released = EstateStatus(state: .released, releasedAt: moment)
        #expect(BinderRelease.readsWholeNumbers(.holder, estate: active, at: moment))
        #expect(!BinderRelease.readsWholeNumbers(.executor, estate: active, at: moment))
        #expect(!BinderRelease.readsWholeNumbers(.executor, estate: reported, at: moment))
        #expect(BinderRelease.readsWholeNumbers(.executor, estate: reported, at: moment.addingTimeInterval(86_401)))
        #expect(BinderRelease.readsWholeNumbers(.executor, estate: released, at: moment))
        #expect(!BinderRelease.readsWholeNumbers(.owner(isAuthor: true), estate: released, at: moment))
        #expect(!BinderRelease.readsWholeNumbers(.beneficiary(UUID()), estate: released, at: moment))
    }

    @Test("the preview rehearses a release at the chosen moment")
    func preview() {
        #expect(BinderRelease.isVisibleInPreview(BinderVisibility(executors: .afterPassing), to: .executor, at: now))
        #expect(!BinderRelease.isVisibleInPreview(BinderVisibility(executors: .never), to: .executor, at: now))
    }

    @Test("who reads an entry is said in plain words, for the holder and for someone else")
    func plainWords() {
        let visibility = BinderVisibility(
            executors: .afterPassing, beneficiaries: [BinderGrant(beneficiaryID: anna, when: .now)])
        #expect(
            BinderRelease.plainWords(visibility, beneficiaryNames: [anna: "Anna"])
                == "The trusted contacts, after your passing is confirmed; Anna, now.")
        #expect(
            BinderRelease.plainWords(visibility, beneficiaryNames: [anna: "Anna"], holder: "Margaret")
                == "The trusted contacts, after Margaret\u{2019}s passing is confirmed; Anna, now.")
        #expect(
            BinderRelease.plainWords(BinderVisibility(executors: .never), beneficiaryNames: [:])
                == "Only you: nobody else, not even the other owners.")
    }

    @Test("the checklist tells people first, then the will and the funeral, then the accounts")
    func checklistOrder() {
        let entries = [
            BinderChecklistSource(
                entryID: UUID(), section: .money, title: "Current account", fields: [.institution: "Barclays"]),
            BinderChecklistSource(
                entryID: UUID(), section: .legal, title: "The will", fields: [.originalKeptAt: "the bureau"]),
            BinderChecklistSource(entryID: UUID(), section: .people, title: "Aunt Rose", fields: [:]),
            BinderChecklistSource(entryID: UUID(), section: .other, title: "Garden shed", fields: [:]),
        ]
        let tasks = BinderChecklist.tasks(entries).map(\.text)
        #expect(
            tasks == ["Tell Aunt Rose", "Find “The will” (kept at the bureau)", "Notify Barclays: “Current account”"])
    }

    @Test("a review date is due from 30 days before, and the yearly look a year after the last")
    func review() {
        let today = Day("2027-03-01")!
        #expect(BinderReview.isDue(Day("2027-03-31")!, today: today))
        #expect(!BinderReview.isDue(Day("2027-04-01")!, today: today))
        #expect(BinderReview.isDue(Day("2026-12-01")!, today: today))
        #expect(!BinderReview.isYearlyLookDue(lastLook: nil, firstEntry: nil, now: now))
        #expect(
            !BinderReview.isYearlyLookDue(lastLook: nil, firstEntry: now, now: now.addingTimeInterval(300 * 86_400)))
        #expect(BinderReview.isYearlyLookDue(lastLook: nil, firstEntry: now, now: now.addingTimeInterval(366 * 86_400)))
    }

    @Test("an entry needs a title and fields of its own section")
    func draft() throws {
        #expect(throws: FieldError.self) {
            try BinderEntryDraft(section: "money", title: " ", text: nil, fields: [:], reviewOn: nil)
        }
        let wrongField = #expect(throws: FieldError.self) {
            try BinderEntryDraft(
                section: "pets", title: "Rex", text: nil, fields: ["accountNumber": "1"], reviewOn: nil)
        }
        #expect(wrongField?.field == "fields.accountNumber")
        let badDay = #expect(throws: FieldError.self) {
            try BinderEntryDraft(section: "legal", title: "Will", text: nil, fields: [:], reviewOn: "next year")
        }
        #expect(badDay?.field == "reviewOn")
        let draft = try BinderEntryDraft(
            section: "money", title: " Savings ", text: "Joint with Tom.",
            fields: ["institution": " Nationwide ", "accountNumber": ""], reviewOn: "2030-01-01")
        #expect(draft.title == "Savings")
        #expect(draft.fields == [.institution: "Nationwide"])
        #expect(draft.reviewOn == Day("2030-01-01"))
    }
}
