import Foundation
import HeirloomCore
import Testing

@Suite("Money")
struct MoneyTests {
    @Test("alike pieces: the price of each times the count, exactly, and never a trap on overflow")
    func times() {
        let each = Money(minorUnits: 1_999, currency: .usd)
        #expect(each.times(6) == .exact(Money(minorUnits: 11_994, currency: .usd)))
        #expect(each.times(1) == .exact(each))
        #expect(Money(minorUnits: .max / 2, currency: .usd).times(3) == .tooLarge(.usd, negative: false))
    }

    @Test(
        "decimal strings are read exactly, with or without thousands separators",
        arguments: [
            ("1250", "USD", Int64(125_000)), ("1250.5", "USD", 125_050), ("1,250.00", "USD", 125_000),
            ("  0.99 ", "USD", 99), (".5", "EUR", 50), ("0", "GBP", 0), ("1,234,567.89", "USD", 123_456_789),
            ("5000", "JPY", 5000), ("5,000", "JPY", 5000), ("5000.00", "JPY", 5000), ("1.250", "KWD", 1250),
            ("12.5000", "CLF", 125_000), ("007.10", "USD", 710),
        ])
    func parses(text: String, code: String, minorUnits: Int64) throws {
        // given
        let currency = try #require(CurrencyCode(code))

        // when
        let money = try Money(parsing: text, currency: currency)

        // then
        #expect(money == Money(minorUnits: minorUnits, currency: currency))
    }

    @Test(
        "what is not an exact, positive, sensible amount is refused with a reason",
        arguments: [
            ("", MoneyError.empty), ("   ", .empty), ("-5", .negative), ("−5.00", .negative), ("(5.00)", .negative),
            ("12.345", .tooManyDecimals(allowed: 2)), ("1.001", .tooManyDecimals(allowed: 2)), ("abc", .notANumber),
            ("1.2.3", .notANumber), ("12.", .notANumber), ("1,25", .notANumber), ("12,50.00", .notANumber),
            ("1 250", .notANumber), ("+5", .notANumber), ("$5", .notANumber), ("1e3", .notANumber),
            ("١٢", .notANumber), ("1000000000000000", .tooLarge), ("999999999999999999999", .tooLarge),
            (String(repeating: "0", count: 41), .tooLarge),
        ])
    func refuses(text: String, error: MoneyError) {
        #expect(throws: error) { try Money(parsing: text, currency: .usd) }
    }

    @Test("a currency without cents refuses cents; the message says so")
    func wholeCurrency() {
        // when
        let error = #expect(throws: MoneyError.tooManyDecimals(allowed: 0)) {
            try Money(parsing: "500.5", currency: .jpy)
        }

        // then
        #expect(error?.message == "This currency has no cents; please use a whole number.")
    }

    @Test("the largest amount is accepted and formatted back")
    func largest() throws {
        // given
        let text = "999,999,999,999,999.99"

        // when
        let money = try Money(parsing: text, currency: .usd)

        // then
        #expect(money.decimalString == "999999999999999.99")
        #expect(try Money(parsing: "999999999999999.999", currency: CurrencyCode("KWD")!).minorUnits > 0)
    }

    @Test("errors name the field for the API's 422")
    func fieldError() {
        #expect(throws: FieldError(field: "estimatedValue", message: "The amount cannot be negative.")) {
            try Money.parse("-1", currency: .usd, field: "estimatedValue")
        }
    }

    @Test(
        "the API's decimal string always has the currency's minor digits",
        arguments: [
            (Int64(125_000), "USD", "1250.00"), (5, "USD", "0.05"), (0, "EUR", "0.00"), (5000, "JPY", "5000"),
            (1250, "KWD", "1.250"), (-1999, "USD", "-19.99"), (Int64.min, "JPY", "-9223372036854775808"),
        ])
    func decimalString(minorUnits: Int64, code: String, expected: String) {
        #expect(Money(minorUnits: minorUnits, currency: CurrencyCode(code)!).decimalString == expected)
    }

    @Test(
        "people see the symbol, grouped whole units and cents only when there are some",
        arguments: [
            (Int64(125_000), "USD", "$1,250"), (80000, "EUR", "€800"), (1250, "GBP", "£12.50"), (5000, "JPY", "¥5,000"),
            (125_050, "USD", "$1,250.50"), (5, "USD", "$0.05"), (0, "USD", "$0"), (4000, "CHF", "CHF 40"),
            (123_456_789, "CAD", "CA$1,234,567.89"), (1250, "KWD", "KWD 1.250"), (100, "SEK", "SEK 1"),
            (-250, "USD", "-$2.50"), (99_999_999_999_999_999, "USD", "$999,999,999,999,999.99"),
        ])
    func displayString(minorUnits: Int64, code: String, expected: String) {
        #expect(Money(minorUnits: minorUnits, currency: CurrencyCode(code)!).displayString == expected)
    }

    @Test("totals are per currency, sorted by code")
    func totals() throws {
        // given
        let amounts = [
            Money(minorUnits: 125_000, currency: .usd), Money(minorUnits: 80000, currency: .eur),
            Money(minorUnits: 5000, currency: .jpy), Money(minorUnits: 50, currency: .usd),
            Money(minorUnits: 20000, currency: .eur),
        ]

        // when
        let totals = try Money.totals(amounts)

        // then
        #expect(totals.map(\.displayString) == ["€1,000", "¥5,000", "$1,250.50"])
        #expect(totals.map(\.currency.code) == ["EUR", "JPY", "USD"])
        #expect(try Money.totals([]).isEmpty)
    }

    @Test("a total too large for 64 bits is an error, not a crash")
    func overflow() {
        // given
        let huge = Money(minorUnits: .max - 10, currency: .usd)

        // when / then
        #expect(throws: MoneyError.tooLarge) { try Money.totals([huge, Money(minorUnits: 11, currency: .usd)]) }
        #expect(throws: MoneyError.currencyMismatch(.usd, .eur)) { try huge.adding(.zero(.eur)) }
    }

    @Test(
        "the midpoint of a range rounds half a cent up",
        arguments: [
            (Int64(10000), Int64(20000), Int64(15000)), (1, 2, 2), (1, 1, 1), (0, 0, 0), (20000, 10000, 15000),
            (.max, .max, .max), (.max - 1, .max, .max), (-1, -2, -2), (-1, 2, 1),
        ])
    func midpoint(low: Int64, high: Int64, expected: Int64) throws {
        // given
        let low = Money(minorUnits: low, currency: .usd)
        let high = Money(minorUnits: high, currency: .usd)

        // when
        let middle = try Money.midpoint(low: low, high: high)

        // then
        #expect(middle == Money(minorUnits: expected, currency: .usd))
    }

    @Test("the midpoint of amounts in two currencies is refused")
    func midpointCurrencies() {
        #expect(throws: MoneyError.currencyMismatch(.usd, .gbp)) {
            try Money.midpoint(low: .zero(.usd), high: .zero(.gbp))
        }
    }
}

@Suite("Currency codes")
struct CurrencyCodeTests {
    @Test("codes are read in any case and know their minor units")
    func minorUnits() throws {
        #expect(CurrencyCode(" usd ")?.minorUnitDigits == 2)
        #expect(CurrencyCode("JPY")?.minorUnitDigits == 0)
        #expect(CurrencyCode("KWD")?.minorUnitDigits == 3)
        #expect(CurrencyCode("CLF")?.minorUnitDigits == 4)
        #expect(CurrencyCode("ISK")?.minorUnitsPerMajorUnit == 1)
        #expect(CurrencyCode("BHD")?.minorUnitsPerMajorUnit == 1000)
        #expect(CurrencyCode.usd.description == "USD")
    }

    @Test(
        "unknown, withdrawn and non-money codes are refused",
        arguments: ["", "US", "USDD", "XXX", "XAU", "XTS", "HRK", "DEM", "ZWL", "123", "U$D"])
    func refuses(code: String) {
        #expect(CurrencyCode(code) == nil)
        #expect(throws: FieldError.self) { try CurrencyCode.parse(code) }
    }

    @Test("the table holds the active list, every code three capital letters")
    func table() {
        // when
        let all = CurrencyCode.all

        // then
        #expect(all.count > 150)
        #expect(all == all.sorted())
        #expect(all.allSatisfy { $0.code.count == 3 && $0.code.allSatisfy { $0.isUppercase && $0.isASCII } })
        #expect(all.allSatisfy { [0, 2, 3, 4].contains($0.minorUnitDigits) })
        #expect(
            all.filter { $0.minorUnitDigits == 3 }.map(\.code) == ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"])
        let symbols = ["USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF", "CNY", "INR", "SEK", "NZD", "MXN"]
        #expect(symbols.allSatisfy { CurrencyCode($0) != nil })
    }
}
