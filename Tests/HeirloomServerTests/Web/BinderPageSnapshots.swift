import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The estate binder: the holder's binder, one entry, the entry form sent back, a section's readers, a preview as
/// the trusted contact, and the page an executor's yearly link opens.
@Suite("Binder pages, as snapshots")
struct BinderPageSnapshots {
    static let will = BinderPages.Entry(
        id: PageFixtures.id(50).text, href: "/binder/entries/\(PageFixtures.id(50).text)", title: "The will",
        text: "Signed in 2019 with Hart & Co., solicitors.",
        fields: [.init(label: "Where the paper original is kept", value: "The bureau, top drawer")],
        papers: [
            .init(name: "will-2019.pdf", href: "/api/media/\(PageFixtures.id(60).text)/original", deleteAction: nil)
        ],
        whoSees: "The trusted contacts, now.", isPrivate: false, reviewOn: nil)
    static let account = BinderPages.Entry(
        id: PageFixtures.id(51).text, href: "/binder/entries/\(PageFixtures.id(51).text)", title: "Current account",
        text: "",
        fields: [
            .init(label: "Bank, company or office", value: "Barclays"),
            .init(label: "Account number", value: "•••• 4567"),
        ],
        papers: [], whoSees: "The trusted contacts, after your passing is confirmed.", isPrivate: false,
        reviewOn: "March 31, 2027")

    static func section(_ section: BinderSection, _ entries: [BinderPages.Entry]) -> BinderPages.Section {
        BinderPages.Section(
            key: section.rawValue, title: section.title, hint: section.hint,
            whoSees: "The trusted contacts, after your passing is confirmed.",
            href: "/binder/sections/\(section.rawValue)",
            addHref: "/binder/new?section=\(section.rawValue)", entries: entries)
    }

    static var readers: BinderPages.Readers {
        BinderPages.readers(
            BinderVisibility(
                executors: .afterPassing,
                beneficiaries: [BinderGrant(beneficiaryID: PageFixtures.id(20), when: .afterPassing)]),
            people: [])
    }

    @Test("The binder, with a reminder and the yearly look due")
    func binderIndex() async throws {
        let model = BinderPages.IndexPage(
            sections: BinderSection.allCases.map {
                Self.section($0, $0 == .legal ? [Self.will] : $0 == .money ? [Self.account] : [])
            }, count: 2,
            previewPeople: [
                .init(value: "executor:\(PageFixtures.id(30).text)", label: "Mary Jones (trusted contact)"),
                .init(value: "beneficiary:\(PageFixtures.id(20).text)", label: "Lily Hill"),
            ],
            review: .init(
                notices: [
                    .init(text: "“Current account” is due for a look on March 31, 2027.", href: Self.account.href)
                ],
                lookDue: true, lastLook: nil),
            holderName: "Margaret Hill", readerIsHolder: true)
        let html = try await PageFixtures.html(.binderIndex, title: "The estate binder", nav: .none, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("One entry with its paper")
    func binderEntry() async throws {
        let model = BinderPages.EntryPage(
            entry: Self.will, section: "Will and legal papers", followsSection: false,
            editHref: "/binder/entries/\(PageFixtures.id(50).text)/edit",
            deleteHref: "/binder/entries/\(PageFixtures.id(50).text)/delete",
            papersAction: "/binder/entries/\(PageFixtures.id(50).text)/papers", paperError: nil)
        let html = try await PageFixtures.html(.binderEntry, title: "The will", nav: .none, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("The entry form, sent back without a title; the stored number is never written into it")
    func binderForm() async throws {
        let errors = ["title": "Please give the entry a title, such as the bank's name."]
        let model = BinderPages.EntryForm(
            heading: "A new entry: Money", action: "/binder/entries", backHref: "/binder#money",
            section: "money", sectionTitle: "Money", title: "", text: "Joint with Tom.", reviewOn: "",
            fields: BinderPages.inputs(
                .money, values: [.institution: "Barclays"], stored: [.accountNumber: "40116291234567"], errors: errors),
            followsSection: true, sectionWords: "The trusted contacts, after your passing is confirmed.",
            readers: Self.readers, errors: errors, submitLabel: "Add to the binder")
        let html = try await PageFixtures.html(.binderForm, title: "A new entry", nav: .none, model)
        #expect(!html.contains("40116291234567"))
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Who reads a section")
    func binderSection() async throws {
        let model = BinderPages.SectionForm(
            title: "Money", hint: BinderSection.money.hint, action: "/binder/sections/money", readers: Self.readers,
            entriesFollowing: 3)
        let html = try await PageFixtures.html(.binderSection, title: "Who reads Money", nav: .none, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("The binder as the trusted contact will see it")
    func binderPreview() async throws {
        let model = BinderPages.PreviewPage(
            name: "Mary Jones", after: true,
            binder: .init(
                sections: [Self.section(.legal, [Self.will]), Self.section(.money, [Self.account])], isEmpty: false),
            people: [.init(value: "executor:\(PageFixtures.id(30).text)", label: "Mary Jones (trusted contact)")],
            chosen: "executor:\(PageFixtures.id(30).text)")
        let html = try await PageFixtures.html(
            .binderPreview, title: "The binder as Mary Jones sees it", nav: .none, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A trusted contact's address confirmed")
    func binderAddress() async throws {
        let html = try await PageFixtures.html(
            .binderAddress, title: "Thank you", nav: .none, BinderPages.AddressPage(name: "Mary Jones"))
        assertSnapshot(of: html, as: .lines)
    }
}
