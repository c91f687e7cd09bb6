/// Whose passing an "upon passing" rule waits for, as words for the person reading them: the estate's holder reads
/// "upon my passing"; anyone else (a son assigning his mother's things, an heir reading a packet) reads "upon
/// Margaret Carter’s passing".
public enum PassingWords: Sendable, Equatable {
    case reader
    case holder(name: String)

    /// For a reader: the holder's own words when the reader is the holder, or when no holder is named (a hub whose
    /// owner has not said whose estate it is).
    public static func forReader<ID: Equatable>(_ reader: ID?, holder: ID?, holderName: String?) -> PassingWords {
        guard let holder, let holderName, !holderName.isEmpty, reader != holder else { return .reader }
        return .holder(name: holderName)
    }

    /// "my passing" or "Margaret Carter’s passing".
    public var passing: String {
        switch self {
        case .reader: "my passing"
        case .holder(let name): "\(Self.possessive(name)) passing"
        }
    }

    /// "Upon my passing" or "Upon Margaret Carter’s passing".
    public var uponPassing: String { "Upon \(passing)" }

    /// "Margaret Carter’s", "James’s": an apostrophe and s after the name, as modern style writes it.
    public static func possessive(_ name: String) -> String { "\(name)’s" }
}
