import HeirloomCore
import Testing

@Suite("Deciding several things at once")
struct ItemDecisionTests {
    @Test("the ticked ids count once each, in their order")
    func selection() throws {
        #expect(try ItemDecision.selection([3, 1, 3, 2, 1]) == [3, 1, 2])
    }

    @Test("none, or more than the limit, is refused naming the field")
    func refused() {
        #expect(throws: FieldError(field: "itemIds", message: "Please tick the things this is for.")) {
            try ItemDecision.selection([Int]())
        }
        let many = Array(0...ItemDecision.maximumItems)
        #expect(throws: FieldError.self) { try ItemDecision.selection(many) }
        #expect((try? ItemDecision.selection(Array(many.dropLast())))?.count == ItemDecision.maximumItems)
    }

    @Test("a refusal about one thing names it")
    func naming() {
        let error = FieldError(field: "disposition.value", message: "Assign it first.")
        #expect(
            ItemDecision.naming(error, item: "Pearls")
                == FieldError(field: "disposition.value", message: "Pearls: Assign it first."))
    }
}
