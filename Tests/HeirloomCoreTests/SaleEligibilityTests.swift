import HeirloomCore
import PropertyBased
import Testing

@Suite("Sale eligibility: a promised heirloom is never sold")
struct SaleEligibilityTests {
    @Test("a beneficiary, legacy or keep promises a thing; every other choice leaves it free to sell")
    func promise() {
        #expect(SaleEligibility.promise(disposition: .sell, beneficiaries: ["Lily"]) == .leftTo(["Lily"]))
        #expect(SaleEligibility.promise(disposition: .legacy, beneficiaries: []) == .leftTo([]))
        #expect(SaleEligibility.promise(disposition: .keep, beneficiaries: []) == .kept)
        for value in [DispositionValue.undecided, .sell, .consign, .donate, .discard] {
            #expect(SaleEligibility.promise(disposition: value, beneficiaries: []) == nil)
        }
    }

    @Test("the refusal names the thing and the person, and says what to do")
    func messages() {
        let pearls = SaleThing(name: "Pearls", disposition: .legacy, beneficiaries: ["Lily"])
        #expect(throws: SaleRefusal.promised(name: "Pearls", .leftTo(["Lily"]))) {
            try SaleEligibility.check(item: pearls)
        }
        #expect(
            SaleRefusal.promised(name: "Pearls", .leftTo(["Lily"])).message
                == "Pearls is left to Lily; it cannot be sold. Remove Lily first, or choose something else.")
        #expect(
            SaleRefusal.holdsPromised(set: "Jewellery box", item: "Pearls", .leftTo(["Lily", "Tom"])).message
                == "The set Jewellery box holds Pearls, which is left to Lily and Tom; the set cannot be sold with "
                + "it. Take Pearls out of the set, or remove Lily and Tom first.")
        let box = SaleThing(name: "Jewellery box", disposition: .sell)
        #expect(throws: SaleRefusal.holdsPromised(set: "Jewellery box", item: "Pearls", .leftTo(["Lily"]))) {
            try SaleEligibility.check(set: box, items: [SaleThing(name: "Brooch", disposition: .undecided), pearls])
        }
        #expect(throws: SaleRefusal.promised(name: "Clock", .kept)) {
            try SaleEligibility.check(set: SaleThing(name: "Clock", disposition: .keep), items: [])
        }
    }

    @Test("from undecided: undecided and to-sell things in no lot; promised ones and sets holding one left out")
    func fromUndecided() {
        typealias Selection = UndecidedSelection<Int>
        let selection = Selection(
            items: [
                .init(id: 1, thing: SaleThing(name: "Lamp", disposition: .undecided)),
                .init(id: 2, thing: SaleThing(name: "Pearls", disposition: .legacy, beneficiaries: ["Lily"])),
                .init(id: 3, thing: SaleThing(name: "Sofa", disposition: .sell)),
                .init(id: 4, thing: SaleThing(name: "Ring", disposition: .keep)),
                .init(id: 5, thing: SaleThing(name: "Vase", disposition: .donate)),
                .init(id: 6, thing: SaleThing(name: "Mirror", disposition: .undecided), inLot: true),
                .init(id: 7, thing: SaleThing(name: "Plate", disposition: .undecided), setID: 20),
                .init(id: 8, thing: SaleThing(name: "Brooch", disposition: .undecided), setID: 21),
                .init(
                    id: 9, thing: SaleThing(name: "Locket", disposition: .undecided, beneficiaries: ["Tom"]), setID: 21),
            ],
            sets: [
                .init(id: 20, thing: SaleThing(name: "China", disposition: .sell)),
                .init(id: 21, thing: SaleThing(name: "Jewellery box", disposition: .undecided)),
                .init(id: 22, thing: SaleThing(name: "Clocks", disposition: .keep)),
            ])
        #expect(selection.items == [1, 3])
        #expect(selection.sets == [20])
        #expect(selection.leftOut.map(\.id) == [21, 22, 2, 4, 9])
        #expect(selection.leftOut[0].refusal == .holdsPromised(set: "Jewellery box", item: "Locket", .leftTo(["Tom"])))
    }

    @Test("property: nothing promised, nor a set holding something promised, is ever selected")
    func neverPromised() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...999).array(of: 0...30), Gen.int(in: 0...99).array(of: 0...6)
        ) { seeds, setSeeds in
            let (items, sets) = Self.household(seeds, setSeeds)
            let selection = UndecidedSelection(items: items, sets: sets)
            let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
            for id in selection.items {
                let item = byID[id]!
                #expect(item.thing.promise == nil && !item.inLot && item.setID == nil)
                #expect(SaleEligibility.isUndecidedOrSell(item.thing.disposition))
            }
            for id in selection.sets {
                let set = sets.first { $0.id == id }!
                #expect(set.thing.promise == nil && !set.inLot)
                #expect(items.filter { $0.setID == id }.allSatisfy { $0.thing.promise == nil })
            }
            // Every promised thing in no lot is accounted for, with its reason.
            let promised = items.filter { $0.thing.promise != nil && !$0.inLot }.map(\.id)
            #expect(Set(promised).isSubset(of: Set(selection.leftOut.filter { !$0.isSet }.map(\.id))))
        }
    }

    /// Items and sets drawn from seeds: every disposition, some left to Lily, some in sets, some in lots.
    static func household(_ seeds: [Int], _ setSeeds: [Int]) -> (
        items: [UndecidedSelection<Int>.Item], sets: [UndecidedSelection<Int>.Group]
    ) {
        let values = DispositionValue.allCases
        let sets = setSeeds.enumerated().map { index, seed in
            UndecidedSelection<Int>.Group(
                id: 1_000 + index, thing: SaleThing(name: "S\(index)", disposition: values[seed % values.count]),
                inLot: seed % 5 == 0)
        }
        let items = seeds.enumerated().map { index, seed in
            UndecidedSelection<Int>.Item(
                id: index,
                thing: SaleThing(
                    name: "I\(index)", disposition: values[seed % values.count],
                    beneficiaries: seed % 4 == 0 ? ["Lily"] : []),
                setID: sets.isEmpty || seed % 3 != 0 ? nil : 1_000 + seed % sets.count, inLot: seed % 7 == 0)
        }
        return (items, sets)
    }
}
