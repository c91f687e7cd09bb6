import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The sales pages and a thing's "How to part with it" brief, rendered whole from fixture models.
@Suite("Sale pages, as snapshots")
struct SalePageSnapshots {
    static let saleID = PageFixtures.id(400)
    static let lotID = PageFixtures.id(401)

    @Test("Sales: the estate sale with its lots, and the form for a new sale")
    func salesIndex() async throws {
        let model = SaleWebController.IndexPage(
            sales: [
                .init(
                    href: SiteURL.sale(.value(Self.saleID)).path, title: "Estate sale",
                    when: "Saturday, May 16, 2026", venue: "Hill Farm, Derbyshire", lotCount: 2, readyLotCount: 1,
                    target: "$300")
            ], canEdit: true,
            kinds: SaleKind.allCases.map { .init(value: $0.rawValue, label: $0.displayName) },
            form: .init(kind: SaleKind.estateSale.rawValue), errors: [:])
        let html = try await PageFixtures.html(.salesIndex, title: "Sales", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A sale: its lots, what can still go in one, and the lot form sent back")
    func saleShow() async throws {
        let model = SaleWebController.ShowPage(
            title: "Estate sale", kind: SaleKind.estateSale.displayName, when: "Saturday, May 16, 2026",
            venue: "Hill Farm, Derbyshire", notes: "Park in the lower field.",
            lots: [
                .init(
                    href: SiteURL.lot(.value(Self.lotID)).path, number: 1, title: "Blue willow tea set",
                    place: "Dining room, ground floor", target: "$300 (12 × $25)", doneCount: 4, ready: true),
                .init(
                    href: SiteURL.lot(.value(PageFixtures.id(402))).path, number: 2, title: "Hall table", place: nil,
                    target: nil, doneCount: 1, ready: false),
            ], readyCount: 1, total: "$300", canEdit: true, lotsAction: SiteURL.saleLots(.value(Self.saleID)).path,
            page: SiteURL.sale(.value(Self.saleID)).path,
            labelsHref: SiteURL.apiSaleLabels(.value(Self.saleID)).path,
            items: [.init(id: PageFixtures.id(2).text, name: "Wedding ring quilt")],
            sets: [.init(id: "set:" + PageFixtures.id(31).text, name: "Hall furniture")],
            form: .init(itemId: "", title: "", room: "Attic", floor: "", targetPrice: "lots"),
            errors: ["itemId": "Please choose an item or a set for the lot."],
            deleteHref: SiteURL.saleDelete(.value(Self.saleID)).path)
        let html = try await PageFixtures.html(.saleShow, title: "Estate sale", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A lot: its things and its checklist, two steps ticked")
    func lotShow() async throws {
        let done: Set<LotStep> = [.prepared, .documented]
        let model = SaleWebController.LotPage(
            saleHref: SiteURL.sale(.value(Self.saleID)).path, saleTitle: "Estate sale", number: 2,
            title: "Dinner plates", room: "Hall", floor: "Ground floor", target: "$300 (12 × $25)",
            members: [.init(id: SiteURL.item(.value(PageFixtures.id(6))).path, name: "Dinner plates")],
            steps: LotStep.allCases.map { step in
                .init(
                    name: step.displayName, lowerName: step.displayName.lowercased(), field: step.rawValue,
                    hint: step.hint, done: done.contains(step),
                    who: done.contains(step) ? "Ticked by Thomas Hartley on November 22, 2026" : nil,
                    canTick: step != .ready)
            }, ready: false, canEdit: true, action: SiteURL.lot(.value(PageFixtures.id(402))).path, errors: [:],
            deleteHref: SiteURL.lotDelete(.value(PageFixtures.id(402))).path,
            emptyHref: SiteURL.lotEmpty(.value(PageFixtures.id(402))).path)
        let html = try await PageFixtures.html(.lotShow, title: "Lot 2: Dinner plates", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Everything undecided: what will be added, and what stays out because it is promised")
    func saleFromUndecided() async throws {
        let model = SaleWebController.UndecidedPage(
            adds: ["Brass lamp", "The good china (the whole set)"], confirmLabel: "Add the sale with these 2 things",
            leftOut: [
                .init(name: "Pearls", href: SiteURL.item(.value(PageFixtures.id(3))).path, reason: "Left to Lily"),
                .init(
                    name: "Jewellery box", href: SiteURL.set(.value(PageFixtures.id(32))).path,
                    reason: "Holds Locket, which is left to Tom"),
            ],
            form: .init(kind: SaleKind.estateSale.rawValue, date: "2026-12-05", venue: "12 Elm Street", confirm: "yes"),
            action: SiteURL.salesFromUndecided.path, backHref: SiteURL.sales.path)
        let html = try await PageFixtures.html(.saleFromUndecided, title: "Everything undecided", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("How to part with the clock: the paths, the one recommended, partners and the plan under way")
    func liquidationShow() async throws {
        let itemID = PageFixtures.id(1)
        let urls = LiquidationURLs.item(itemID)
        var model = try LiquidationPage(
            kind: "item", title: "Grandfather’s clock", backHref: SiteURL.item(.value(itemID)).path, canEdit: true,
            urls: urls, view: nil, days: PageFixtures.days)
        model.hasBrief = true
        model.madeLine = "Made on November 22, 2026 by Margaret Hartley by the AI adviser"
        model.reasoning = "Longcase clocks sell best at a specialist auction; a dealer pays less but takes it away."
        model.recommendedLabel = "Auction"
        model.paths = [
            .init(
                value: "auction", label: "Auction", effort: LiquidationPage.effortName(.medium), time: "6 to 10 weeks",
                proceeds: "$1,800.00 – $2,400.00", risksText: "It may not sell. The buyer's premium lowers bids",
                logistics: "The auction house collects it.", recommended: true, chosen: true, choosable: true),
            .init(
                value: "dealer", label: "Sell to a dealer", effort: LiquidationPage.effortName(.low), time: "1 week",
                proceeds: "about $1,200.00", risksText: "", logistics: nil, recommended: false, chosen: false,
                choosable: true),
        ]
        model.missing = ["Whether the movement has been serviced"]
        model.assumptions = ["The case is original"]
        model.partners = [
            .init(
                name: "Derby Auction Rooms", type: "Auction house", contact: ["+44 1332 000000"],
                reasons: "Sells clocks; near you", questions: ["What is your commission?"])
        ]
        model.plan = .init(
            chosenLabel: "Auction", madeLine: "Made on November 22, 2026 by Margaret Hartley", done: false,
            doneCount: 1, total: 2,
            steps: [
                .init(
                    id: PageFixtures.id(410).text, order: 0, text: "Ask Derby Auction Rooms for a valuation",
                    done: true,
                    doneLine: "Done by Thomas Hartley on November 22, 2026", note: "They can take it in March.",
                    action: urls.step(PageFixtures.id(410)).path),
                .init(
                    id: PageFixtures.id(411).text, order: 1, text: "Book the collection", done: false, doneLine: nil,
                    note: nil, action: urls.step(PageFixtures.id(411)).path),
            ])
        let html = try await PageFixtures.html(
            .liquidationShow, title: "How to part with Grandfather’s clock", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }
}
