import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// Dividing fairly: the organiser's rounds, a new round, a divided round with a change by hand, and a participant's
/// page while the round takes wishes.
@Suite("Wish round pages, as snapshots")
struct WishPageSnapshots {
    @Test("A participant's link, to print for someone without email")
    func wishLinkSheet() async throws {
        let url = "http://hub.test/w/" + String(repeating: "k", count: 43)
        let model = WishRoundWebController.LinkSheet(
            name: "Cora Hart", roundTitle: "Mother’s things", organiser: "Tom Hart", closesOnText: "December 10, 2026",
            url: url, qrSVG: try QRCode.svg(url), backHref: "/wish-rounds/\(PageFixtures.id(40).text)")
        let html = try await PageFixtures.html(.wishLinkSheet, title: "Cora Hart’s link", model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("The rounds, one taking wishes")
    func wishRounds() async throws {
        let model = WishRoundPages.IndexPage(
            rounds: [
                .init(
                    href: "/wish-rounds/\(PageFixtures.id(40).text)", title: "Mother’s things",
                    stateLabel: WishRoundPages.stateLabel(.open),
                    detail: "12 things, 3 people, 1 answered; last day December 10, 2026")
            ],
            methods: WishRoundPages.methods)
        let html = try await PageFixtures.html(.wishRounds, title: "Dividing fairly", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A new round, sent back with a missing second person")
    func wishRoundNew() async throws {
        let model = WishRoundPages.NewPage(
            form: .init(title: "Mother’s things", method: "points", closesOn: "2026-12-10", showValues: true),
            methods: WishRoundPages.methods,
            things: [
                .init(value: "item:\(PageFixtures.id(1).text)", label: "Mantel clock", detail: nil, checked: true),
                .init(
                    value: "set:\(PageFixtures.id(2).text)", label: "The good plates", detail: "A set", checked: true),
            ],
            leftOut: ["Brooch is already left to Anna Hart."],
            people: [
                .init(
                    id: PageFixtures.id(20).text, name: "Anna Hart", detail: "anna@example.com", checked: true,
                    share: ""),
                .init(
                    id: PageFixtures.id(21).text, name: "Ben Hart",
                    detail: "No email address yet: add one to invite them", checked: false, share: ""),
            ],
            errors: ["participants": "Please choose at least two people to take part."], backHref: "/wish-rounds")
        let html = try await PageFixtures.html(.wishRoundNew, title: "A new wish round", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A divided round, changed once by hand")
    func wishRound() async throws {
        let anna = PageFixtures.id(20).text
        let ben = PageFixtures.id(21).text
        let clock = PageFixtures.id(1).text
        let model = WishRoundPages.RoundPage(
            id: PageFixtures.id(40).text, title: "Mother’s things", state: "divided",
            stateLabel: WishRoundPages.stateLabel(.divided), method: WishRoundPages.methods[0],
            closesOnText: "December 10, 2026", organiser: "Tom Hart", showValues: true, seesValues: true,
            participants: [
                .init(
                    id: anna, name: "Anna Hart", shareText: "An equal share", answered: true,
                    answeredText: "Answered December 2, 2026"),
                .init(
                    id: ben, name: "Ben Hart", shareText: "An equal share", answered: false,
                    answeredText: "Not answered yet"),
            ],
            things: [
                .init(title: "Mantel clock", kind: "", value: "$900"), .init(title: "Piano", kind: "", value: "$2,500"),
            ],
            answeredCount: 1, canRemove: false,
            division: .init(
                runNumber: 2, adjusted: true, seed: 4821, orderText: nil, fair: false,
                statement: "After the changes by hand, Ben Hart would rather have Anna Hart’s share even without any "
                    + "one thing of it, so the division is no longer envy-free up to one thing.",
                shares: [
                    .init(
                        participantID: anna, name: "Anna Hart", shareText: "An equal share", value: "$3,400",
                        entitlement: "$1,700", difference: "$1,700 more than their share",
                        things: [
                            .init(
                                id: clock, title: "Mantel clock",
                                reason: "You gave it 700 points, more than anyone else.",
                                movedByHand: false, value: "$900"),
                            .init(
                                id: PageFixtures.id(3).text, title: "Piano",
                                reason: "Moved to you by hand by the organiser.",
                                movedByHand: true, value: "$2,500"),
                        ]),
                    .init(
                        participantID: ben, name: "Ben Hart", shareText: "An equal share", value: "$0",
                        entitlement: "$1,700", difference: "$1,700 less than their share", things: []),
                ],
                settlement: ["Anna Hart would pay Ben Hart $1,700"],
                moves: [
                    .init(
                        thingID: clock, title: "Mantel clock",
                        options: [
                            .init(id: anna, name: "Anna Hart", selected: true),
                            .init(id: ben, name: "Ben Hart", selected: false),
                        ])
                ],
                runs: [
                    "Run 2: changed by hand by Tom Hart, December 11, 2026 at 10:00 AM",
                    "Run 1: proposed by Tom Hart, December 11, 2026 at 9:58 AM",
                ]),
            isLive: false, live: nil, released: false, releaseRuleText: nil, errors: [:], backHref: "/wish-rounds")
        let html = try await PageFixtures.html(.wishRound, title: "Mother’s things", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A participant's page while the round takes wishes, counting the points left")
    func wishSheet() async throws {
        var model = Self.openSheet(points: "700")
        model.pointsText = WishRules.pointsText(given: 700)
        let html = try await PageFixtures.html(.wishSheet, title: "Mother’s things", role: nil, model) { base in
            base.household = .init(name: "The Harts")
        }
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A participant's page sent back over budget: her numbers, by the boxes, in the hub's error style")
    func wishSheetOverBudget() async throws {
        var model = Self.openSheet(points: "1150")
        model.pointsText = WishRules.pointsText(given: 1_150)
        model.overBudget = true
        model.errors = ["points": model.pointsText]
        let html = try await PageFixtures.html(.wishSheet, title: "Mother’s things", role: nil, model) { base in
            base.household = .init(name: "The Harts")
        }
        #expect(html.contains("You gave 1,150 points, 150 more than the 1,000 you have."))
        #expect(html.contains("wish-budget__count field__error"))
        assertSnapshot(of: html, as: .lines)
    }

    static func openSheet(points: String) -> WishPages.SheetPage {
        WishPages.SheetPage(
            name: "Anna Hart", organiser: "Tom Hart", roundTitle: "Mother’s things", isDraft: false, isOpen: true,
            isConfirmed: false, answered: true, closesOnText: "December 10, 2026",
            howTo: "You have 1,000 points. Give more points to the things that matter most to you.",
            budget: 1_000, usesPoints: true,
            things: [
                .init(
                    id: PageFixtures.id(1).text, title: "Mantel clock", isSet: false,
                    description: "Kept time on the mantel for three generations.", value: "$900",
                    photos: [
                        .init(url: "/api/wishes/media/\(PageFixtures.id(9).text)/display", alt: "Photo of Mantel clock")
                    ],
                    stories: [], rank: "", points: points, reason: "It ticked through every Sunday lunch.",
                    wishText: nil)
            ],
            places: ["1"], result: [], statement: nil, totals: nil, errors: [:])
    }
}
