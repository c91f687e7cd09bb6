import Foundation

/// A proposed (or adjusted) division: who receives each thing and why, each participant's share next to their
/// entitlement, and whether the whole is fair, in flags and in words.
public struct DivisionResult: Sendable, Equatable, Codable {
    /// Where one thing goes, and why, in words addressed to the participant who receives it.
    public struct Placement: Sendable, Equatable, Codable {
        public var thingID: UUID
        public var participantID: UUID
        /// Plain words to the participant: "You ranked it first and no one else asked for it." Theirs alone: it
        /// tells their points or their order.
        public var reason: String
        /// The reason as everyone else reads it ("Anne wanted it most", "shared out by turns"): never anyone's
        /// points or order. Nil in a division kept before it existed; `reasonForOthers` then says it plainly.
        public var publicReason: String?
        /// Draft: the turn (from 1) in which it was chosen; nil for points and for a thing moved by hand.
        public var turn: Int?
        public var movedByHand: Bool

        public init(
            thingID: UUID, participantID: UUID, reason: String, publicReason: String? = nil, turn: Int? = nil,
            movedByHand: Bool = false
        ) {
            self.thingID = thingID
            self.participantID = participantID
            self.reason = reason
            self.publicReason = publicReason
            self.turn = turn
            self.movedByHand = movedByHand
        }

        /// Why it went where it went, as anyone but its receiver (`receiver`, by name) reads it.
        public func reasonForOthers(receiver: String) -> String {
            if let publicReason { return publicReason }
            let name = PlainWords.name(receiver)
            if movedByHand { return "Moved to \(name) by hand by the organiser." }
            if let turn { return "Shared out by turns: it came to \(name) in turn \(turn)." }
            return "Shared out by the points everyone gave, as evenly as the hub could: it came to \(name)."
        }
    }

    /// One participant's share in appraised values, next to their entitlement.
    public struct Share: Sendable, Equatable, Codable {
        public var participantID: UUID
        /// Their things, in the round's order.
        public var thingIDs: [UUID]
        /// The sum of the appraised values of their things (minor units).
        public var value: Int64
        /// Their entitlement's part of the total appraised value, rounded so that the parts add up to the total.
        public var entitlementValue: Int64
        /// `value - entitlementValue`: positive when they received more than their entitlement.
        public var difference: Int64

        public init(participantID: UUID, thingIDs: [UUID], value: Int64, entitlementValue: Int64) {
            self.participantID = participantID
            self.thingIDs = thingIDs
            self.value = value
            self.entitlementValue = entitlementValue
            difference = value - entitlementValue
        }
    }

    /// One payment of the settlement: `from` would pay `to` this much (minor units) to even out the values.
    public struct Transfer: Sendable, Equatable, Codable {
        public var from: UUID
        public var to: UUID
        public var amount: Int64

        public init(from: UUID, to: UUID, amount: Int64) {
            self.from = from
            self.to = to
            self.amount = amount
        }
    }

    /// One per thing, in the round's order of things.
    public var placements: [Placement]
    /// One per participant, in the round's order of participants.
    public var shares: [Share]
    /// Draft: the participant order used (drawn or set); points: empty.
    public var drawOrder: [UUID]
    /// Whether nobody prefers another's share to their own once one thing is taken from it, per unit of entitlement
    /// when entitlements differ (weighted EF1). Points: by the participants' points (no points: everything alike);
    /// draft: by the rankings, a participant's k-th choice out of n things being worth n - k + 1 and an unranked
    /// thing 0.
    public var envyFreeUpToOne: Bool
    /// Whether no single move of a thing, and no swap of two, makes someone better off without making anyone worse
    /// off (by the same values as `envyFreeUpToOne`).
    public var paretoChecked: Bool
    /// One or two plain sentences on why the whole is fair, or, after changes by hand, what no longer holds.
    public var statement: String
    /// Who would pay whom how much to even out the appraised values: a statement, not a payment; for each
    /// participant, what they would pay less what they would receive is their `difference`.
    public var settlement: [Transfer]

    public init(
        placements: [Placement], shares: [Share], drawOrder: [UUID], envyFreeUpToOne: Bool, paretoChecked: Bool,
        statement: String, settlement: [Transfer]
    ) {
        self.placements = placements
        self.shares = shares
        self.drawOrder = drawOrder
        self.envyFreeUpToOne = envyFreeUpToOne
        self.paretoChecked = paretoChecked
        self.statement = statement
        self.settlement = settlement
    }
}
