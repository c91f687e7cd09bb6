import HeirloomCore
import PropertyBased
import Testing

@Suite("Question plan: the family's questions first, things every other week, nothing twice")
struct QuestionPlanTests {
    let family = [
        QuestionCandidate(source: .family, text: "Where did you meet Dad?", key: "family:1"),
        QuestionCandidate(source: .family, text: "What was Grandad like?", key: "family:2"),
    ]
    let things = [QuestionCandidate.item(id: "clock", title: "grandfather clock"), .photo(id: "7")]
    let builtIn = ["A?", "B?", "C?", "D?"].map(QuestionCandidate.builtIn)

    @Test("family questions in their order, then a built-in question and a thing in turn")
    func order() {
        // when
        let plan = QuestionPlan.next(family: family, things: things, builtIn: builtIn, used: [], count: 10)
        // then
        #expect(
            plan.map(\.key) == [
                "family:1", "family:2", "builtIn:A?", "item:clock", "builtIn:B?", "photo:7", "builtIn:C?",
                "builtIn:D?",
            ])
        #expect(plan[3].text == "Tell us about the grandfather clock: where did it come from?")
        #expect(plan[5].text == "Who is in this photo, and when was it taken?")
    }

    @Test("what was asked, skipped or is waiting is left out; the count is kept")
    func usedLeftOut() {
        let plan = QuestionPlan.next(
            family: family, things: things, builtIn: builtIn, used: ["family:1", "builtIn:A?", "item:clock"],
            count: 3)
        #expect(plan.map(\.key) == ["family:2", "builtIn:B?", "photo:7"])
    }

    @Test("when the built-in questions run out, the things go on alone")
    func thingsAlone() {
        let plan = QuestionPlan.next(family: [], things: things, builtIn: [], used: [], count: 5)
        #expect(plan.map(\.key) == ["item:clock", "photo:7"])
    }

    @Test("a new family question goes after the family's waiting ones, before the rest")
    func familyInsert() {
        #expect(QuestionPlan.familyInsertIndex(waiting: [.family, .family, .builtIn, .family]) == 2)
        #expect(QuestionPlan.familyInsertIndex(waiting: [.builtIn, .item]) == 0)
        #expect(QuestionPlan.familyInsertIndex(waiting: []) == 0)
    }

    @Test("moving keeps every element once, and clamps the place")
    func move() {
        #expect(QuestionPlan.move([1, 2, 3, 4], from: 3, to: 0) == [4, 1, 2, 3])
        #expect(QuestionPlan.move([1, 2, 3, 4], from: 0, to: 99) == [2, 3, 4, 1])
        #expect(QuestionPlan.move([1, 2, 3], from: 7, to: 0) == [1, 2, 3])
    }

    @Test("property: week after week, no question is ever asked twice, and the family's come first")
    func neverTwice() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...30).array(of: 0...40), Gen.int(in: 1...5), Gen.int(in: 0...4)
        ) { seeds, weekly, familyCount in
            let builtIn = seeds.map { QuestionCandidate.builtIn("Q\($0)?") }
            let things = seeds.prefix(8).map { QuestionCandidate.item(id: "\($0)", title: "thing \($0)") }
            let family = (0..<familyCount).map {
                QuestionCandidate(source: .family, text: "F\($0)", key: "family:\($0)")
            }
            var used = Set<String>()
            var asked: [String] = []
            for _ in 0..<30 {
                let week = QuestionPlan.next(
                    family: family, things: things, builtIn: builtIn, used: used, count: weekly)
                for question in week {
                    asked.append(question.key)
                    used.insert(question.key)
                }
            }
            #expect(Set(asked).count == asked.count)
            #expect(asked.prefix(familyCount).allSatisfy { $0.hasPrefix("family:") })
        }
    }
}
