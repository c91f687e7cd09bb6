import Fluent
import Foundation
import HeirloomCore

/// Something the family owns and cares about.
final class Item: Model, @unchecked Sendable {
    static let schema = "items"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Field(key: "name") var name: String
    @Field(key: "description") var description: String
    /// A canonical category name (`ItemCategory.rawValue`).
    @Field(key: "category") var category: String
    /// ISO 4217 code of every amount on the item.
    @Field(key: "currency_code") var currencyCode: String
    /// Amounts in minor units (cents) of `currencyCode`; exact, never floating point.
    @OptionalField(key: "estimated_value") var estimatedValue: Int64?
    @OptionalField(key: "suggested_price_new") var suggestedPriceNew: Int64?
    @OptionalField(key: "suggested_price_used") var suggestedPriceUsed: Int64?
    @OptionalField(key: "purchase_price") var purchasePrice: Int64?
    /// A calendar day, "YYYY-MM-DD".
    @OptionalField(key: "purchase_date") var purchaseDate: String?
    /// Who made it, for insurers.
    @OptionalField(key: "maker") var maker: String?
    @OptionalField(key: "serial_number") var serialNumber: String?
    @OptionalParent(key: "created_by_id") var createdBy: User?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    @Children(for: \.$item) var photos: [ItemPhoto]
    @Children(for: \.$item) var documents: [ItemDocument]
    @Children(for: \.$item) var audioStories: [ItemAudio]

    init() {}

    var currency: CurrencyCode { CurrencyCode(currencyCode) ?? .usd }

    func money(_ minorUnits: Int64?) -> Money? {
        minorUnits.map { Money(minorUnits: $0, currency: currency) }
    }
}

/// A photo of an item; the lowest position is the primary photo.
final class ItemPhoto: Model, @unchecked Sendable {
    static let schema = "item_photos"

    @ID(key: .id) var id: UUID?
    @Parent(key: "item_id") var item: Item
    @Parent(key: "media_id") var media: MediaObject
    @Field(key: "position") var position: Int
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(itemID: UUID, mediaID: UUID, position: Int) {
        self.$item.id = itemID
        self.$media.id = mediaID
        self.position = position
    }
}

/// An appraisal, receipt or warranty kept with an item.
final class ItemDocument: Model, @unchecked Sendable {
    static let schema = "item_documents"

    @ID(key: .id) var id: UUID?
    @Parent(key: "item_id") var item: Item
    @Parent(key: "media_id") var media: MediaObject
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(itemID: UUID, mediaID: UUID) {
        self.$item.id = itemID
        self.$media.id = mediaID
    }
}

/// A recorded story about an item.
final class ItemAudio: Model, @unchecked Sendable {
    static let schema = "item_audio"

    @ID(key: .id) var id: UUID?
    @Parent(key: "item_id") var item: Item
    @Parent(key: "media_id") var media: MediaObject
    @Field(key: "title") var title: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(itemID: UUID, mediaID: UUID, title: String) {
        self.$item.id = itemID
        self.$media.id = mediaID
        self.title = title
    }
}
