import Foundation

/// What a person or an app sends to create or change an item: text as typed, checked by `ItemDraft`.
public struct ItemInput: Sendable, Equatable {
    public var name: String?
    public var description: String?
    public var category: String?
    public var estimatedValue: String?
    public var currencyCode: String?
    public var suggestedPriceNew: String?
    public var suggestedPriceUsed: String?
    public var purchasePrice: String?
    public var purchaseDate: String?
    public var maker: String?
    public var serialNumber: String?
    /// How many alike pieces the item stands for ("12" dinner plates), a whole number from 1.
    public var quantity: String?
    /// What happens to it; checked by the hub, which knows whether it has a beneficiary.
    public var disposition: DispositionInput?

    public init(
        name: String? = nil, description: String? = nil, category: String? = nil, estimatedValue: String? = nil,
        currencyCode: String? = nil, suggestedPriceNew: String? = nil, suggestedPriceUsed: String? = nil,
        purchasePrice: String? = nil, purchaseDate: String? = nil, maker: String? = nil, serialNumber: String? = nil,
        quantity: String? = nil, disposition: DispositionInput? = nil
    ) {
        self.name = name
        self.description = description
        self.category = category
        self.estimatedValue = estimatedValue
        self.currencyCode = currencyCode
        self.suggestedPriceNew = suggestedPriceNew
        self.suggestedPriceUsed = suggestedPriceUsed
        self.purchasePrice = purchasePrice
        self.purchaseDate = purchaseDate
        self.maker = maker
        self.serialNumber = serialNumber
        self.quantity = quantity
        self.disposition = disposition
    }
}

/// An item's fields, checked: a name, a canonical category, exact amounts in one currency, a real date.
public struct ItemDraft: Sendable, Equatable {
    public var name: String
    public var description: String
    public var category: ItemCategory
    public var currency: CurrencyCode
    public var estimatedValue: Money?
    public var suggestedPriceNew: Money?
    public var suggestedPriceUsed: Money?
    public var purchasePrice: Money?
    public var purchaseDate: String?
    /// How many alike pieces; values are each, totals are each × quantity.
    public var quantity: Int
    /// Who made it ("Wedgwood", "Omega"), for insurers; nil when unknown.
    public var maker: String?
    /// The maker's serial or model number, for insurers; nil when unknown.
    public var serialNumber: String?

    public static let maximumDescriptionLength = 20_000
    public static let maximumLabelLength = 200
    public static let maximumQuantity = 100_000

    /// Checks `input` over `base` (the item as it is, or the defaults for a new one). Absent fields keep
    /// their value; an empty string clears an optional one.
    public init(_ input: ItemInput, over base: ItemDraft) throws {
        self = base
        // Every field is checked, so a form shows all its mistakes at once.
        var checks = FieldChecks()
        if let raw = input.name {
            name = try checks.value { try AccountRules.name(raw, field: "name", what: "name for the item") } ?? name
        }
        if let raw = input.description {
            let text = raw.trimmingWhitespace()
            try checks.value {
                try TextLimit.check(
                    text, maximum: Self.maximumDescriptionLength, field: "description",
                    tooLong: "The description can be at most 20,000 characters long.")
            }
            description = text
        }
        if let raw = input.category { category = ItemCategory.normalise(raw) }
        if let raw = input.quantity { quantity = try checks.value { try Self.quantity(raw) } ?? quantity }
        if let raw = input.currencyCode {
            currency = try checks.value { try CurrencyCode.parse(raw.trimmingWhitespace().uppercased()) } ?? currency
        }
        let currency = currency
        estimatedValue =
            try checks.value {
                try Self.amount(input.estimatedValue, "estimatedValue", currency, keeping: base.estimatedValue)
            } ?? nil
        suggestedPriceNew =
            try checks.value {
                try Self.amount(input.suggestedPriceNew, "suggestedPriceNew", currency, keeping: base.suggestedPriceNew)
            } ?? nil
        suggestedPriceUsed =
            try checks.value {
                try Self.amount(
                    input.suggestedPriceUsed, "suggestedPriceUsed", currency, keeping: base.suggestedPriceUsed)
            } ?? nil
        purchasePrice =
            try checks.value {
                try Self.amount(input.purchasePrice, "purchasePrice", currency, keeping: base.purchasePrice)
            } ?? nil
        if let raw = input.purchaseDate {
            purchaseDate = try checks.value { try Self.day(raw, field: "purchaseDate") } ?? nil
        }
        if let raw = input.maker {
            maker = try checks.value { try Self.label(raw, field: "maker", what: "The maker") } ?? nil
        }
        if let raw = input.serialNumber {
            serialNumber =
                try checks.value {
                    try Self.label(raw, field: "serialNumber", what: "The serial number")
                } ?? nil
        }
        try checks.finish()
    }

    /// A short optional line of text: trimmed, at most 200 characters; empty clears it.
    private static func label(_ raw: String, field: String, what: String) throws -> String? {
        let text = raw.trimmingWhitespace()
        try TextLimit.check(
            text, maximum: maximumLabelLength, field: field, tooLong: "\(what) can be at most 200 characters long.")
        return text.isEmpty ? nil : text
    }

    /// A whole number of pieces from 1 to `maximumQuantity`.
    public static func quantity(_ raw: String) throws(FieldError) -> Int {
        guard let quantity = Int(raw.trimmingWhitespace()), (1...maximumQuantity).contains(quantity) else {
            throw FieldError(field: "quantity", message: "Please give how many there are: a whole number from 1.")
        }
        return quantity
    }

    public init(name: String, currency: CurrencyCode) {
        self.name = name
        description = ""
        category = .other
        self.currency = currency
        quantity = 1
    }

    private static func amount(_ raw: String?, _ field: String, _ currency: CurrencyCode, keeping old: Money?) throws
        -> Money?
    {
        guard let raw else {
            // Kept as the same written amount, even when the currency changes.
            return try old.map { try Money.parse($0.decimalString, currency: currency, field: field) }
        }
        let text = raw.trimmingWhitespace()
        return text.isEmpty ? nil : try Money.parse(text, currency: currency, field: field)
    }

    /// A calendar day written YYYY-MM-DD that exists (no February 30) and is not in the far future.
    public static func day(_ raw: String, field: String) throws -> String? {
        let text = raw.trimmingWhitespace()
        if text.isEmpty { return nil }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard text.count == 10, parts.count == 3, (1000...9999).contains(parts[0]),
            let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
            calendar.dateComponents([.year, .month, .day], from: date)
                == DateComponents(year: parts[0], month: parts[1], day: parts[2])
        else {
            throw FieldError(field: field, message: "Please give the date as year-month-day, like 1998-03-21.")
        }
        return text
    }
}
