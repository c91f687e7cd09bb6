import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The passing-on pages, rendered whole from fixture models: the owner's settings, preview and outbox, and the
/// pages outsiders reach from an email. `passing-on/preview` and `passing-on/recipient` also cover the
/// `passing-on/items` partial.
@Suite("Passing-on pages, as snapshots")
struct PassingOnPageSnapshots {
    @Test("Passing on: a reported passing, the trusted contacts and the log")
    func passingOn() async throws {
        let model = PassingOnPages.Settings(
            members: [
                .init(id: PageFixtures.userID.text, name: "Margaret Hartley", isHolder: true),
                .init(id: PageFixtures.id(903).text, name: "Thomas Hartley", isHolder: false),
            ], waitingPeriodDays: 14, inactivityMonths: 12, inactivityChoices: [3, 6, 12, 18, 24], showValues: false,
            timeZone: "Europe/London", stateLabel: PassingOnPages.stateLabel(.passingReported),
            stateDetail: "Dr. Patel reported it. Unless Margaret Hartley says they are still here, the items will be "
                + "released on December 6, 2026.",
            isReported: true, isReleased: false, isHolder: true,
            executors: [
                .init(
                    id: PageFixtures.id(310).text, name: "Dr. Anil Patel", email: "anil.patel@example.com",
                    statusLabel: "Has opened their link")
            ],
            beneficiaries: [.init(id: PageFixtures.id(20).text, name: "Thomas Hartley")],
            heirs: [
                .init(
                    id: PageFixtures.id(21).text, name: "Emily Hartley", state: HeirState.cannotBeTold.rawValue,
                    stateLabel: HeirState.cannotBeTold.displayName, needsTelling: true, canPrint: true,
                    emailAction: "/settings/passing-on/heirs/\(PageFixtures.id(21).text)/email",
                    linkAction: "/settings/passing-on/heirs/\(PageFixtures.id(21).text)/link", error: nil),
                .init(
                    id: PageFixtures.id(20).text, name: "Thomas Hartley", state: HeirState.waiting.rawValue,
                    stateLabel: HeirState.waiting.displayName, needsTelling: false, canPrint: false,
                    emailAction: "/settings/passing-on/heirs/\(PageFixtures.id(20).text)/email",
                    linkAction: "/settings/passing-on/heirs/\(PageFixtures.id(20).text)/link", error: nil),
            ],
            heirsToTell: "Emily Hartley would not be told when the time comes, because the hub has no email address "
                + "for them.",
            today: "2026-11-22",
            audit: [
                .init(when: "November 22, 2026 at 12:00 PM", detail: "Dr. Anil Patel reported a passing."),
                .init(when: "November 1, 2026 at 9:30 AM", detail: "Margaret Hartley added Dr. Anil Patel."),
            ], olderAuditURL: "/settings/passing-on?log=\(PageFixtures.id(320).text)#audit", newestAuditURL: nil,
            errors: [:])
        let html = try await PageFixtures.html(.passingOn, title: "Passing on", nav: .settings, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Preview as a beneficiary: what Thomas would see on a given day")
    func passingOnPreview() async throws {
        let model = PassingOnPages.Preview(
            name: "Thomas Hartley", beneficiaryID: PageFixtures.id(20).text, at: "2030-06-21",
            items: [
                try FamilyFixtures.shownItem(
                    FamilyFixtures.clock(), link: 80, message: "It kept time for three generations; keep it wound.",
                    showValues: true)
            ],
            wouldNotBeTold: "The hub has no email address for Thomas Hartley, so nobody would tell them that these "
                + "things are theirs. Add their email, or print their link, under Passing on → Who will be told.",
            fixHref: "/settings/passing-on#heirs")
        let html = try await PageFixtures.html(
            .passingOnPreview, title: "Preview as Thomas Hartley", nav: .settings, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Outbox: a sent message and one that was not delivered")
    func outbox() async throws {
        let model = PassingOnPages.Outbox(
            smtpConfigured: true,
            messages: [
                .init(
                    id: PageFixtures.id(330).text, to: "Thomas Hartley <tom@example.com>",
                    subject: "Margaret Hartley left something for you", link: "http://hub.test/for/abc", status: "sent",
                    statusLabel: "Sent", created: "November 22, 2026 at 12:00 PM", problem: nil),
                .init(
                    id: PageFixtures.id(331).text, to: "Dr. Anil Patel <anil.patel@example.com>",
                    subject: "You are Margaret Hartley’s trusted contact", link: nil, status: "failed",
                    statusLabel: "Not delivered", created: "November 21, 2026 at 12:00 PM",
                    problem: "550 Mailbox unavailable"),
            ])
        let html = try await PageFixtures.html(.outbox, title: "Outbox", nav: .settings, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("The trusted contact's page: the estate's state and whom to ask, nothing of the household's things")
    func executorPage() async throws {
        let model = PassingOnPages.ExecutorView(
            executorName: "Dr. Anil Patel", holderName: "Margaret Hartley", state: EstateState.active.rawValue,
            releaseDay: nil, today: "2026-11-22", error: nil,
            whoToContact: "If you have questions, contact Thomas Hartley (tom@example.com).")
        let html = try await PageFixtures.html(.executorPage, title: "For Dr. Anil Patel", role: nil, model) { base in
            base.household = .init(name: "The Hartleys")
        }
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A beneficiary's page: the items released to them, with photos and the message")
    func recipientPage() async throws {
        // the clock with its appraisal, titled, and a scan of a paper nobody named
        let clock = FamilyFixtures.clock()
        clock.$documents.value = [
            FamilyFixtures.itemDocument(
                of: PageFixtures.id(1), number: 60, name: "clock-valuation-1998.pdf",
                title: "Valuation by Hartley & Sons, 1998", type: .appraisal),
            FamilyFixtures.itemDocument(
                of: PageFixtures.id(1), number: 62, name: "IMG_2211.jpg", title: nil, type: .other, format: .jpeg),
        ]
        let model = PassingOnPages.RecipientView(
            name: "Thomas Hartley", fromName: "Margaret Hartley",
            items: [
                try FamilyFixtures.shownItem(
                    clock, link: 80, message: "It kept time for three generations; keep it wound.",
                    status: "accepted", showValues: false),
                try FamilyFixtures.shownItem(FamilyFixtures.ring(), link: 81, message: nil, showValues: false),
            ], whoToContact: "If you have questions, contact Dr. Anil Patel (anil.patel@example.com).",
            note: .init(by: "Dr. Anil Patel", text: "She went peacefully, at home, with the garden in bloom."))
        let html = try await PageFixtures.html(.recipientPage, title: "For Thomas Hartley", role: nil, model) { base in
            base.household = .init(name: "The Hartleys")
        }
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A link that does not work (any more)")
    func outsiderMissing() async throws {
        let html = try await PageFixtures.html(
            .outsiderMissing, title: "This link does not work", role: nil, [String: String]())
        assertSnapshot(of: html, as: .lines)
    }

    @Test("I am still here: the button, then the thanks")
    func stillHere() async throws {
        for done in [false, true] {
            let model = StillHereWebController.Model(
                name: "Margaret Hartley", token: String(repeating: "t", count: 43), done: done)
            let html = try await PageFixtures.html(.stillHere, title: "I am still here", role: nil, model) { base in
                base.household = .init(name: "The Hartleys")
            }
            assertSnapshot(of: html, as: .lines, named: done ? "done" : "asked")
        }
    }
}
