import HeirloomCore
import PropertyBased
import Testing

@Suite("Lots: money follows quantity, and a lot is offered only what it accepts")
struct LotRulesTests {
    let usd = CurrencyCode.usd

    @Test("a lot of one item of twelve pieces at $25 each is offered at $300 (12 × $25); a set or several at the price")
    func moneyFollowsQuantity() {
        let each = Money(minorUnits: 2_500, currency: usd)
        let plates = LotPrice(each: each, pieces: LotPrice.pieces(itemQuantities: [12], setCount: 0))
        #expect(plates.pieces == 12)
        #expect(plates.total == .exact(Money(minorUnits: 30_000, currency: usd)))
        #expect(plates.text == "$300 (12 × $25)")
        #expect(LotPrice(each: each, pieces: 1).text == "$25")
        #expect(LotPrice.pieces(itemQuantities: [12, 3], setCount: 0) == 1)
        #expect(LotPrice.pieces(itemQuantities: [12], setCount: 1) == 1)
        #expect(LotPrice.pieces(itemQuantities: [], setCount: 1) == 1)
        #expect(LotPrice.pieces(itemQuantities: [0], setCount: 0) == 1)
        let lamp = LotPrice(each: Money(minorUnits: 4_000, currency: usd), pieces: 1)
        let clock = LotPrice(each: Money(minorUnits: 8_000, currency: .eur), pieces: 2)
        #expect(LotPrice.totals([plates, lamp, clock]).map(\.displayString) == ["€160", "$340"])
        let huge = LotPrice(each: Money(minorUnits: .max / 2, currency: usd), pieces: 3)
        #expect(huge.total.isTooLarge)
        #expect(huge.text.hasPrefix("more than "))
    }

    @Test("Add a lot offers things in no lot that are not promised, nor sets kept or holding a promised item")
    func choices() {
        let choices = LotChoices<Int>(
            items: [
                .init(id: 1, thing: SaleThing(name: "Lamp", disposition: .undecided)),
                .init(id: 2, thing: SaleThing(name: "Pearls", disposition: .legacy, beneficiaries: ["Lily"])),
                .init(id: 3, thing: SaleThing(name: "Sofa", disposition: .donate)),
                .init(id: 4, thing: SaleThing(name: "Ring", disposition: .keep)),
                .init(id: 5, thing: SaleThing(name: "Mirror", disposition: .undecided), inLot: true),
                .init(id: 6, thing: SaleThing(name: "Brooch", disposition: .undecided), setID: 21),
                .init(
                    id: 7, thing: SaleThing(name: "Locket", disposition: .undecided, beneficiaries: ["Tom"]), setID: 21),
                .init(id: 8, thing: SaleThing(name: "Plate", disposition: .undecided), setID: 20),
            ],
            sets: [
                .init(id: 20, thing: SaleThing(name: "China", disposition: .undecided)),
                .init(id: 21, thing: SaleThing(name: "Jewellery box", disposition: .sell)),
                .init(id: 22, thing: SaleThing(name: "Clocks", disposition: .keep)),
                .init(id: 23, thing: SaleThing(name: "Glasses", disposition: .sell), inLot: true),
            ])
        #expect(choices.items == [1, 3, 6, 8])
        #expect(choices.sets == [20])
    }

    @Test("property: whatever Add a lot offers, the check that guards a new lot accepts")
    func offerIsAccepted() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...999).array(of: 0...30), Gen.int(in: 0...99).array(of: 0...6)
        ) { seeds, setSeeds in
            let (items, sets) = SaleEligibilityTests.household(seeds, setSeeds)
            let choices = LotChoices(items: items, sets: sets)
            for item in items {
                let accepted = (try? SaleEligibility.check(item: item.thing)) != nil
                #expect(choices.items.contains(item.id) == (accepted && !item.inLot))
            }
            for set in sets {
                let members = items.filter { $0.setID == set.id }.map(\.thing)
                let accepted = (try? SaleEligibility.check(set: set.thing, items: members)) != nil
                #expect(choices.sets.contains(set.id) == (accepted && !set.inLot))
            }
        }
    }
}
