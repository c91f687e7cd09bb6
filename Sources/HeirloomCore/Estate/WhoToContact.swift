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
