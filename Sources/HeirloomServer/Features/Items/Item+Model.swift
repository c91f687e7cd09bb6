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
    /// How many alike pieces the item stands for; `estimatedValue` is each, totals are each × quantity.
    @Field(key: "quantity") var quantity: Int
    /// `DispositionValue.rawValue`: what happens to it; kept in step with its beneficiary links by `LegacyRule`.
    @Field(key: "disposition_value") var dispositionValue: String
    /// `DispositionStatus.rawValue`.
    @Field(key: "disposition_status") var dispositionStatus: String
    @Field(key: "disposition_note") var dispositionNote: String
    /// What it fetched when done, in minor units of `currencyCode`.
    @OptionalField(key: "disposition_amount") var dispositionAmount: Int64?

    @Children(for: \.$item) var photos: [ItemPhoto]
    @Children(for: \.$item) var documents: [ItemDocument]
    @Children(for: \.$item) var audioStories: [ItemAudio]

    init() {}

    var currency: CurrencyCode { CurrencyCode(currencyCode) ?? .usd }

    func money(_ minorUnits: Int64?) -> Money? {
        minorUnits.map { Money(minorUnits: $0, currency: currency) }
    }

    /// What happens to the item, as stored (a stored row was checked, so unknown text reads as undecided).
    var disposition: Disposition {
        get {
            Self.disposition(
                value: dispositionValue, status: dispositionStatus, note: dispositionNote,
                amount: money(dispositionAmount))
        }
        set {
            dispositionValue = newValue.value.rawValue
            dispositionStatus = newValue.status.rawValue
            dispositionNote = newValue.note
            dispositionAmount = newValue.amount?.minorUnits
        }
    }

    /// A disposition from its stored columns (a stored row was checked, so unknown text reads as undecided).
    static func disposition(value: String, status: String, note: String, amount: Money?) -> Disposition {
        Disposition(
            value: DispositionValue(rawValue: value) ?? .undecided,
            status: DispositionStatus(rawValue: status) ?? .notStarted, note: note, amount: amount)
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
    /// The family's words for it ("Sotheby's appraisal, 2019"); nil shows the file's name.
    @OptionalField(key: "title") var title: String?
    /// `DocumentType.rawValue`; other when nobody said (and for papers kept before kinds existed).
    @Field(key: "document_type") var documentType: String

    init() {}

    init(itemID: UUID, mediaID: UUID, title: String? = nil, type: DocumentType = .other) {
        self.$item.id = itemID
        self.$media.id = mediaID
        self.title = title
        self.documentType = type.rawValue
    }

    var type: DocumentType { DocumentType(stored: documentType) }
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

extension Item: RowReadingModel {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile); rows are read without Fluent's empty
    /// models per relation (see `RowReadingModel`). ModelPropertiesTests checks the lists.
    var properties: [any AnyProperty] { rowProperties }
    var columnProperties: [any AnyDatabaseProperty] {
        [
            $id, $household, $name, $description, $category, $currencyCode, $estimatedValue, $suggestedPriceNew,
            $suggestedPriceUsed, $purchasePrice, $purchaseDate, $maker, $serialNumber, $createdBy, $createdAt,
            $updatedAt, $quantity, $dispositionValue, $dispositionStatus, $dispositionNote, $dispositionAmount,
        ]
    }
    var idRelations: [any ParentIDRelation<UUID>] { [$photos, $documents, $audioStories] }
    func output(from output: any DatabaseOutput) throws { try readRow(output) }
}

extension ItemPhoto {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] { [$id, $item, $media, $position, $createdAt] }
}

extension ItemDocument {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] { [$id, $item, $media, $createdAt, $title, $documentType] }
}

extension ItemAudio {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] { [$id, $item, $media, $title, $createdAt] }
}
