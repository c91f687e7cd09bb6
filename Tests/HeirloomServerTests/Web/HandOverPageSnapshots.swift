import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The hand-over's pages: the trusted contact's page after a release with one heir not told, an heir's link on
/// paper, and what a holder who comes back reads first.
@Suite("Hand-over pages, as snapshots")
struct HandOverPageSnapshots {
    @Test("The trusted contact's page after the release: one heir could not be told")
    func executorReleased() async throws {
        var model = PassingOnPages.ExecutorView(
            executorName: "Dr. Anil Patel", holderName: "Margaret Hartley", state: EstateState.released.rawValue,
            releaseDay: "December 6, 2026", today: "2026-12-07", error: nil,
            whoToContact: "If you have questions, contact Thomas Hartley (tom@example.com).")
        model.heirs = [
            .init(
                id: PageFixtures.id(21).text, name: "Emily Hartley", state: HeirState.notTold.rawValue,
                stateLabel: HeirState.notTold.displayName, needsTelling: true, canPrint: true, emailAction: nil,
                linkAction: "/executor/heirs/\(PageFixtures.id(21).text)/link", error: nil),
            .init(
                id: PageFixtures.id(20).text, name: "Thomas Hartley", state: HeirState.opened.rawValue,
                stateLabel: HeirState.opened.displayName, needsTelling: false, canPrint: false, emailAction: nil,
                linkAction: "/executor/heirs/\(PageFixtures.id(20).text)/link", error: nil),
        ]
        model.heirsToTell = "Emily Hartley has not been told, because the hub has no email address for them."
        let html = try await PageFixtures.html(.executorPage, title: "For Dr. Anil Patel", role: nil, model) { base in
            base.household = .init(name: "The Hartleys")
        }
        assertSnapshot(of: html, as: .lines)
    }

    @Test("An heir's link on paper")
    func heirLink() async throws {
        let url = "http://hub.test/r/" + String(repeating: "k", count: 43)
        let model = PassingOnPages.HeirLink(
            name: "Emily Hartley", fromName: "Margaret Hartley", url: url, qrSVG: try QRCode.svg(url),
            backHref: "/executor#heirs", backLabel: "Back", released: true)
        let html = try await PageFixtures.html(.heirLink, title: "Emily Hartley’s link", role: nil, model) { base in
            base.household = .init(name: "The Hartleys")
        }
        assertSnapshot(of: html, as: .lines)
    }

    @Test("What happened: the estate was released while the holder was alive")
    func whatHappened() async throws {
        let model = PassingOnPages.WhatHappened(
            released: true, headline: "Your family’s hub believed you had passed away",
            summary: "A passing was reported on November 22, 2026, and the things you left upon your passing were "
                + "given to the people you chose. Reopen the estate below.",
            note: .init(by: "The person who reported it", text: "She went peacefully, at home."),
            steps: [
                .init(when: "November 22, 2026 at 12:00 PM", detail: "Dr. Anil Patel reported the passing."),
                .init(when: "December 6, 2026 at 12:00 PM", detail: "The estate was released."),
            ],
            heirs: [
                .init(
                    id: PageFixtures.id(20).text, name: "Thomas Hartley", state: HeirState.told.rawValue,
                    stateLabel: HeirState.told.displayName, needsTelling: false, canPrint: false, emailAction: nil,
                    linkAction: "",
                    error: nil)
            ], canReopen: true)
        let html = try await PageFixtures.html(.whatHappened, title: "What happened", nav: .home, model)
        assertSnapshot(of: html, as: .lines)
    }
}
