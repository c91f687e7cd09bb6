extension Money {
    /// The amount as people read it: "$1,250", "€800", "£12.50", "¥5,000", "CHF 40".
    ///
    /// The rule: the currency's symbol (or its code and a space when the symbol would be ambiguous or unknown),
    /// whole units grouped by commas, and the minor digits only when they are not all zero. The same rule
    /// serves every currency, so a page never mixes styles.
    public var displayString: String {
        let (major, minor) = majorAndMinor
        var text = Self.grouped(major)
        if minor != 0 {
            let digits = String(minor)
            text += "." + String(repeating: "0", count: currency.minorUnitDigits - digits.count) + digits
        }
        let sign = minorUnits < 0 ? "-" : ""
        if let symbol = currency.symbol {
            return sign + symbol + text
        }
        return "\(sign)\(currency.code) \(text)"
    }

    /// The whole units with a comma between each group of three digits.
    static func grouped(_ value: UInt64) -> String {
        let digits = Array(String(value))
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

extension CurrencyCode {
    /// The symbol written before an amount, or nil when the code itself is written ("CHF 40").
    ///
    /// Dollars other than the US dollar carry a prefix ("CA$") so that two families' totals are never confused.
    public var symbol: String? {
        Self.symbols[code]
    }

    private static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "KRW": "₩", "ILS": "₪", "NGN": "₦",
        "PHP": "₱", "VND": "₫", "UAH": "₴", "TRY": "₺", "BRL": "R$", "CNY": "CN¥", "CAD": "CA$",
        "AUD": "A$", "NZD": "NZ$", "MXN": "MX$", "HKD": "HK$", "TWD": "NT$", "SGD": "S$",
    ]
}
