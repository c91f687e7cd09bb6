import Foundation

/// The little of a beneficiary that a contacts import needs to decide what to do.
public struct ExistingBeneficiary: Equatable, Sendable {
    /// The beneficiary's id.
    public var id: UUID
    /// The name as stored.
    public var name: String
    /// The email address, if any.
    public var email: String?
    /// The phone number, if any.
    public var phone: String?
    /// The UID of the contact the beneficiary was imported from or linked to.
    public var contactIdentifier: String?
    /// Whether a person changed the name by hand, in which case an import never changes it.
    public var nameEditedByUser: Bool

    public init(
        id: UUID, name: String, email: String? = nil, phone: String? = nil, contactIdentifier: String? = nil,
        nameEditedByUser: Bool = false
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.phone = phone
        self.contactIdentifier = contactIdentifier
        self.nameEditedByUser = nameEditedByUser
    }
}

/// The fields an import sets on a beneficiary; nil means "leave as it is".
public struct BeneficiaryChanges: Equatable, Sendable {
    /// The contact's name, for a beneficiary whose name nobody edited.
    public var name: String?
    /// An email address for a beneficiary that has none (valid and lower-cased).
    public var email: String?
    /// A phone number for a beneficiary that has none.
    public var phone: String?
    /// The contact's UID for a beneficiary not yet linked to a contact.
    public var contactIdentifier: String?

    public init(name: String? = nil, email: String? = nil, phone: String? = nil, contactIdentifier: String? = nil) {
        self.name = name
        self.email = email
        self.phone = phone
        self.contactIdentifier = contactIdentifier
    }

    /// Whether nothing would change.
    public var isEmpty: Bool { name == nil && email == nil && phone == nil && contactIdentifier == nil }
}

/// A beneficiary an import creates, with the id the server must give it (later cards may merge into it).
public struct NewBeneficiary: Equatable, Sendable {
    /// The id to create the beneficiary with.
    public var id: UUID
    /// The name on the card.
    public var name: String
    /// The card's preferred valid email address, lower-cased.
    public var email: String?
    /// The card's preferred phone number (preferred, else mobile, else first).
    public var phone: String?
    /// The contact's UID, when the card has one; the beneficiary is then linked to the contact.
    public var contactIdentifier: String?

    public init(id: UUID, name: String, email: String? = nil, phone: String? = nil, contactIdentifier: String? = nil) {
        self.id = id
        self.name = name
        self.email = email
        self.phone = phone
        self.contactIdentifier = contactIdentifier
    }
}

/// What an import does with one card.
public enum ContactMergeOutcome: Equatable, Sendable {
    /// A new beneficiary is made.
    case created(NewBeneficiary)
    /// An existing beneficiary (or one created from an earlier card of the same file) gets these changes.
    case merged(beneficiaryID: UUID, changes: BeneficiaryChanges)
    /// The card matches a beneficiary that already has everything the card could add.
    case unchanged(beneficiaryID: UUID)
    /// The card is not imported.
    case rejected(ContactImportRejection)

    /// The status as the API names it: "created", "merged", "unchanged" or "rejected".
    public var status: String {
        switch self {
        case .created: "created"
        case .merged: "merged"
        case .unchanged: "unchanged"
        case .rejected: "rejected"
        }
    }

    /// The beneficiary the card ended up as, unless it was rejected.
    public var beneficiaryID: UUID? {
        switch self {
        case .created(let new): new.id
        case .merged(let id, _), .unchanged(let id): id
        case .rejected: nil
        }
    }
}

/// Why a card was not imported.
public enum ContactImportRejection: Equatable, Sendable {
    /// The card itself could not be read.
    case unreadable(VCardRejection.Reason)
    /// More than one beneficiary has this name and none shares the card's email, so the right one is unclear.
    case ambiguousName(count: Int)

    /// A sentence a person understands.
    public var message: String {
        switch self {
        case .unreadable(let reason): reason.message
        case .ambiguousName(let count):
            "\(count) beneficiaries already have this name, so we did not guess which one this is. Please add or update them by hand."
        }
    }
}

/// The decision for one card: its position in the file, the name on it, and what happens.
public struct ContactMergeEntry: Equatable, Sendable {
    /// The card's position in the file, counting from 0.
    public var index: Int
    /// The name on the card, when one could be read.
    public var name: String?
    /// What the import does with the card.
    public var outcome: ContactMergeOutcome

    public init(index: Int, name: String?, outcome: ContactMergeOutcome) {
        self.index = index
        self.name = name
        self.outcome = outcome
    }
}
