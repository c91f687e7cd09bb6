import Foundation

/// An exact amount of money: an integer number of minor units (cents) in one currency, never floating point.
public struct Money: Hashable, Sendable {
    /// The currency the amount is in.
    public let currency: CurrencyCode
    /// The amount in the currency's minor units: 125000 is $1,250.00, 5000 is ¥5,000.
    public let minorUnits: Int64

    /// The largest amount of major units a person may enter (just under a quadrillion, so sums stay exact).
    public static let maximumMajorUnits: Int64 = 999_999_999_999_999

    /// An amount of `minorUnits` in `currency`; the caller vouches for it (it is not range-checked).
    public init(minorUnits: Int64, currency: CurrencyCode) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Nothing, in `currency`.
    public static func zero(_ currency: CurrencyCode) -> Money { Money(minorUnits: 0, currency: currency) }

    /// Reads a decimal string such as "1250", "1250.5", "1,250.00" or ".99" in `currency`.
    ///
    /// Thousands separators are commas in groups of three; the decimal point is a full stop. Digits after the point
    /// beyond the currency's minor units are accepted only when they are zeros ("5000.00" yen), so nothing is lost.
    public init(parsing text: String, currency: CurrencyCode) throws(MoneyError) {
        let text = text.trimmingWhitespace()
        guard !text.isEmpty else { throw .empty }
        guard let first = text.first, first != "-", first != "\u{2212}", first != "(" else { throw .negative }
        guard text.count <= 40 else { throw .tooLarge }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw .notANumber }
        let whole = try Self.wholeDigits(parts[0])
        var fraction = parts.count == 2 ? Substring(parts[1]) : ""
        if parts.count == 2 {
            guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { throw .notANumber }
        } else {
            guard !whole.isEmpty else { throw .notANumber }
        }
        let allowed = currency.minorUnitDigits
        while fraction.count > allowed, fraction.last == "0" { fraction.removeLast() }
        guard fraction.count <= allowed else { throw .tooManyDecimals(allowed: allowed) }
        let significant = whole.drop { $0 == "0" }
        guard significant.count <= 15, let major = Int64(significant.isEmpty ? "0" : significant),
            major <= Self.maximumMajorUnits
        else { throw .tooLarge }
        let paddedFraction = fraction + String(repeating: "0", count: allowed - fraction.count)
        let minor = Int64(paddedFraction.isEmpty ? "0" : paddedFraction) ?? 0
        self.init(minorUnits: major * currency.minorUnitsPerMajorUnit + minor, currency: currency)
    }

    /// Reads a decimal string as `init(parsing:currency:)` does, with an error that names the field.
    public static func parse(_ text: String, currency: CurrencyCode, field: String) throws(FieldError) -> Money {
        do {
            return try Money(parsing: text, currency: currency)
        } catch {
            throw FieldError(field: field, message: error.message)
        }
    }

    /// The digits before the decimal point, without thousands separators; empty for ".5".
    private static func wholeDigits(_ text: Substring) throws(MoneyError) -> Substring {
        guard text.contains(",") else {
            guard text.allSatisfy(\.isASCIIDigit) else { throw .notANumber }
            return text
        }
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...3).contains(groups[0].count),
            groups.dropFirst().allSatisfy({ $0.count == 3 }),
            groups.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) })
        else { throw .notANumber }
        return Substring(groups.joined())
    }

    /// The amount as the API writes it: a plain decimal with all of the currency's minor digits ("1250.00", "5000").
    public var decimalString: String {
        let (major, minor) = majorAndMinor
        let sign = minorUnits < 0 ? "-" : ""
        guard currency.minorUnitDigits > 0 else { return "\(sign)\(major)" }
        let minorDigits = String(minor)
        let padding = String(repeating: "0", count: currency.minorUnitDigits - minorDigits.count)
        return "\(sign)\(major).\(padding)\(minorDigits)"
    }

    /// The magnitude split into major and minor units.
    var majorAndMinor: (major: UInt64, minor: UInt64) {
        let factor = UInt64(currency.minorUnitsPerMajorUnit)
        let (major, minor) = minorUnits.magnitude.quotientAndRemainder(dividingBy: factor)
        return (major, minor)
    }

    /// The sum of two amounts in the same currency.
    public func adding(_ other: Money) throws(MoneyError) -> Money {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .tooLarge }
        return Money(minorUnits: sum, currency: currency)
    }

    /// One total per currency, sorted by currency code; throws `tooLarge` rather than overflow.
    public static func totals(_ amounts: some Sequence<Money>) throws(MoneyError) -> [Money] {
        var totals: [CurrencyCode: Money] = [:]
        for amount in amounts {
            totals[amount.currency] = try (totals[amount.currency] ?? .zero(amount.currency)).adding(amount)
        }
        return totals.values.sorted { $0.currency < $1.currency }
    }

    /// The amount halfway between `low` and `high`, with a half minor unit rounded up (away from zero).
    public static func midpoint(low: Money, high: Money) throws(MoneyError) -> Money {
        guard low.currency == high.currency else { throw .currencyMismatch(low.currency, high.currency) }
        let (sum, overflow) = low.minorUnits.addingReportingOverflow(high.minorUnits)
        // Only two huge amounts of the same sign overflow; halving each first keeps them inside Int64.
        let half =
            overflow
            ? low.minorUnits / 2 + high.minorUnits / 2 + (low.minorUnits % 2 + high.minorUnits % 2).signum()
            : sum / 2 + sum % 2
        return Money(minorUnits: half, currency: low.currency)
    }
}

/// Why an amount of money was refused, said so that a person can fix it.
public enum MoneyError: Error, Equatable, Sendable {
    /// Nothing was entered.
    case empty
    /// The text is not a decimal number.
    case notANumber
    /// The amount is below zero.
    case negative
    /// The amount has more digits after the point than the currency has minor units.
    case tooManyDecimals(allowed: Int)
    /// The amount, or a sum of amounts, is too large to be real.
    case tooLarge
    /// Two amounts in different currencies were combined.
    case currencyMismatch(CurrencyCode, CurrencyCode)

    /// A sentence a person understands.
    public var message: String {
        switch self {
        case .empty: "Please enter an amount."
        case .notANumber: "Please write the amount as a number, like 1250.00 or 1,250.00."
        case .negative: "The amount cannot be negative."
        case .tooManyDecimals(let allowed) where allowed == 0: "This currency has no cents; please use a whole number."
        case .tooManyDecimals(let allowed): "This currency has at most \(allowed) digits after the decimal point."
        case .tooLarge: "That amount is too large."
        case .currencyMismatch(let a, let b): "Amounts in \(a) and \(b) cannot be combined."
        }
    }
}

extension Character {
    /// Whether this is one of the digits 0 to 9.
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension Money {
    /// The amount of `count` alike pieces at this price each: exact, or marked too large when the product does not fit.
    public func times(_ count: Int) -> MoneyTotal {
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(count))
        guard !overflow else { return .tooLarge(currency, negative: (minorUnits < 0) != (count < 0)) }
        return .exact(Money(minorUnits: product, currency: currency))
    }
}
