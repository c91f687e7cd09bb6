import Foundation
import HeirloomCore
import SQLKit

/// An item and its files as plain values, as the API and the pages show them.
///
/// List pages read these straight from rows: a Fluent `Item` is some twenty property objects, each made, read
/// through unspecialised generic code and freed again, and `make bench-api`'s profile of the item page had a
/// third of its time there. Single items are still read and written as models, and shown through `init(_:)`.
struct ItemRecord: Sendable {
    struct Photo: Sendable {
        var id: UUID
        var position: Int
        var media: MediaRecord
    }

    struct Document: Sendable {
        var id: UUID
        var createdAt: Date?
        var title: String?
        var type: DocumentType
        var media: MediaRecord
    }

    struct Story: Sendable {
        var id: UUID
        var title: String
        var createdAt: Date?
        var media: MediaRecord
    }

    var id: UUID
    var name: String
    var description: String
    var category: String
    var currencyCode: String
    var estimatedValue: Int64?
    var suggestedPriceNew: Int64?
    var suggestedPriceUsed: Int64?
    var purchasePrice: Int64?
    var purchaseDate: String?
    var maker: String?
    var serialNumber: String?
    var createdAt: Date?
    var updatedAt: Date?
    var quantity: Int
    var disposition: Disposition
    /// In the order they are shown: photos by position, documents and stories oldest first.
    var photos: [Photo] = []
    var documents: [Document] = []
    var stories: [Story] = []

    var currency: CurrencyCode { CurrencyCode(currencyCode) ?? .usd }

    func money(_ minorUnits: Int64?) -> Money? {
        minorUnits.map { Money(minorUnits: $0, currency: currency) }
    }

    /// The item as loaded with its files (`ItemService.withMedia`).
    init(_ item: Item) throws {
        id = try item.requireID()
        name = item.name
        description = item.description
        category = item.category
        currencyCode = item.currencyCode
        estimatedValue = item.estimatedValue
        suggestedPriceNew = item.suggestedPriceNew
        suggestedPriceUsed = item.suggestedPriceUsed
        purchasePrice = item.purchasePrice
        purchaseDate = item.purchaseDate
        maker = item.maker
        serialNumber = item.serialNumber
        createdAt = item.createdAt
        updatedAt = item.updatedAt
        quantity = item.quantity
        disposition = item.disposition
        photos = try (item.$photos.value ?? []).map(Photo.init)
        documents = try (item.$documents.value ?? []).map(Document.init)
        stories = try (item.$audioStories.value ?? []).map(Story.init)
        sortFiles()
    }

    /// Reads a row of `items` (selected as `*`).
    init(row: any SQLRow) throws {
        id = try row.uuid("id")
        name = try row.decode(column: "name", as: String.self)
        description = try row.decode(column: "description", as: String.self)
        category = try row.decode(column: "category", as: String.self)
        currencyCode = try row.decode(column: "currency_code", as: String.self)
        estimatedValue = try row.decodeIfPresent(column: "estimated_value", as: Int64.self)
        suggestedPriceNew = try row.decodeIfPresent(column: "suggested_price_new", as: Int64.self)
        suggestedPriceUsed = try row.decodeIfPresent(column: "suggested_price_used", as: Int64.self)
        purchasePrice = try row.decodeIfPresent(column: "purchase_price", as: Int64.self)
        purchaseDate = try row.decodeIfPresent(column: "purchase_date", as: String.self)
        maker = try row.decodeIfPresent(column: "maker", as: String.self)
        serialNumber = try row.decodeIfPresent(column: "serial_number", as: String.self)
        createdAt = try row.decodeIfPresent(column: "created_at", as: Date.self)
        updatedAt = try row.decodeIfPresent(column: "updated_at", as: Date.self)
        quantity = try row.decode(column: "quantity", as: Int.self)
        let currency = CurrencyCode(currencyCode) ?? .usd
        disposition = Item.disposition(
            value: try row.decode(column: "disposition_value", as: String.self),
            status: try row.decode(column: "disposition_status", as: String.self),
            note: try row.decode(column: "disposition_note", as: String.self),
            amount: try row.decodeIfPresent(column: "disposition_amount", as: Int64.self).map {
                Money(minorUnits: $0, currency: currency)
            })
    }

    mutating func sortFiles() {
        photos.sort { $0.position < $1.position }
        documents.sort { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) }
        stories.sort { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) }
    }
}

extension ItemRecord.Photo {
    /// A photo loaded with its media.
    init(_ photo: ItemPhoto) throws {
        self.init(id: try photo.requireID(), position: photo.position, media: try MediaRecord(photo.media))
    }
}

extension ItemRecord.Document {
    /// A document loaded with its media.
    init(_ document: ItemDocument) throws {
        self.init(
            id: try document.requireID(), createdAt: document.createdAt, title: document.title, type: document.type,
            media: try MediaRecord(document.media))
    }
}

extension ItemRecord.Story {
    /// A story loaded with its media.
    init(_ story: ItemAudio) throws {
        self.init(
            id: try story.requireID(), title: story.title, createdAt: story.createdAt,
            media: try MediaRecord(story.media))
    }
}
