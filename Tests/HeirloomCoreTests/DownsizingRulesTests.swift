import HeirloomCore
import PropertyBased
import Testing

@Suite("Downsizing: dispositions")
struct DispositionTests {
    let usd = CurrencyCode.usd

    @Test("a choice goes through to done with the exact amount it fetched")
    func throughToDone() throws {
        // given
        let sell = try Disposition(
            DispositionInput(value: "sell"), over: .undecided, currency: usd, hasBeneficiary: false)
        // when
        let done = try Disposition(
            DispositionInput(status: "done", note: "Sold at the fair", amount: "1,250.50"), over: sell, currency: usd,
            hasBeneficiary: false)
        // then
        #expect(sell == Disposition(value: .sell, status: .notStarted, note: "", amount: nil))
        #expect(done.status == .done)
        #expect(done.amount == Money(minorUnits: 125_050, currency: usd))
        #expect(done.note == "Sold at the fair")
    }

    @Test(
        "bad input is refused with the field it concerns",
        arguments: [
            (DispositionInput(value: "auction"), "disposition.value"),
            (DispositionInput(value: "sell", status: "finished"), "disposition.status"),
            (DispositionInput(value: "sell", amount: "10"), "disposition.amount"),
            (DispositionInput(value: "sell", status: "done", amount: "-5"), "disposition.amount"),
            (DispositionInput(value: "sell", status: "done", amount: "1.234"), "disposition.amount"),
            (DispositionInput(status: "done"), "disposition.status"),
            (DispositionInput(value: "legacy"), "disposition.value"),
            (DispositionInput(value: "keep", note: String(repeating: "x", count: 2_001)), "disposition.note"),
        ])
    func refused(input: DispositionInput, field: String) {
        #expect {
            try Disposition(input, over: .undecided, currency: usd, hasBeneficiary: false)
        } throws: { error in
            (error as? FieldError)?.field == field
        }
    }

    @Test("changing the choice starts it over; leaving done drops the amount")
    func changing() throws {
        let done = Disposition(value: .sell, status: .done, note: "n", amount: Money(minorUnits: 500, currency: usd))
        let donate = try Disposition(
            DispositionInput(value: "donate"), over: done, currency: usd, hasBeneficiary: false)
        #expect(donate == Disposition(value: .donate, status: .notStarted, note: "n", amount: nil))
        let back = try Disposition(
            DispositionInput(status: "inProgress"), over: done, currency: usd, hasBeneficiary: false)
        #expect(back.amount == nil)
        let same = try Disposition(DispositionInput(value: "sell"), over: done, currency: usd, hasBeneficiary: false)
        #expect(same == done)
    }

    @Test(
        "beneficiary links decide legacy; the owner's other choices stay",
        arguments: [
            (DispositionValue.undecided, true, DispositionValue.legacy),
            (.undecided, false, .undecided),
            (.legacy, true, .legacy),
            (.legacy, false, .undecided),
            (.sell, true, .sell),
            (.sell, false, .sell),
            (.keep, true, .keep),
            (.keep, false, .keep),
            (.donate, false, .donate),
        ])
    func legacyRule(value: DispositionValue, hasBeneficiary: Bool, expected: DispositionValue) {
        let before = Disposition(
            value: value, status: value == .undecided ? .notStarted : .done, note: "kept", amount: nil)
        let after = LegacyRule.settled(before, hasBeneficiary: hasBeneficiary)
        #expect(after.value == expected)
        #expect(after.note == "kept")
        if after.value != value { #expect(after.status == .notStarted) }
    }

    @Test("with a beneficiary, legacy may be chosen and undecided reads as legacy")
    func legacyWithBeneficiary() throws {
        let sell = Disposition(value: .sell, status: .inProgress, note: "", amount: nil)
        let legacy = try Disposition(DispositionInput(value: "legacy"), over: sell, currency: usd, hasBeneficiary: true)
        #expect(legacy.value == .legacy)
        let undecided = try Disposition(
            DispositionInput(value: "undecided"), over: sell, currency: usd, hasBeneficiary: true)
        #expect(undecided.value == .legacy)
    }
}

@Suite("Downsizing: quantities and sets")
struct SetRulesTests {
    @Test(
        "an item's units divide between its set and the rest",
        arguments: [
            (12, Int?.some(8), 4, 8), (12, nil, 12, 0), (3, 5, 0, 3), (1, 1, 0, 1), (5, 0, 5, 0),
        ])
    func split(quantity: Int, member: Int?, loose: Int, inSet: Int) {
        let split = SetUnits.split(itemQuantity: quantity, memberQuantity: member)
        #expect(split.loose == loose)
        #expect(split.inSet == inSet)
    }

    @Test("quantity is a whole number from 1", arguments: ["0", "-1", "1.5", "two", "", "100001"])
    func badQuantity(raw: String) {
        #expect(throws: FieldError.self) { try ItemDraft.quantity(raw) }
    }

    @Test("an item's quantity defaults to 1 and is kept when absent")
    func quantityDefault() throws {
        let base = ItemDraft(name: "Plates", currency: .usd)
        #expect(base.quantity == 1)
        let twelve = try ItemDraft(ItemInput(quantity: "12"), over: base)
        #expect(twelve.quantity == 12)
        #expect(try ItemDraft(ItemInput(name: "Dinner plates"), over: twelve).quantity == 12)
    }

    @Test("a set's member counts at least one and at most the item's quantity")
    func memberQuantity() throws {
        #expect(try ItemSetDraft.memberQuantity(8, itemQuantity: 12) == 8)
        #expect(throws: FieldError.self) { try ItemSetDraft.memberQuantity(0, itemQuantity: 12) }
        #expect(throws: FieldError.self) { try ItemSetDraft.memberQuantity(13, itemQuantity: 12) }
    }

    @Test("a set is checked: a name, a known type")
    func setDraft() throws {
        let base = ItemSetDraft(name: "", currency: .usd)
        let china = try ItemSetDraft(ItemSetInput(name: " The good china ", type: "tableware"), over: base)
        #expect(china.name == "The good china")
        #expect(china.type == .tableware)
        #expect(throws: FieldError.self) { try ItemSetDraft(ItemSetInput(type: "heap"), over: base) }
        #expect(throws: FieldError.self) { try ItemSetDraft(ItemSetInput(name: "  "), over: base) }
    }
}

@Suite("Downsizing: estate totals never count a set twice")
struct DownsizingTallyTests {
    /// A random estate: items from seeds, some of them in sets.
    struct Estate {
        struct Thing {
            var category: ItemCategory
            var currency: CurrencyCode
            var each: Money?
            var quantity: Int
            var own: Disposition
            var setIndex: Int?
            var memberQuantity: Int
        }

        var things: [Thing]
        var sets: [Disposition]
        var setCurrencies: [CurrencyCode]

        init(seeds: [Int], setSeeds: [Int]) {
            let currencies: [CurrencyCode] = [.usd, CurrencyCode("EUR")!, CurrencyCode("JPY")!]
            let values = DispositionValue.allCases.filter { $0 != .legacy }
            sets = setSeeds.map { seed in
                let value = values[seed % values.count]
                let status: DispositionStatus =
                    value == .undecided ? .notStarted : [.notStarted, .inProgress, .done][seed % 3]
                return Disposition(
                    value: value, status: status, note: "",
                    amount: status == .done ? Money(minorUnits: Int64(seed % 10_000), currency: .usd) : nil)
            }
            setCurrencies = setSeeds.map { _ in .usd }
            things = seeds.map { seed in
                let currency = currencies[seed % currencies.count]
                let value = DispositionValue.allCases[(seed / 3) % DispositionValue.allCases.count]
                let status: DispositionStatus =
                    value == .undecided ? .notStarted : [.notStarted, .inProgress, .done][(seed / 7) % 3]
                let own = Disposition(
                    value: value, status: status, note: "",
                    amount: status == .done && seed % 2 == 0
                        ? Money(minorUnits: Int64(seed % 5_000), currency: currency) : nil)
                let setIndex = setSeeds.isEmpty || seed % 4 == 0 ? nil : (seed / 11) % setSeeds.count
                return Thing(
                    category: ItemCategory.allCases[(seed / 13) % ItemCategory.allCases.count], currency: currency,
                    each: seed % 5 == 0 ? nil : Money(minorUnits: Int64(seed % 100_000), currency: currency),
                    quantity: 1 + (seed / 17) % 12, own: own, setIndex: setIndex, memberQuantity: 1 + (seed / 19) % 14)
            }
        }

        var lines: [DownsizingLine] {
            get throws {
                try things.map { thing in
                    try DownsizingLine.item(
                        category: thing.category, each: thing.each, currency: thing.currency, quantity: thing.quantity,
                        own: thing.own, memberQuantity: thing.setIndex == nil ? nil : thing.memberQuantity,
                        set: thing.setIndex.map { sets[$0] })
                }
            }
        }

        var setLines: [DownsizingSetLine] {
            sets.map {
                DownsizingSetLine(
                    currency: .usd, value: $0.value, done: $0.status == .done, sets: 1,
                    fetched: $0.amount?.minorUnits ?? 0)
            }
        }
    }

    @Test("every unit counts once: the dispositions add up to the whole, and the whole is each × quantity")
    func noDoubleCounting() async {
        await propertyCheck(
            count: 200, input: Gen.int(in: 0...10_000_000).array(of: 0...40), Gen.int(in: 0...1_000).array(of: 0...5)
        ) { seeds, setSeeds in
            let estate = Estate(seeds: seeds, setSeeds: setSeeds)
            let tally = try DownsizingTally(lines: try estate.lines, sets: estate.setLines)
            // The whole is each × quantity of every item, once.
            let expected = try Money.totals(
                estate.things.compactMap { thing in
                    thing.each.map { Money(minorUnits: $0.minorUnits * Int64(thing.quantity), currency: $0.currency) }
                }
            ).filter { $0.minorUnits != 0 }
            #expect(tally.value == expected)
            #expect(tally.unitCount == estate.things.reduce(0) { $0 + $1.quantity })
            #expect(tally.itemCount == estate.things.count)
            // The dispositions, and the categories, add up to the whole.
            let byDisposition = try Money.totals(tally.byDisposition.values.flatMap(\.value))
            #expect(byDisposition == tally.value)
            #expect(tally.byDisposition.values.reduce(0) { $0 + $1.units } == tally.unitCount)
            #expect(try Money.totals(tally.byCategory.values.flatMap(\.value)) == tally.value)
            #expect(try Money.totals(tally.legacy.value + tally.everythingElse.value) == tally.value)
            // What was fetched counts once: the sets' amounts and the items' own.
            let fetched = try Money.totals(
                estate.sets.compactMap(\.amount) + estate.things.compactMap(\.own.amount)
            ).filter { $0.minorUnits != 0 }
            #expect(tally.fetched == fetched)
        }
    }

    @Test("adding lines up before tallying (as the database does) changes nothing")
    func groupingIsHarmless() async {
        await propertyCheck(
            count: 100, input: Gen.int(in: 0...10_000_000).array(of: 0...40), Gen.int(in: 0...1_000).array(of: 0...4)
        ) { seeds, setSeeds in
            let estate = Estate(seeds: seeds, setSeeds: setSeeds)
            let lines = try estate.lines
            var grouped: [String: DownsizingLine] = [:]
            for line in lines {
                let key =
                    "\(line.category)|\(line.currency)|\(line.own)|\(line.ownDone)|\(String(describing: line.set))|\(line.setDone)"
                if var sum = grouped[key] {
                    sum.items += line.items
                    sum.valuedItems += line.valuedItems
                    sum.looseUnits += line.looseUnits
                    sum.setUnits += line.setUnits
                    sum.looseValue += line.looseValue
                    sum.setValue += line.setValue
                    sum.fetched += line.fetched
                    grouped[key] = sum
                } else {
                    grouped[key] = line
                }
            }
            let one = try DownsizingTally(lines: lines, sets: estate.setLines)
            let other = try DownsizingTally(lines: Array(grouped.values), sets: estate.setLines)
            #expect(one == other)
        }
    }

    @Test("a set's units follow the set unless the item chose for itself; the rest follow the item")
    func example() throws {
        // given: 12 plates at $10, 8 of them in a set to sell, done for $100; a vase with a beneficiary in the set
        let sold = Disposition(value: .sell, status: .done, note: "", amount: Money(minorUnits: 10_000, currency: .usd))
        let plates = try DownsizingLine.item(
            category: .chinaAndCrystal, each: Money(minorUnits: 1_000, currency: .usd), currency: .usd, quantity: 12,
            own: .undecided, memberQuantity: 8, set: sold)
        let vase = try DownsizingLine.item(
            category: .decor, each: Money(minorUnits: 5_000, currency: .usd), currency: .usd, quantity: 1,
            own: Disposition(value: .legacy, status: .notStarted, note: "", amount: nil), memberQuantity: 1, set: sold)
        // when
        let tally = try DownsizingTally(
            lines: [plates, vase],
            sets: [DownsizingSetLine(currency: .usd, value: .sell, done: true, sets: 1, fetched: 10_000)])
        // then
        #expect(tally.value == [Money(minorUnits: 17_000, currency: .usd)])
        #expect(tally.byDisposition[.sell]?.units == 8)
        #expect(tally.byDisposition[.sell]?.doneUnits == 8)
        #expect(tally.byDisposition[.sell]?.value == [Money(minorUnits: 8_000, currency: .usd)])
        #expect(tally.byDisposition[.sell]?.fetched == [Money(minorUnits: 10_000, currency: .usd)])
        #expect(tally.byDisposition[.undecided]?.units == 4)
        #expect(tally.legacy.value == [Money(minorUnits: 5_000, currency: .usd)])
        #expect(tally.everythingElse.value == [Money(minorUnits: 12_000, currency: .usd)])
        #expect(tally.valuedItemCount == 2)
    }
}
