import Fluent
import Foundation
import HeirloomCore

/// Items that belong together (a dining set, the good china, a coin collection), with their own disposition.
///
/// A set has no value of its own: its worth is that of its members' units, counted once (`DownsizingTally`).
final class ItemSet: Model, @unchecked Sendable {
    static let schema = "item_sets"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Field(key: "name") var name: String
    /// `ItemSetType.rawValue`.
    @Field(key: "set_type") var setType: String
    @Field(key: "story") var story: String
    /// Whether it should be sold as one lot rather than piece by piece.
    @Field(key: "sell_together") var sellTogether: Bool
    /// ISO 4217 code of the amount the set fetched.
    @Field(key: "currency_code") var currencyCode: String
    /// `DispositionValue.rawValue` (never legacy: a set has no beneficiary of its own).
    @Field(key: "disposition_value") var dispositionValue: String
    /// `DispositionStatus.rawValue`.
    @Field(key: "disposition_status") var dispositionStatus: String
    @Field(key: "disposition_note") var dispositionNote: String
    /// What the set fetched as a whole when done, in minor units of `currencyCode`.
    @OptionalField(key: "disposition_amount") var dispositionAmount: Int64?
    @OptionalParent(key: "created_by_id") var createdBy: User?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    @Children(for: \.$set) var members: [ItemSetMember]

    init() {}

    var currency: CurrencyCode { CurrencyCode(currencyCode) ?? .usd }
    var type: ItemSetType { ItemSetType(rawValue: setType) ?? .other }

    var disposition: Disposition {
        get {
            Disposition(
                value: DispositionValue(rawValue: dispositionValue) ?? .undecided,
                status: DispositionStatus(rawValue: dispositionStatus) ?? .notStarted,
                note: dispositionNote, amount: dispositionAmount.map { Money(minorUnits: $0, currency: currency) })
        }
        set {
            dispositionValue = newValue.value.rawValue
            dispositionStatus = newValue.status.rawValue
            dispositionNote = newValue.note
            dispositionAmount = newValue.amount?.minorUnits
        }
    }

    var draft: ItemSetDraft {
        var draft = ItemSetDraft(name: name, currency: currency)
        draft.type = type
        draft.story = story
        draft.sellTogether = sellTogether
        return draft
    }

    func apply(_ draft: ItemSetDraft) {
        name = draft.name
        setType = draft.type.rawValue
        story = draft.story
        sellTogether = draft.sellTogether
        currencyCode = draft.currency.code
    }
}

/// How many of one item belong to a set; an item is in at most one set.
final class ItemSetMember: Model, @unchecked Sendable {
    static let schema = "item_set_members"

    @ID(key: .id) var id: UUID?
    @Parent(key: "set_id") var set: ItemSet
    @Parent(key: "item_id") var item: Item
    @Field(key: "quantity") var quantity: Int
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(setID: UUID, itemID: UUID, quantity: Int) {
        self.$set.id = setID
        self.$item.id = itemID
        self.quantity = quantity
    }
}
