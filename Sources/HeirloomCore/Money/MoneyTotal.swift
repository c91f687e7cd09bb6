/// A sum of amounts in one currency that never traps: the exact amount, or word that it is beyond what an exact amount
/// holds (more than 92 quadrillion dollars' worth of cents), so a page, a report or the API says so instead of failing.
///
/// This is the one way to add up and multiply money for showing: `Money.times(_:)` and `MoneyTotal.totals(_:)`.
public enum MoneyTotal: Hashable, Sendable {
    /// The sum, exactly.
    case exact(Money)
    /// Beyond the largest exact amount (below the smallest, when `negative`).
    case tooLarge(CurrencyCode, negative: Bool)

    /// The currency of the sum.
    public var currency: CurrencyCode {
        switch self {
        case .exact(let money): money.currency
        case .tooLarge(let currency, _): currency
        }
    }

    /// The exact sum; nil when it is too large.
    public var exact: Money? {
        guard case .exact(let money) = self else { return nil }
        return money
    }

    /// Whether the sum is beyond what an exact amount holds.
    public var isTooLarge: Bool { exact == nil }

    /// The exact sum, or the largest exact amount it is beyond (the smallest, when negative).
    public var bound: Money {
        switch self {
        case .exact(let money): money
        case .tooLarge(let currency, let negative): Money(minorUnits: negative ? -.max : .max, currency: currency)
        }
    }

    /// The sum as people read it: "$1,250", or "more than $92,233,720,368,547,758.07" when it is too large.
    public var displayString: String {
        switch self {
        case .exact(let money): money.displayString
        case .tooLarge(_, let negative): (negative ? "less than " : "more than ") + bound.displayString
        }
    }

    /// This sum and `other`, in the same currency; a sum too large stays too large (upwards, when the two went
    /// beyond in opposite directions and nothing is known).
    public func adding(_ other: MoneyTotal) throws(MoneyError) -> MoneyTotal {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
        switch (self, other) {
        case (.exact(let a), .exact(let b)):
            let (sum, overflow) = a.minorUnits.addingReportingOverflow(b.minorUnits)
            guard !overflow else { return .tooLarge(currency, negative: a.minorUnits < 0) }
            return .exact(Money(minorUnits: sum, currency: currency))
        case (.tooLarge(_, let a), .tooLarge(_, let b)): return .tooLarge(currency, negative: a && b)
        case (.tooLarge, .exact): return self
        case (.exact, .tooLarge): return other
        }
    }

    /// One sum per currency, sorted by currency code; never throws and never traps.
    public static func totals(_ parts: some Sequence<MoneyTotal>) -> [MoneyTotal] {
        var totals: [CurrencyCode: MoneyTotal] = [:]
        for part in parts {
            guard let total = totals[part.currency] else {
                totals[part.currency] = part
                continue
            }
            // The currencies are the same by construction, so adding cannot throw.
            totals[part.currency] = (try? total.adding(part)) ?? total
        }
        return totals.values.sorted { $0.currency < $1.currency }
    }

    /// One sum per currency of exact amounts, sorted by currency code.
    public static func totals(_ amounts: some Sequence<Money>) -> [MoneyTotal] {
        totals(amounts.lazy.map(MoneyTotal.exact))
    }
}
