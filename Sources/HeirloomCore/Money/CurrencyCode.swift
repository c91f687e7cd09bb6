import Foundation

/// An active ISO 4217 currency code with the number of digits after its decimal point.
public struct CurrencyCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The three upper-case letters, such as "USD".
    public let code: String
    /// How many minor-unit digits the currency has: 2 for USD, 0 for JPY, 3 for KWD.
    public let minorUnitDigits: Int

    /// The code for `raw` (trimmed, any case), or nil when it is not an active ISO 4217 code.
    public init?(_ raw: String) {
        let code = raw.trimmingWhitespace().uppercased()
        guard let digits = Self.minorUnitDigitsByCode[code] else { return nil }
        self.code = code
        self.minorUnitDigits = digits
    }

    /// The code for `raw`, or an error that names the field for a code that is not an active ISO 4217 code.
    public static func parse(_ raw: String, field: String = "currencyCode") throws(FieldError) -> CurrencyCode {
        guard let currency = CurrencyCode(raw) else {
            throw FieldError(
                field: field,
                message: "That is not a currency code we know. Please use a three-letter code such as USD, EUR or GBP.")
        }
        return currency
    }

    /// How many minor units make one major unit (100 for USD, 1 for JPY, 1000 for KWD).
    public var minorUnitsPerMajorUnit: Int64 {
        var factor: Int64 = 1
        for _ in 0..<minorUnitDigits { factor *= 10 }
        return factor
    }

    public var description: String { code }

    public static func < (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool { lhs.code < rhs.code }

    /// The US dollar, the household's default currency.
    public static let usd = CurrencyCode("USD")!
    /// The euro.
    public static let eur = CurrencyCode("EUR")!
    /// The pound sterling.
    public static let gbp = CurrencyCode("GBP")!
    /// The Japanese yen, which has no minor unit.
    public static let jpy = CurrencyCode("JPY")!

    /// Every active code, sorted by code.
    public static let all: [CurrencyCode] = minorUnitDigitsByCode.keys.sorted().compactMap { CurrencyCode($0) }
}
