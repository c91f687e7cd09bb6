import Foundation
import HeirloomCore
import SnapshotTesting
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// What pages show, as snapshots of their models and of a few whole rendered pages. A change to a page shows
/// up as a diff of these files (Tests/HeirloomServerTests/__Snapshots__), to be read and then re-recorded
/// on purpose (`SNAPSHOT_TESTING_RECORD=all swift test --filter PageSnapshotTests`).
@Suite("Pages, as snapshots")
struct PageSnapshotTests {
    static let itemID = UUID(uuidString: "7E57AB1E-0000-4000-8000-000000000001")!
    static let photoID = UUID(uuidString: "7E57AB1E-0000-4000-8000-000000000002")!
    static let mediaID = UUID(uuidString: "7E57AB1E-0000-4000-8000-000000000003")!
    /// Midday, so the day is the same in every time zone a machine might have.
    static let day = Date(timeIntervalSince1970: 1_795_348_800)

    /// An item as the database would give it, with a photo and nothing else attached.
    static func clock(photos: Bool) -> Item {
        let item = Item()
        item.id = itemID
        item.$household.id = UUID()
        item.name = "Grandfather’s clock"
        item.description = "Oak longcase clock, made in 1890; it still chimes."
        item.category = "Furniture"
        item.currencyCode = "USD"
        item.estimatedValue = 125_000
        item.purchasePrice = 40_000
        item.purchaseDate = "1998-03-21"
        item.quantity = 1
        item.disposition = Disposition(value: .undecided, status: .notStarted, note: "", amount: nil)
        item.createdAt = day
        item.updatedAt = day
        item.quantity = 1
        item.disposition = .undecided
        let photo = ItemPhoto(itemID: itemID, mediaID: mediaID, position: 0)
        photo.id = photoID
        let media = MediaObject()
        media.id = mediaID
        media.use = .photo
        media.format = .jpeg
        media.originalName = "clock.jpg"
        media.sizeBytes = 480_000
        media.sha256 = String(repeating: "a", count: 64)
        media.width = 1200
        media.height = 900
        photo.$media.value = media
        item.$photos.value = photos ? [photo] : []
        item.$documents.value = []
        item.$audioStories.value = []
        return item
    }

    @Test("An item's page model: details in words and money, links to every action")
    func itemShowModel() throws {
        let model = try ItemPages.Show(Self.clock(photos: true), canEdit: true, days: DayText(zone: .gmt))
        assertSnapshot(of: model, as: .json)
    }

    @Test("An item's \"What happens to it\": sold, done, with the exact amount it fetched")
    func dispositionSection() {
        let sold = Disposition(
            value: .sell, status: .done, note: "To the school", amount: Money(minorUnits: 75_000, currency: .usd))
        let section = DownsizingPages.DispositionSection(
            sold, currency: .usd, action: .itemDisposition(.value(Self.itemID)), page: .item(.value(Self.itemID)),
            canEdit: true, allowLegacy: false)
        assertSnapshot(of: section, as: .json)
    }

    @Test("Home's estate at a glance: totals, legacy against the rest, decisions and next steps")
    func estateSummary() throws {
        let usd = CurrencyCode.usd
        let plates = try DownsizingLine.item(
            category: .chinaAndCrystal, each: Money(minorUnits: 1_000, currency: usd), currency: usd, quantity: 12,
            own: .undecided, memberQuantity: 8,
            set: Disposition(value: .donate, status: .done, note: "", amount: nil))
        let ring = try DownsizingLine.item(
            category: .jewelry, each: Money(minorUnits: 30_000, currency: usd), currency: usd, quantity: 1,
            own: Disposition(value: .legacy, status: .notStarted, note: "", amount: nil), memberQuantity: nil, set: nil)
        let summary = DownsizingSummaryService.Summary(
            tally: try DownsizingTally(lines: [plates, ring], sets: []), totalsAvailable: true, setCount: 1,
            mostValuable: [
                .init(
                    id: Self.itemID, name: "Ring", category: .jewelry, quantity: 1,
                    each: Money(minorUnits: 30_000, currency: usd),
                    total: .exact(Money(minorUnits: 30_000, currency: usd)))
            ],
            nextSteps: .init(undecidedItems: 1, itemsWithoutPhoto: 2, beneficiariesWithoutEmail: 0, lotsNotReady: 0))
        assertSnapshot(of: DownsizingPages.Summary(summary), as: .json)
    }

    @Test("An item's card in lists: name, category, value, thumbnail and link")
    func itemCardModel() throws {
        assertSnapshot(of: try ItemPages.Card(Self.clock(photos: true)), as: .json)
    }

    @Test("The navigation offers a viewer no beneficiaries, and marks the current section")
    func navigation() async throws {
        try await withApp { app in
            let request = Self.request(app)
            request.auth.login(Self.principal(role: .viewer))
            let base = PageBase(request: request, title: "Items", nav: .items)
            assertSnapshot(of: base.navLinks.map { "\($0.current ? "*" : " ") \($0.title) \($0.href)" }, as: .dump)
        }
    }

    @Test("The sign-in page, rendered whole")
    func loginPage() async throws {
        try await withApp { app in
            let request = Self.request(app)
            let model = AuthWebController.LoginPage(
                form: ["email": "ann@example.com"], errors: ["general": "That email and password do not match."],
                next: "/items", allowSignup: false)
            let view = try await Page.render(
                .login, base: PageBase(request: request, title: "Sign in"), model, on: request)
            assertSnapshot(of: PageFixtures.versionless(String(buffer: view.data)), as: .lines)
        }
    }

    @Test("An are-you-sure page, rendered whole for a signed-in owner")
    func confirmPage() async throws {
        try await withApp { app in
            let request = Self.request(app)
            request.auth.login(Self.principal(role: .owner))
            let model = ConfirmPage(
                heading: "Delete Grandfather’s clock?",
                consequence: "This deletes Grandfather’s clock with its details, 1 photo. It cannot be undone.",
                action: .itemDelete(.value(Self.itemID)), confirmLabel: "Delete Grandfather’s clock",
                cancel: .item(.value(Self.itemID)))
            let view = try await model.render(title: "Delete an item", nav: .items, on: request)
            assertSnapshot(of: PageFixtures.versionless(String(buffer: view.data)), as: .lines)
        }
    }

    /// A request with a fixed CSRF cookie, so pages render the same every time.
    static func request(_ app: Application) -> Request {
        let request = Request(application: app, on: app.eventLoopGroup.next())
        request.headers.cookie = [CSRF.cookieName: .init(string: String(repeating: "c", count: 43))]
        return request
    }

    static func principal(role: HouseholdRole) -> Principal {
        Principal(
            userID: UUID(), name: "Ann Smith", email: "ann@example.com", householdID: UUID(),
            householdName: "The Smiths", householdCurrency: "USD", role: role, tokenID: UUID(), tokenKind: .session,
            viaCookie: true)
    }
}
