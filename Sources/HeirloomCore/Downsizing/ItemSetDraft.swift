import Foundation

/// The kind of group a set is.
public enum ItemSetType: String, Codable, CaseIterable, Sendable {
    case collection, furniture, tableware, wardrobe, pair, other

    /// The kind as people read it.
    public var displayName: String {
        switch self {
        case .collection: "Collection"
        case .furniture: "Furniture set"
        case .tableware: "China, silver or glass service"
        case .wardrobe: "Clothes"
        case .pair: "Pair"
        case .other: "Other"
        }
    }
}

/// What a person or an app sends to create or change a set: text as typed, checked by `ItemSetDraft`.
public struct ItemSetInput: Sendable, Equatable {
    public var name: String?
    public var type: String?
    public var story: String?
    public var sellTogether: Bool?
    public var currencyCode: String?

    public init(
        name: String? = nil, type: String? = nil, story: String? = nil, sellTogether: Bool? = nil,
        currencyCode: String? = nil
    ) {
        self.name = name
        self.type = type
        self.story = story
        self.sellTogether = sellTogether
        self.currencyCode = currencyCode
    }
}

/// A set's own fields, checked: a name, a kind, its story, and whether it should be sold as one.
public struct ItemSetDraft: Sendable, Equatable {
    public var name: String
    public var type: ItemSetType
    public var story: String
    public var sellTogether: Bool
    /// The currency of the amount the set fetched.
    public var currency: CurrencyCode

    public static let maximumStoryLength = 20_000
    /// More members than this is not a set but a house.
    public static let maximumMembers = 500

    public init(name: String, currency: CurrencyCode) {
        self.name = name
        type = .other
        story = ""
        sellTogether = true
        self.currency = currency
    }

    /// Checks `input` over `base`; absent fields keep their value.
    public init(_ input: ItemSetInput, over base: ItemSetDraft) throws {
        self = base
        if let raw = input.name { name = try AccountRules.name(raw, field: "name", what: "name for the set") }
        if let raw = input.type {
            guard let type = ItemSetType(rawValue: raw.trimmingWhitespace()) else {
                let names = ItemSetType.allCases.map(\.rawValue).joined(separator: ", ")
                throw FieldError(field: "type", message: "Please choose one of: \(names).")
            }
            self.type = type
        }
        if let raw = input.story {
            let text = raw.trimmingWhitespace()
            try TextLimit.check(
                text, maximum: Self.maximumStoryLength, field: "story",
                tooLong: "The story can be at most 20,000 characters long.")
            story = text
        }
        if let value = input.sellTogether { sellTogether = value }
        if let raw = input.currencyCode { currency = try CurrencyCode.parse(raw.trimmingWhitespace().uppercased()) }
    }

    /// Checks how many of an item belong in a set: at least one, at most as many as the item has.
    public static func memberQuantity(_ quantity: Int, itemQuantity: Int, field: String = "members") throws -> Int {
        guard quantity >= 1 else {
            throw FieldError(field: field, message: "A member of a set counts at least one.")
        }
        guard quantity <= itemQuantity else {
            throw FieldError(
                field: field, message: "The set cannot hold more of an item than there are (\(itemQuantity)).")
        }
        return quantity
    }
}

/// How an item's units divide between a set and the rest.
public enum SetUnits {
    /// Of an item with `itemQuantity` units, how many are in its set (none when `memberQuantity` is nil) and how many
    /// stand alone. A member quantity larger than the item (the item was counted down later) holds all of it.
    public static func split(itemQuantity: Int, memberQuantity: Int?) -> (loose: Int, inSet: Int) {
        let total = max(0, itemQuantity)
        let inSet = min(total, max(0, memberQuantity ?? 0))
        return (total - inSet, inSet)
    }

    /// The disposition that applies to an item's units in a set: the item's own choice when it has made one,
    /// otherwise the set's. A member with a beneficiary stays legacy whatever the set does.
    public static func disposition(own: Disposition, set: Disposition) -> Disposition {
        own.value == .undecided ? set : own
    }
}
