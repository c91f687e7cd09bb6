/// `AccessRule` printed as a Markdown table, one row per kind of thing and one column per kind of reader:
/// docs/access.md is this text, and a test keeps it so.
public enum AccessTable {
    /// The whole page.
    public static func markdown() -> String {
        var lines = [
            "# Who may read and change what",
            "",
            "Generated from `AccessRule` (Sources/HeirloomCore/Access/AccessRule.swift) by `make docs-access`;",
            "`AccessRuleTests` fails when this page and the rule differ. Every route names what it touches, and the",
            "route walk (`AccessWalkTests`) sends each one as every reader in every state and compares the answer",
            "with this table.",
            "",
            "*all*: everything of its kind in the household. *own*: only their own, or what is given or shared to",
            "them, as the feature's own rule says (which gift an heir sees yet, which binder entry a trusted contact",
            "may open). *–*: nothing; the route says it does not exist, or that they may not. Where a state of the",
            "estate changes the answer, the cell says so (*reported*: a passing is reported and waits; *released*:",
            "the estate is released). Viewers read values only when an owner chose to show them.",
            "",
            "| | " + Reader.allCases.map(\.label).joined(separator: " | ") + " |",
            "|---|" + Reader.allCases.map { _ in "---|" }.joined(),
        ]
        for thing in Thing.allCases {
            let cells = Reader.allCases.map { cell($0, thing) }
            lines.append("| \(thing.label) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "all", "read all, change own", "read: released all", …
    static func cell(_ reader: Reader, _ thing: Thing) -> String {
        let read = words(reader, .read, thing)
        let change = words(reader, .change, thing)
        if read == change { return read }
        return change == "–" ? "read \(read)" : "read \(read), change \(change)"
    }

    private static func words(_ reader: Reader, _ act: Act, _ thing: Thing) -> String {
        let reaches = EstateState.allCases.map { AccessRule.reach(reader, act, thing, in: $0) }
        if Set(reaches).count == 1 { return word(reaches[0]) }
        let named = zip(["active", "reported", "released"], reaches).filter { $0.1 != .none }
        return named.map { "\($0.0) \(word($0.1))" }.joined(separator: "; ")
    }

    private static func word(_ reach: Reach) -> String {
        switch reach {
        case .all: "all"
        case .own: "own"
        case .none: "–"
        }
    }
}
