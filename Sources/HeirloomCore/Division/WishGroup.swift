import Foundation

/// Which things a wish round may take, and which it takes when the organiser chooses none: every item and set that
/// is not left to anyone and not gone (sold, donated or discarded), a set counting as one piece with its items.
public enum WishGroup {
    /// A thing as the rule sees it.
    public struct Candidate<ID: Hashable & Sendable>: Sendable {
        public var id: ID
        public var name: String
        public var disposition: DispositionValue
        public var status: DispositionStatus
        /// Who it is left to, by name; empty when nobody.
        public var promisedTo: [String]
        /// For an item, the set it belongs to.
        public var setID: ID?

        public init(
            id: ID, name: String, disposition: DispositionValue, status: DispositionStatus = .notStarted,
            promisedTo: [String] = [], setID: ID? = nil
        ) {
            self.id = id
            self.name = name
            self.disposition = disposition
            self.status = status
            self.promisedTo = promisedTo
            self.setID = setID
        }
    }

    /// Whether the thing has left, or is to leave, the family: donated or discarded, or sold once the sale is done.
    public static func isGone(_ disposition: DispositionValue, _ status: DispositionStatus) -> Bool {
        switch disposition {
        case .donate, .discard: true
        case .sell, .consign: status == .done
        case .undecided, .legacy, .keep: false
        }
    }

    /// Why a thing cannot be in a round, or nil when it can. `members` are a set's items.
    public static func refusal<ID>(_ thing: Candidate<ID>, members: [Candidate<ID>] = []) -> String? {
        if !thing.promisedTo.isEmpty {
            return "\(thing.name) is already left to \(ListText.and(thing.promisedTo))."
        }
        if let promised = members.first(where: { !$0.promisedTo.isEmpty }) {
            return "\(thing.name) holds \(promised.name), which is left to \(ListText.and(promised.promisedTo))."
        }
        if isGone(thing.disposition, thing.status) {
            return
                "\(thing.name) is \(thing.disposition == .discard ? "to be discarded" : thing.disposition == .donate ? "to be donated" : "sold")."
        }
        return nil
    }

    /// The default group: the sets and the items in no set that `refusal` allows, in the order given.
    public static func defaults<ID>(items: [Candidate<ID>], sets: [Candidate<ID>]) -> (items: [ID], sets: [ID]) {
        let membersBySet = Dictionary(grouping: items.filter { $0.setID != nil }, by: { $0.setID! })
        let chosenSets = sets.filter { refusal($0, members: membersBySet[$0.id] ?? []) == nil }.map(\.id)
        let chosenItems = items.filter { $0.setID == nil && refusal($0) == nil }.map(\.id)
        return (chosenItems, chosenSets)
    }
}
