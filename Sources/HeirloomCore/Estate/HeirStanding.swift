import Foundation

/// Where one heir stands in the hand-over: whether the hub can tell them, has told them, and what they did.
///
/// The one answer for Settings → Passing on, the trusted contact's page, the release preview, Home and the API:
/// nobody with something left to them is ever "released and forgotten" without the family being shown it.
public enum HeirState: String, Codable, Sendable, CaseIterable {
    /// Nothing is theirs to see yet, and the hub has an address to tell them when it is.
    case waiting
    /// Nothing is theirs to see yet, but the hub has no email address for them: they would not be told.
    case cannotBeTold
    /// Something is theirs to see, and the hub could not tell them (no email address, no link given by hand).
    case notTold
    /// Someone printed or passed on their link by hand; they have not opened it yet.
    case givenByHand
    /// Something is theirs to see and the hub has their address, but no email has reached the mail server yet
    /// (it is on its way, or it could not be delivered: Settings → Outbox says which).
    case beingTold
    /// Their email left the hub; they have not opened their page yet.
    case told
    /// They opened their page.
    case opened
    /// They accepted everything shown to them.
    case accepted
    /// They declined everything shown to them.
    case declined
    /// They accepted some things and declined others.
    case answered

    /// The state as the family reads it.
    public var displayName: String {
        switch self {
        case .waiting: "Nothing released to them yet"
        case .cannotBeTold: "Would not be told: no email address"
        case .notTold: "Not told: no email address"
        case .givenByHand: "Link given by hand"
        case .beingTold: "Email not delivered yet"
        case .told: "Told by email"
        case .opened: "Opened their page"
        case .accepted: "Accepted"
        case .declined: "Declined"
        case .answered: "Answered"
        }
    }

    /// Whether the family must do something so that this person learns what was left to them.
    public var needsTelling: Bool { self == .cannotBeTold || self == .notTold }
}

/// What the hub knows of one heir, and the state it makes.
public struct HeirFacts: Sendable, Equatable {
    /// Whether the hub has an email address for them.
    public var hasEmail: Bool
    /// How many of their things they may see now.
    public var visible: Int
    /// How many of those visible things they were emailed about.
    public var announced: Int
    /// Whether an email telling them left the hub (reached the mail server, or an owner passed it on by hand).
    public var delivered: Bool
    public var accepted: Int
    public var declined: Int
    /// When they first opened their page.
    public var openedAt: Date?
    /// When someone last printed or passed on their link by hand.
    public var handedAt: Date?

    public init(
        hasEmail: Bool, visible: Int, announced: Int = 0, delivered: Bool = false, accepted: Int = 0, declined: Int = 0,
        openedAt: Date? = nil, handedAt: Date? = nil
    ) {
        self.hasEmail = hasEmail
        self.visible = visible
        self.announced = announced
        self.delivered = delivered
        self.accepted = accepted
        self.declined = declined
        self.openedAt = openedAt
        self.handedAt = handedAt
    }

    /// The heir's state: answers first, then whether they opened their page, then how they were (or were not)
    /// told. "Told" means an email left the hub; until then someone with an address is being told.
    public var state: HeirState {
        guard visible > 0 else { return hasEmail ? .waiting : .cannotBeTold }
        if accepted + declined >= visible {
            return declined == 0 ? .accepted : accepted == 0 ? .declined : .answered
        }
        if openedAt != nil { return .opened }
        if announced > 0, delivered { return .told }
        if handedAt != nil { return .givenByHand }
        return hasEmail ? .beingTold : .notTold
    }

    /// Whether they know, or can know, what was left to them: told by email or by hand, or already on their page.
    public var knows: Bool { [.givenByHand, .told, .opened, .accepted, .declined, .answered].contains(state) }
}
