import Foundation
import HeirloomCore
import Testing

@Suite("Wish rounds: which things a round takes")
struct WishGroupTests {
    typealias Thing = WishGroup.Candidate<Int>

    @Test("the default group: nothing promised, nothing gone, a set as one piece with its items")
    func defaults() {
        // given
        let items = [
            Thing(id: 1, name: "Clock", disposition: .undecided),
            Thing(id: 2, name: "Brooch", disposition: .legacy, promisedTo: ["Anna"]),
            Thing(id: 3, name: "Lamp", disposition: .donate),
            Thing(id: 4, name: "Desk", disposition: .sell, status: .done),
            Thing(id: 5, name: "Sofa", disposition: .sell, status: .inProgress),
            Thing(id: 6, name: "Blue plate", disposition: .undecided, setID: 10),
            Thing(id: 7, name: "Cup", disposition: .undecided, setID: 11),
            Thing(id: 8, name: "Saucer", disposition: .legacy, promisedTo: ["Ben"], setID: 11),
            Thing(id: 9, name: "Chair", disposition: .keep),
        ]
        let sets = [
            Thing(id: 10, name: "The good plates", disposition: .undecided),
            Thing(id: 11, name: "Tea set", disposition: .undecided),
            Thing(id: 12, name: "Glasses", disposition: .discard),
        ]
        // when
        let group = WishGroup.defaults(items: items, sets: sets)
        // then
        #expect(group.items == [1, 5, 9])
        #expect(group.sets == [10])
        #expect(
            WishGroup.refusal(sets[1], members: [items[6], items[7]]) == "Tea set holds Saucer, which is left to Ben.")
        #expect(WishGroup.refusal(items[1]) == "Brooch is already left to Anna.")
        #expect(WishGroup.refusal(items[3]) == "Desk is sold.")
    }

    @Test("a few words on a thing with no points or place are kept, as none")
    func reasonsAlone() throws {
        // given
        let clock = UUID()
        let piano = UUID()
        let words = [WishInput(thingID: clock, reason: "  It ticked through every lunch. ")]
        // when
        let points = try WishRules.check(words, method: .points, things: [clock, piano])
        let draft = try WishRules.check(words, method: .draft, things: [clock, piano])
        // then
        #expect(points.first?.points == 0)
        #expect(points.first?.reason == "It ticked through every lunch.")
        #expect(draft.first?.rank == nil)
        #expect(WishRules.ranking(draft).isEmpty)
        #expect(throws: FieldError.self) {
            try WishRules.check([WishInput(thingID: clock)], method: .draft, things: [clock])
        }
    }
}
