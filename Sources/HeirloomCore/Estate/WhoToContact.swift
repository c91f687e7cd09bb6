/// The sentence that tells a recipient or a trusted contact whom to ask: the family's other owners by name and
/// email, or, when the holder was the only owner, the trusted contacts.
public enum WhoToContact {
    public struct Person: Sendable, Equatable {
        public var name: String
        public var email: String

        public init(name: String, email: String) {
            self.name = name
            self.email = email
        }
    }

    /// The people a reader (an executor, a recipient) may ask, in order: the household's owners other than the
    /// holder, else its trusted contacts; never the reader themself, matched by email as a person would read it.
    public static func people(owners: [Person], executors: [Person], reader: String?) -> [Person] {
        let readerEmail = reader.map(normalised)
        let others = { (people: [Person]) in people.filter { normalised($0.email) != readerEmail } }
        let ownersToAsk = others(owners)
        return ownersToAsk.isEmpty ? others(executors) : ownersToAsk
    }

    private static func normalised(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// At most three people, in the order given; the holder is left out by the caller.
    public static func sentence(_ people: [Person]) -> String {
        let named = people.prefix(3).map { "\($0.name) (\($0.email))" }
        switch named.count {
        case 0: return "If you have questions, please speak to the family."
        case 1: return "If you have questions, please contact \(named[0])."
        default:
            return "If you have questions, please contact "
                + named.dropLast().joined(separator: ", ") + " or \(named.last!)."
        }
    }
}
