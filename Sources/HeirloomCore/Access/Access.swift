/// Every kind of person the hub answers: the household's members, and the people it gives a link of their own.
public enum Reader: String, CaseIterable, Sendable {
    /// The owner whose estate this is (the estate's holder; the only owner, when none is chosen).
    case holder
    /// Another owner, helping the holder.
    case coOwner
    case editor
    case viewer
    /// A trusted contact (an executor), by their own link.
    case trustedContact
    /// A beneficiary, by their own link.
    case heir
    /// Someone taking part in a wish round, by their link or their account.
    case wishParticipant
    /// Someone the weekly questions are sent to, by their link.
    case storyteller
    /// Someone a letter is left for, by their link.
    case letterReader
    /// A relative without an account at a family gathering.
    case guest

    /// The member's kind by role: owners are the holder or a co-owner, as the estate names its holder.
    public static func member(_ role: HouseholdRole, isHolder: Bool) -> Reader {
        switch role {
        case .owner: isHolder ? .holder : .coOwner
        case .editor: .editor
        case .viewer: .viewer
        }
    }

    /// Whether this reader signs in with an account (the others come by a link).
    public var isMember: Bool { [.holder, .coOwner, .editor, .viewer].contains(self) }

    /// The reader's name as the docs and the tests print it.
    public var label: String {
        switch self {
        case .holder: "holder"
        case .coOwner: "co-owner"
        case .editor: "editor"
        case .viewer: "viewer"
        case .trustedContact: "trusted contact"
        case .heir: "heir"
        case .wishParticipant: "wish participant"
        case .storyteller: "storyteller"
        case .letterReader: "letter reader"
        case .guest: "guest"
        }
    }
}

/// Reading, or adding, changing and removing.
public enum Act: String, CaseIterable, Sendable {
    case read, change
}

/// The kinds of thing the hub keeps promises about.
public enum Thing: String, CaseIterable, Sendable {
    /// The household's things: their photos, papers, recorded stories and sets.
    case items
    /// What things are worth: values, appraisals, selling advice, sales and lots.
    case values
    /// Memories, the people in them and their face tags.
    case memories
    /// A person's journal drawers and cards.
    case journal
    /// The estate binder's sections and entries.
    case binder
    /// What the holder keeps "only me" in the binder.
    case binderOnlyMe
    /// Who receives what: beneficiaries, their gifts and their messages, before anything is handed on.
    case gifts
    /// Letters left for later.
    case letters
    /// A wish round participant's own points and reasons.
    case wishSheets
    /// Organising wish rounds, and their results.
    case wishRounds
    /// What was said in a recording, machine-made or corrected.
    case transcripts
    /// The weekly questions and the stories told back.
    case storytellers
    /// What the hub sent, and the links meant to be passed on by hand.
    case outbox
    /// The estate's record of what happened, and who did it.
    case auditLog
    /// One's own account: password, email address, sessions and phones.
    case settings
    /// Running the household: members, invitations, partners, apps, the hub, exports.
    case household
    /// The plan for passing on: the holder, trusted contacts, the waiting period; reporting a passing.
    case estatePlan
    /// That a passing was reported, cancelled or the estate released; the holder says "I am still here".
    case estateNews

    /// The thing's name as the docs print it.
    public var label: String {
        switch self {
        case .binderOnlyMe: "binder, only me"
        case .wishSheets: "wish sheets"
        case .wishRounds: "wish rounds"
        case .auditLog: "audit log"
        case .estatePlan: "estate plan"
        case .estateNews: "estate news"
        default: rawValue
        }
    }
}

/// How far a reader reaches.
public enum Reach: String, Sendable {
    /// Everything of its kind in the household.
    case all
    /// Only their own, or what is given or shared to them (their feature's rule says which).
    case own
    /// Nothing; a route tells them it does not exist or that they may not.
    case none
}

/// What a route touches: an act on a kind of thing.
public struct Access: Hashable, Sendable, CustomStringConvertible {
    public var act: Act
    public var thing: Thing

    public init(_ act: Act, _ thing: Thing) {
        self.act = act
        self.thing = thing
    }

    public static func read(_ thing: Thing) -> Access { Access(.read, thing) }
    public static func change(_ thing: Thing) -> Access { Access(.change, thing) }

    /// "read items", "change binder": the words the API document and the route tables use.
    public var description: String { "\(act.rawValue) \(thing.rawValue)" }

    /// The access the words name ("read items"), or nil.
    public init?(words: String) {
        let parts = words.split(separator: " ")
        guard parts.count == 2, let act = Act(rawValue: String(parts[0])),
            let thing = Thing(rawValue: String(parts[1]))
        else { return nil }
        self.init(act, thing)
    }
}
