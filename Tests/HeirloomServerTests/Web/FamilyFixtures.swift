import Foundation
import HeirloomCore

@testable import HeirloomServer

/// The Hartleys' things, as the database would give them (photos loaded), for the page snapshots.
enum FamilyFixtures {
    /// An item with fixed ids (`PageFixtures.id(number)`, its photo's media `id(number + 50)`), created on `day`.
    static func item(
        _ number: Int, _ name: String, description: String, category: ItemCategory, value: Int64?, quantity: Int = 1,
        photo: Bool = true
    ) -> Item {
        let itemID = PageFixtures.id(number)
        let item = Item()
        item.id = itemID
        item.$household.id = PageFixtures.householdID
        item.name = name
        item.description = description
        item.category = category.rawValue
        item.currencyCode = "USD"
        item.estimatedValue = value
        item.quantity = quantity
        item.disposition = .undecided
        item.createdAt = PageFixtures.day
        item.updatedAt = PageFixtures.day
        let photos = photo ? [itemPhoto(of: itemID, number: number + 50, position: 0, name: "\(number).jpg")] : []
        item.$photos.value = photos
        item.$documents.value = []
        item.$audioStories.value = []
        return item
    }

    static func itemPhoto(of itemID: UUID, number: Int, position: Int, name: String) -> ItemPhoto {
        let photo = ItemPhoto(itemID: itemID, mediaID: PageFixtures.id(number), position: position)
        photo.id = PageFixtures.id(number + 100)
        photo.$media.value = media(number, use: .photo, format: .jpeg, name: name, bytes: 480_000)
        return photo
    }

    /// A paper kept with an item: its id `id(number + 100)`, its media `id(number)`, a PDF unless named otherwise.
    static func itemDocument(
        of itemID: UUID, number: Int, name: String, title: String?, type: DocumentType, format: MediaFormat = .pdf
    ) -> ItemDocument {
        let document = ItemDocument(itemID: itemID, mediaID: PageFixtures.id(number), title: title, type: type)
        document.id = PageFixtures.id(number + 100)
        document.createdAt = PageFixtures.day
        document.$media.value = media(number, use: .document, format: format, name: name, bytes: 120_000)
        return document
    }

    static func media(_ number: Int, use: MediaUse, format: MediaFormat, name: String, bytes: Int64) -> MediaObject {
        let media = MediaObject()
        media.id = PageFixtures.id(number)
        media.$household.id = PageFixtures.householdID
        media.use = use
        media.format = format
        media.originalName = name
        media.sizeBytes = bytes
        media.sha256 = String(repeating: "a", count: 64)
        media.displaySHA256 = String(repeating: "b", count: 64)
        media.thumbnailSHA256 = String(repeating: "c", count: 64)
        media.width = 1200
        media.height = 900
        media.createdAt = PageFixtures.day
        return media
    }

    /// Grandfather's oak longcase clock, with one photo.
    static func clock() -> Item {
        let clock = item(
            1, "Grandfather’s clock", description: "Oak longcase clock, made in 1890; it still chimes the hours.",
            category: .furniture, value: 250_000)
        clock.maker = "Smith & Sons, Derby"
        clock.purchasePrice = 40_000
        clock.purchaseDate = "1968-03-21"
        return clock
    }

    /// Great-grandmother's wedding quilt.
    static func quilt() -> Item {
        item(
            2, "Wedding ring quilt", description: "Hand-stitched by Great-grandmother Ada for her wedding in 1921.",
            category: .decor, value: 60_000)
    }

    /// Twelve cups of the Sunday tea set, no photo yet.
    static func teaSet() -> Item {
        item(
            3, "Blue willow tea cups", description: "The Sunday tea set: twelve cups, two chipped.",
            category: .chinaAndCrystal, value: 1_500, quantity: 12, photo: false)
    }

    /// Grandmother's engagement ring.
    static func ring() -> Item {
        item(
            4, "Sapphire engagement ring", description: "Margaret’s mother’s ring, a sapphire between two diamonds.",
            category: .jewelry, value: 180_000)
    }
}

extension FamilyFixtures {
    /// The estate at a glance: the tea cups, eight of them in a donated set, and the ring left to a beneficiary.
    static func estateSummary() throws -> DownsizingSummaryService.Summary {
        let usd = CurrencyCode.usd
        let cups = try DownsizingLine.item(
            category: .chinaAndCrystal, each: Money(minorUnits: 1_500, currency: usd), currency: usd, quantity: 12,
            own: .undecided, memberQuantity: 8, set: Disposition(value: .donate, status: .done, note: "", amount: nil))
        let ring = try DownsizingLine.item(
            category: .jewelry, each: Money(minorUnits: 180_000, currency: usd), currency: usd, quantity: 1,
            own: Disposition(value: .legacy, status: .notStarted, note: "", amount: nil), memberQuantity: nil, set: nil)
        return DownsizingSummaryService.Summary(
            tally: try DownsizingTally(lines: [cups, ring], sets: []), totalsAvailable: true, setCount: 1,
            mostValuable: [
                .init(
                    id: PageFixtures.id(4), name: "Sapphire engagement ring", category: .jewelry, quantity: 1,
                    each: Money(minorUnits: 180_000, currency: usd),
                    total: .exact(Money(minorUnits: 180_000, currency: usd)))
            ],
            nextSteps: .init(undecidedItems: 1, itemsWithoutPhoto: 1, beneficiariesWithoutEmail: 1, lotsNotReady: 2))
    }

    /// The item left to a beneficiary, as their page and its preview show it.
    static func shownItem(
        _ item: Item, link number: Int, message: String?, status: String = "sent", showValues: Bool
    ) throws -> PassingOnPages.ShownItem {
        let link = ItemBeneficiary()
        link.id = PageFixtures.id(number)
        link.$item.id = try item.requireID()
        link.$item.value = item
        link.accessPermission = "uponPassing"
        link.personalMessage = message
        link.notificationStatus = status
        return try PassingOnPages.ShownItem(link, showValues: showValues)
    }
}
