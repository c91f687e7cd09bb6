import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The downsizing pages (sets), rendered whole from fixture models. `downsizing/set` also covers the
/// `downsizing/disposition` partial ("What happens to it").
@Suite("Downsizing pages, as snapshots")
struct DownsizingPageSnapshots {
    static let setID = PageFixtures.id(30)

    /// The set types as the controller offers them, `selected` ticked.
    static func types(selected: ItemSetType) -> [DownsizingPages.Option] {
        ItemSetType.allCases.map { .init(value: $0.rawValue, label: $0.displayName, selected: $0 == selected) }
    }

    @Test("Sets: the household's sets with their value and decision, and the form for a new one")
    func setsIndex() async throws {
        let model = DownsizingPages.SetsIndex(
            sets: [
                .init(
                    name: "Blue willow tea set", href: SiteURL.set(.value(Self.setID)).path,
                    type: ItemSetType.tableware.displayName, memberCount: 2, value: ["$430.00"],
                    disposition: "Donate", status: "Done"),
                .init(
                    name: "Hall furniture", href: SiteURL.set(.value(PageFixtures.id(31))).path,
                    type: ItemSetType.furniture.displayName, memberCount: 1, value: ["$2,500.00"],
                    disposition: "Not decided yet", status: "Not started"),
            ], canEdit: true, types: Self.types(selected: .other), form: ["name": "", "type": "other"], errors: [:])
        let html = try await PageFixtures.html(.setsIndex, title: "Sets", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Decide several at once: two ticked, the choice missing, said beside it")
    func itemsDecide() async throws {
        let rows = [
            ("Mantel clock", "Furniture", true), ("Pearl necklace", "Jewelry", false), ("Tea chest", "Other", true),
        ]
        .enumerated().map { index, row in
            DownsizingPages.DecisionRow(
                id: PageFixtures.id(40 + index).uuidString, name: row.0, category: row.1, now: "Not decided yet",
                href: SiteURL.item(.value(PageFixtures.id(40 + index))).path, ticked: row.2)
        }
        let model = DownsizingPages.Decide(
            rows: rows, more: false, showAll: false,
            choices: DispositionValue.allCases.map {
                .init(value: $0.rawValue, label: $0.displayName, selected: false)
            },
            undecidedHref: SiteURL.itemsDecide.path, allHref: SiteURL.itemsDecide.path + "?show=all",
            itemsError: nil, valueError: "Please choose what happens to them.")
        let html = try await PageFixtures.html(.itemsDecide, title: "Decide several at once", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A set: its members, its value and what happens to it")
    func setShow() async throws {
        let model = DownsizingPages.SetShow(
            id: Self.setID.text, name: "Blue willow tea set", type: ItemSetType.tableware.displayName,
            story: "Grandmother Margaret's Sunday tea set, used every week from 1952.", sellTogether: true,
            value: ["$430.00"],
            members: [
                .init(
                    name: "Blue willow tea cups", href: SiteURL.item(.value(PageFixtures.id(3))).path, quantity: 8,
                    itemQuantity: 12, each: "$15.00",
                    removeAction: SiteURL.setMemberRemove(.value(Self.setID), .value(PageFixtures.id(3))).path),
                .init(
                    name: "Blue willow teapot", href: SiteURL.item(.value(PageFixtures.id(5))).path, quantity: 1,
                    itemQuantity: 1, each: "$310.00",
                    removeAction: SiteURL.setMemberRemove(.value(Self.setID), .value(PageFixtures.id(5))).path),
            ], showsValues: true, canEdit: true,
            disposition: .init(
                Disposition(value: .donate, status: .inProgress, note: "To the church bazaar in May", amount: nil),
                currency: .usd, action: .setDisposition(.value(Self.setID)), page: .set(.value(Self.setID)),
                canEdit: true, allowLegacy: false),
            types: Self.types(selected: .tableware), updateAction: SiteURL.set(.value(Self.setID)).path,
            addAction: SiteURL.setMembers(.value(Self.setID)).path,
            deleteHref: SiteURL.setDelete(.value(Self.setID)).path,
            choices: [.init(value: PageFixtures.id(2).text, label: "Wedding ring quilt", selected: false)],
            errors: [:])
        let html = try await PageFixtures.html(.setShow, title: "Blue willow tea set", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }
}
