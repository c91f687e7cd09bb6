import HeirloomCore
import PropertyBased
import Testing

@Suite("Totals of money")
struct MoneyTotalTests {
    /// The largest amount a person may enter in dollars, in cents, and the largest quantity.
    static let largestEach: Int64 = 99_999_999_999_999_999
    static let largestQuantity = 100_000

    @Test("any amounts times any quantities add up exactly, or are marked too large exactly when they are")
    func totalsAreExactOrTooLarge() async {
        let each = Gen.oneOf(
            Gen.int64(in: 0...Self.largestEach), Gen.always(Self.largestEach), Gen.int64(in: 0...1_000_000))
        let quantity = Gen.oneOf(Gen.int(in: 1...Self.largestQuantity), Gen.always(Self.largestQuantity))
        await propertyCheck(count: 2_000, input: zip(each, quantity).array(of: 0...40)) { pieces in
            // given items of any worth, many alike pieces each
            let amounts = pieces.map { Money(minorUnits: $0.0, currency: .usd).times($0.1) }
            // when they are added up
            let totals = MoneyTotal.totals(amounts)
            // then the total is the exact sum when it fits, and marked too large when it does not
            let exact = pieces.reduce(Int128(0)) { $0 + Int128($1.0) * Int128($1.1) }
            if pieces.isEmpty {
                #expect(totals.isEmpty)
            } else if exact <= Int128(Int64.max) {
                #expect(totals == [.exact(Money(minorUnits: Int64(exact), currency: .usd))])
            } else {
                #expect(totals == [.tooLarge(.usd, negative: false)])
                #expect(totals[0].displayString == "more than $92,233,720,368,547,758.07")
            }
        }
    }

    @Test("sums in different currencies stay apart, in the order of their codes; a too large one spoils no other")
    func currenciesStayApart() async {
        await propertyCheck(count: 500, input: Gen.int64(in: 0...Self.largestEach).array(of: 1...20)) { values in
            // given the same amounts in euros, and huge dollar amounts
            let euros = values.map { Money(minorUnits: $0, currency: .eur) }
            let dollars = Money(minorUnits: Self.largestEach, currency: .usd).times(Self.largestQuantity)
            // when all are added up
            let totals = MoneyTotal.totals(euros.map(MoneyTotal.exact) + [dollars, dollars])
            // then the euros are exact and the dollars too large
            let sum = values.reduce(Int64(0), +)
            #expect(totals == [.exact(Money(minorUnits: sum, currency: .eur)), .tooLarge(.usd, negative: false)])
        }
    }

    @Test("the two largest items a household may hold: marked too large, never a trap")
    func theIssuesHousehold() {
        // given two items worth 999,999,999,999,999.99 with 100,000 pieces each
        let each = Money(minorUnits: Self.largestEach, currency: .usd)
        // when their worth is added up
        let totals = MoneyTotal.totals([each.times(Self.largestQuantity), each.times(Self.largestQuantity)])
        // then it is too large, written as the largest exact amount as a bound
        #expect(totals.count == 1)
        #expect(totals[0].isTooLarge)
        #expect(totals[0].exact == nil)
        #expect(totals[0].bound == Money(minorUnits: .max, currency: .usd))
        #expect(totals[0].bound.decimalString == "92233720368547758.07")
    }

    @Test("adding: exact sums stay exact, an overflow is too large, and too large stays too large")
    func adding() throws {
        let max = MoneyTotal.exact(Money(minorUnits: .max, currency: .usd))
        let one = MoneyTotal.exact(Money(minorUnits: 1, currency: .usd))
        let low = MoneyTotal.exact(Money(minorUnits: -.max, currency: .usd))
        #expect(try one.adding(one) == .exact(Money(minorUnits: 2, currency: .usd)))
        #expect(try max.adding(one) == .tooLarge(.usd, negative: false))
        #expect(
            try low.adding(MoneyTotal.exact(Money(minorUnits: -2, currency: .usd))) == .tooLarge(.usd, negative: true))
        #expect(try MoneyTotal.tooLarge(.usd, negative: false).adding(low) == .tooLarge(.usd, negative: false))
        #expect(MoneyTotal.tooLarge(.usd, negative: true).displayString == "less than -$92,233,720,368,547,758.07")
        #expect(throws: MoneyError.currencyMismatch(.usd, .eur)) {
            try one.adding(.exact(Money(minorUnits: 1, currency: .eur)))
        }
        #expect(Money(minorUnits: -.max, currency: .usd).times(2) == .tooLarge(.usd, negative: true))
    }
}
