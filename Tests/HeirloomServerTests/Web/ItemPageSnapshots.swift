import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The item pages, rendered whole from fixture models. `items/show` also covers the partials it includes:
/// `appraisal/panel` (the AI appraisal section) and `downsizing/disposition` ("What happens to it").
@Suite("Item pages, as snapshots")
struct ItemPageSnapshots {
    @Test("Items: the treasure chest grouped by category, with totals and cards")
    func itemsIndex() async throws {
        let clock = try ItemPages.Card(FamilyFixtures.clock())
        let quilt = try ItemPages.Card(FamilyFixtures.quilt())
        let cups = try ItemPages.Card(FamilyFixtures.teaSet())
        let model = ItemPages.Index(
            query: "", category: "", sort: "newest", categories: ItemCategory.allCases.map(\.rawValue), canEdit: true,
            isSearching: false,
            groups: [
                .init(
                    name: "Furniture", count: 1, totals: ["$2,500.00"], items: [clock],
                    href: "/items?category=Furniture"),
                .init(name: "Decor", count: 1, totals: ["$600.00"], items: [quilt], href: "/items?category=Decor"),
                .init(
                    name: "China & Crystal", count: 1, totals: ["$180.00"], items: [cups],
                    href: "/items?category=China%20%26%20Crystal"),
            ], results: [], totalCount: 3)
        let html = try await PageFixtures.html(.itemsIndex, title: "Items", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Items: a search, one page of results with a link to the next")
    func itemsSearch() async throws {
        let model = ItemPages.Index(
            query: "clock", category: "", sort: "name", categories: ItemCategory.allCases.map(\.rawValue),
            canEdit: false, isSearching: true, groups: [], results: [try ItemPages.Card(FamilyFixtures.clock())],
            nextHref: "/items?q=clock&category=&sort=name&offset=30", totalCount: 3)
        let html = try await PageFixtures.html(.itemsIndex, title: "Items", nav: .items, role: .viewer, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Edit an item: the form as typed, with the amount it refused")
    func itemForm() async throws {
        let page = SiteURL.item(.value(PageFixtures.id(1))).path
        let model = ItemPages.Form(
            mode: "edit", action: page, cancelHref: page,
            form: [
                "name": "Grandfather’s clock", "description": "Oak longcase clock, made in 1890.",
                "category": "Furniture", "estimatedValue": "two thousand", "currencyCode": "USD",
                "suggestedPriceNew": "", "suggestedPriceUsed": "", "purchasePrice": "400.00",
                "purchaseDate": "1968-03-21", "maker": "Smith & Sons, Derby", "serialNumber": "", "quantity": "1",
            ],
            errors: ["estimatedValue": "The estimated value must be an amount, like 1250.00."],
            categories: ItemCategory.allCases.map(\.rawValue), currencies: ItemPages.currencies)
        let html = try await PageFixtures.html(.itemForm, title: "Edit Grandfather’s clock", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("An item: details, photos, a document, a story, who receives it, its appraisal and what happens to it")
    func itemShow() async throws {
        let clock = FamilyFixtures.clock()
        clock.$photos.value = [
            FamilyFixtures.itemPhoto(of: PageFixtures.id(1), number: 51, position: 0, name: "clock-front.jpg"),
            FamilyFixtures.itemPhoto(of: PageFixtures.id(1), number: 52, position: 1, name: "clock-face.jpg"),
        ]
        var model = try ItemPages.Show(clock, canEdit: true, days: PageFixtures.days)
        let documents = "/items/\(PageFixtures.id(1).text)/documents"
        model.documents = [
            .init(
                id: PageFixtures.id(60).text, name: "Valuation by Hartley & Sons, 1998",
                fileName: "clock-valuation-1998.pdf", kind: "Appraisal",
                label: "clock-valuation-1998.pdf · PDF · 120 KB",
                url: "/media/\(PageFixtures.id(61).text)/original",
                downloadUrl: "/media/\(PageFixtures.id(61).text)/original?download=true",
                editHref: "\(documents)/\(PageFixtures.id(60).text)/edit",
                deleteHref: "\(documents)/\(PageFixtures.id(60).text)/delete", thumbnailUrl: nil),
            .init(
                id: PageFixtures.id(62).text, name: "IMG_2211.jpg", fileName: "IMG_2211.jpg", kind: "",
                label: "JPEG · 2.1 MB", url: "/media/\(PageFixtures.id(63).text)/original",
                downloadUrl: "/media/\(PageFixtures.id(63).text)/original?download=true",
                editHref: "\(documents)/\(PageFixtures.id(62).text)/edit",
                deleteHref: "\(documents)/\(PageFixtures.id(62).text)/delete",
                thumbnailUrl: "/media/\(PageFixtures.id(63).text)/thumbnail"),
        ]
        model.audioStories = [
            .init(
                id: PageFixtures.id(70).text, title: "How Grandpa wound it every Sunday", duration: "2:05",
                date: "November 22, 2026", url: "/media/\(PageFixtures.id(71).text)/play",
                renameAction: "/items/\(PageFixtures.id(1).text)/audio/\(PageFixtures.id(70).text)",
                deleteHref: "/items/\(PageFixtures.id(1).text)/audio/\(PageFixtures.id(70).text)/delete",
                waveform: [0.1, 0.4, 0.8, 0.5, 0.2],
                transcript: TranscriptPages.block(
                    TranscriptRecord(
                        id: PageFixtures.id(72), state: .done,
                        text: "Grandpa wound it every Sunday. After church.",
                        machineText: "Grandpa wound it every Sunday. After church.",
                        segments: [
                            .init(start: 0, end: 2.4, text: "Grandpa wound it every Sunday."),
                            .init(start: 3.1, end: 4, text: "After church."),
                        ],
                        engine: "offline", edited: false),
                    canCorrect: true, days: DayText(zone: TimeZone(identifier: "UTC")!),
                    back: "/items/\(PageFixtures.id(1).text)", csrf: "csrf-token"))
        ]
        model.beneficiaries = BeneficiaryPages.ItemSection(
            links: [
                .init(
                    id: PageFixtures.id(80).text, name: "Thomas Hartley", relationship: "Son",
                    rule: "Upon Margaret Hartley’s passing",
                    message: "It kept time for three generations; keep it wound.",
                    beneficiaryHref: "/beneficiaries/\(PageFixtures.id(20).text)",
                    editHref: "/items/\(PageFixtures.id(1).text)/beneficiaries/\(PageFixtures.id(80).text)/edit",
                    removeHref: "/items/\(PageFixtures.id(1).text)/beneficiaries/\(PageFixtures.id(80).text)/delete",
                    fromContacts: false, noEmail: true)
            ],
            uponPassing: "Upon Margaret Hartley’s passing",
            choices: [.init(id: PageFixtures.id(21).text, label: "Emily Hartley (Granddaughter)")],
            addAction: SiteURL.itemBeneficiaries(.value(PageFixtures.id(1))).path,
            relationships: BeneficiaryPages.relationships)
        model.appraisal = AppraisalPages.Panel(
            itemID: PageFixtures.id(1).text, canEdit: true, hasPhoto: true, offline: false,
            providerLabel: "Google Gemini (gemini-2.5-flash)",
            analyseAction: SiteURL.itemAppraisal(.value(PageFixtures.id(1))).path,
            notesAction: SiteURL.itemAppraisalNotes(.value(PageFixtures.id(1))).path,
            editHref: SiteURL.itemEdit(.value(PageFixtures.id(1))).path,
            userNotes: "The pendulum was replaced in 1975.",
            snapshot: .init(
                range: "$2,000.00 – $3,000.00", confidence: "fairly sure", valuedOn: "November 22, 2026",
                by: "Google Gemini (gemini-2.5-flash)", aiNotes: "Victorian oak case; the movement looks original.",
                sources: "Auction records, maker's mark"))
        var disposition = DownsizingPages.DispositionSection(
            Disposition(value: .legacy, status: .inProgress, note: "Thomas collects it at Easter", amount: nil),
            currency: .usd, action: .itemDisposition(.value(PageFixtures.id(1))),
            page: .item(.value(PageFixtures.id(1))),
            canEdit: true, allowLegacy: true)
        disposition.setName = "Hall furniture"
        disposition.setHref = "/sets/\(PageFixtures.id(30).text)"
        model.disposition = disposition
        let html = try await PageFixtures.html(.itemShow, title: clock.name, nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("An item as a viewer sees it: no editing, no beneficiaries, a sold disposition")
    func itemShowForViewer() async throws {
        var model = try ItemPages.Show(FamilyFixtures.quilt(), canEdit: false, days: PageFixtures.days)
        model.disposition = DownsizingPages.DispositionSection(
            Disposition(
                value: .sell, status: .done, note: "To the museum shop",
                amount: Money(minorUnits: 72_500, currency: .usd)),
            currency: .usd, action: .itemDisposition(.value(PageFixtures.id(2))),
            page: .item(.value(PageFixtures.id(2))),
            canEdit: false, allowLegacy: false)
        let html = try await PageFixtures.html(
            .itemShow, title: "Wedding ring quilt", nav: .items, role: .viewer, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("One photo of an item, full size, with the way to the next")
    func itemPhoto() async throws {
        let itemID = PageFixtures.id(1)
        let model = ItemPages.PhotoView(
            item: .init(id: itemID.text, name: "Grandfather’s clock", href: SiteURL.item(.value(itemID)).path),
            photo: .init(
                displayUrl: SiteURL.apiMedia(.value(PageFixtures.id(51)), .value(.display)).path,
                originalUrl: SiteURL.apiMedia(.value(PageFixtures.id(51)), .value(.original)).path,
                alt: "Photo 1 of Grandfather’s clock", width: 1200, height: 900),
            prevHref: nil, nextHref: SiteURL.itemPhoto(.value(itemID), .value(PageFixtures.id(152))).path,
            position: "1 of 2")
        let html = try await PageFixtures.html(.itemPhoto, title: "Grandfather’s clock", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("What is this document? The form with the kind chosen and a title it refused")
    func itemDocumentForm() async throws {
        let clock = FamilyFixtures.clock()
        let document = FamilyFixtures.itemDocument(
            of: PageFixtures.id(1), number: 60, name: "clock-valuation-1998.pdf", title: nil, type: .other)
        let model = try ItemPages.documentForm(
            document, of: clock,
            values: ["title": String(repeating: "Valuation ", count: 21), "documentType": "appraisal"],
            errors: ["title": "The title can be at most 200 characters long."])
        let html = try await PageFixtures.html(.itemDocumentForm, title: "Change a document", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }
}
