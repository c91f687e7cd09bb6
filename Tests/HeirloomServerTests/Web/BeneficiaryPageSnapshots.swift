import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The beneficiary pages, rendered whole from fixture models.
@Suite("Beneficiary pages, as snapshots")
struct BeneficiaryPageSnapshots {
    static func person(_ number: Int, _ name: String, relationship: String?, email: String?) -> Beneficiary {
        let person = Beneficiary()
        person.id = PageFixtures.id(number)
        person.$household.id = PageFixtures.householdID
        person.name = name
        person.relationship = relationship
        person.email = email
        person.phoneNumber = nil
        person.isLinkedToContact = false
        person.nameEditedByUser = false
        person.createdAt = PageFixtures.day
        return person
    }

    static func thomas() -> Beneficiary { person(20, "Thomas Hartley", relationship: "Son", email: "tom@example.com") }

    static func emily() -> Beneficiary {
        let emily = person(21, "Emily Hartley", relationship: "Granddaughter", email: nil)
        emily.isLinkedToContact = true
        emily.phoneNumber = "+1 555 0142"
        return emily
    }

    static func card(_ person: Beneficiary, items: Int, total: Int64) throws -> BeneficiaryPages.Card {
        try BeneficiaryPages.Card(
            BeneficiaryService.Summary(
                beneficiary: person, itemCount: items,
                totals: items == 0 ? [] : [.exact(Money(minorUnits: total, currency: .usd))]))
    }

    @Test("Beneficiaries: who gets what, and the items nobody has yet")
    func beneficiariesIndex() async throws {
        let model = BeneficiaryPages.Index(
            beneficiaries: [
                try Self.card(Self.emily(), items: 0, total: 0), try Self.card(Self.thomas(), items: 2, total: 430_000),
            ],
            unassigned: [try ItemPages.Card(FamilyFixtures.quilt()), try ItemPages.Card(FamilyFixtures.teaSet())],
            choices: try BeneficiaryPages.choices([Self.emily(), Self.thomas()]))
        let html = try await PageFixtures.html(.beneficiariesIndex, title: "Beneficiaries", nav: .beneficiaries, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A beneficiary: their items, when each is released, with the message")
    func beneficiaryShow() async throws {
        let model = BeneficiaryPages.Show(
            person: try Self.card(Self.thomas(), items: 2, total: 430_000),
            assigned: [
                .init(
                    item: try ItemPages.Card(FamilyFixtures.clock()), rule: "Upon my passing",
                    message: "It kept time for three generations; keep it wound.",
                    editHref: "/items/\(PageFixtures.id(1).text)/beneficiaries/\(PageFixtures.id(80).text)/edit"),
                .init(
                    item: try ItemPages.Card(FamilyFixtures.ring()), rule: "From June 21, 2030", message: "",
                    editHref: "/items/\(PageFixtures.id(4).text)/beneficiaries/\(PageFixtures.id(81).text)/edit"),
            ], canInvite: true, invitedOn: "November 20, 2026")
        let html = try await PageFixtures.html(.beneficiaryShow, title: "Thomas Hartley", nav: .beneficiaries, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Add a beneficiary: the form sent back with an email that is not one")
    func beneficiaryForm() async throws {
        let model = BeneficiaryPages.Form(
            mode: "new", action: SiteURL.beneficiaries.path, cancelHref: SiteURL.beneficiaries.path,
            form: [
                "name": "Emily Hartley", "relationship": "custom", "relationshipCustom": "Granddaughter",
                "email": "emily-at-example", "phoneNumber": "",
            ],
            errors: ["email": "Please enter an email address like name@example.com."],
            relationships: BeneficiaryPages.relationships)
        let html = try await PageFixtures.html(.beneficiaryForm, title: "Add a beneficiary", nav: .beneficiaries, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Delete a beneficiary who still has items: refused, with the items")
    func beneficiaryStillAssigned() async throws {
        let model = BeneficiaryPages.StillAssigned(
            name: "Thomas Hartley",
            message: BeneficiaryService.stillAssigned("Thomas Hartley", count: 1).message,
            href: SiteURL.beneficiary(.value(PageFixtures.id(20))).path,
            items: [try ItemPages.Card(FamilyFixtures.clock())])
        let html = try await PageFixtures.html(
            .beneficiaryStillAssigned, title: "Delete a beneficiary", nav: .beneficiaries, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Import contacts: the form, with the reason the last file was refused")
    func beneficiariesImport() async throws {
        let model = BeneficiaryWebController.ImportForm(error: "The file is not a contacts file (vCard).")
        let html = try await PageFixtures.html(
            .beneficiariesImport, title: "Import contacts", nav: .beneficiaries, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Contacts imported: added, updated, already here and not imported")
    func beneficiariesImportResults() async throws {
        let model = BeneficiaryPages.ImportResults(
            rows: [
                .init(
                    name: "Emily Hartley", status: "created", label: "Added", reason: "Added as a new beneficiary.",
                    href: SiteURL.beneficiary(.value(PageFixtures.id(21))).path),
                .init(
                    name: "Thomas Hartley", status: "merged", label: "Updated",
                    reason: "Matched someone already here; we filled in what was missing and kept the name you typed.",
                    href: SiteURL.beneficiary(.value(PageFixtures.id(20))).path),
                .init(
                    name: "Aunt Ruth", status: "unchanged", label: "Already here",
                    reason: "Already here with everything this card has.",
                    href: SiteURL.beneficiary(.value(PageFixtures.id(22))).path),
                .init(name: "", status: "rejected", label: "Not imported", reason: "The card has no name.", href: nil),
            ], created: 1, merged: 1, unchanged: 1, rejected: 1)
        let html = try await PageFixtures.html(
            .beneficiariesImportResults, title: "Contacts imported", nav: .beneficiaries, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Give the clock to someone: the people to choose from and the AI's help")
    func itemLinkForm() async throws {
        let itemID = PageFixtures.id(1)
        let model = BeneficiaryPages.LinkForm(
            mode: "new", action: SiteURL.itemBeneficiaries(.value(itemID)).path,
            cancelHref: SiteURL.item(.value(itemID)).path(fragment: "beneficiaries"), itemName: "Grandfather’s clock",
            beneficiaryName: "",
            form: [
                "beneficiaryId": PageFixtures.id(20).text, "accessPermission": "uponPassing", "personalMessage": "",
            ],
            errors: [:], choices: try BeneficiaryPages.choices([Self.emily(), Self.thomas()]),
            relationships: BeneficiaryPages.relationships,
            uponPassing: PassingWords.holder(name: "Margaret Hartley").uponPassing,
            help: AppraisalPages.BeneficiaryHelp(itemID: itemID, linkID: nil))
        let html = try await PageFixtures.html(
            .itemLinkForm, title: "Give Grandfather’s clock to someone", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Change who receives the clock: a link's form, with a message drafted by the AI")
    func itemLinkEditForm() async throws {
        let itemID = PageFixtures.id(1)
        let linkID = PageFixtures.id(80)
        var help = AppraisalPages.BeneficiaryHelp(itemID: itemID, linkID: linkID, tone: "formal")
        help.notice = "Here is a draft; change it as you like before saving."
        let model = BeneficiaryPages.LinkForm(
            mode: "edit", action: SiteURL.itemBeneficiary(.value(itemID), .value(linkID)).path,
            cancelHref: SiteURL.item(.value(itemID)).path(fragment: "beneficiaries"), itemName: "Grandfather’s clock",
            beneficiaryName: "Thomas Hartley",
            form: [
                "accessPermission": "afterSpecificDate", "accessDate": "2030-06-21",
                "personalMessage": "Tom, this clock kept time for three generations of Hartleys.",
            ],
            errors: [:], choices: [], relationships: BeneficiaryPages.relationships,
            uponPassing: PassingWords.reader.uponPassing, help: help)
        let html = try await PageFixtures.html(
            .itemLinkForm, title: "Thomas Hartley · Grandfather’s clock", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }
}
