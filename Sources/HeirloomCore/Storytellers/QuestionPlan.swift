/// Where a question to a storyteller comes from.
public enum QuestionSource: String, CaseIterable, Sendable, Codable {
    /// Written by a family member ("Ask Mum a question"); these go first.
    case family
    /// About one of the family's items that has no story yet.
    case item
    /// About a photo memory that names nobody and has no date.
    case photo
    /// From the built-in collection.
    case builtIn
}

/// A question that may be asked: its source, the words, and a key that is the same however often it is offered,
/// so that nothing is asked twice.
public struct QuestionCandidate: Equatable, Hashable, Sendable {
    public var source: QuestionSource
    public var text: String
    /// `item:<id>`, `photo:<id>`, `builtIn:<words>`, `family:<id>`.
    public var key: String

    public init(source: QuestionSource, text: String, key: String) {
        self.source = source
        self.text = text
        self.key = key
    }

    /// A question about an item without a story.
    public static func item(id: String, title: String) -> Self {
        Self(source: .item, text: "Tell us about the \(title): where did it come from?", key: "item:\(id)")
    }

    /// A question about a photo memory without people or a date.
    public static func photo(id: String) -> Self {
        Self(source: .photo, text: "Who is in this photo, and when was it taken?", key: "photo:\(id)")
    }

    /// A question of the built-in collection; its words are its key.
    public static func builtIn(_ text: String) -> Self { Self(source: .builtIn, text: text, key: "builtIn:\(text)") }
}

/// The order questions come in: the family's own first (in their order), then the built-in collection with one of
/// the family's things every other week; nothing already used (asked, skipped or waiting) is offered again.
public enum QuestionPlan {
    /// How many questions the family sees coming.
    public static let horizon = 10

    /// The next `count` questions after those in `used` (their keys): `family` in order, then built-in questions
    /// and things alternating (a built-in one first), each list in its own order; when one list runs out the
    /// other goes on alone. A key or built-in words are never offered twice.
    public static func next(
        family: [QuestionCandidate], things: [QuestionCandidate], builtIn: [QuestionCandidate], used: Set<String>,
        count: Int
    ) -> [QuestionCandidate] {
        var seen = used
        var plan: [QuestionCandidate] = []
        func fresh(_ list: [QuestionCandidate]) -> [QuestionCandidate] {
            list.filter { seen.insert($0.key).inserted }
        }
        plan += fresh(family)
        var general = fresh(builtIn)[...]
        var own = fresh(things)[...]
        var thingsTurn = false
        while plan.count < count, !(general.isEmpty && own.isEmpty) {
            if thingsTurn, let thing = own.popFirst() {
                plan.append(thing)
            } else if let question = general.popFirst() {
                plan.append(question)
            } else if let thing = own.popFirst() {
                plan.append(thing)
            }
            thingsTurn.toggle()
        }
        return Array(plan.prefix(max(count, 0)))
    }

    /// Where a new family question goes in the waiting list (sources, in order): just after the family's own
    /// questions that wait at the front, before anything else.
    public static func familyInsertIndex(waiting: [QuestionSource]) -> Int {
        waiting.prefix { $0 == .family }.count
    }

    /// The waiting list with the element at `from` moved to `to` (clamped to the list).
    public static func move<T>(_ list: [T], from: Int, to: Int) -> [T] {
        guard list.indices.contains(from) else { return list }
        var result = list
        let element = result.remove(at: from)
        result.insert(element, at: min(max(to, 0), result.count))
        return result
    }
}
