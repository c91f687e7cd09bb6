import Foundation

/// A person read from one vCard: what a beneficiary can be made from.
public struct ParsedContact: Equatable, Sendable {
    /// The card's UID (or Apple's X-ABUID when there is none), which links a beneficiary to the contact.
    public var uid: String?
    /// The name to show: FN, else the parts of N, else ORG; trimmed and never empty.
    public var fullName: String
    /// The email addresses, in the card's order.
    public var emails: [ContactEmail]
    /// The telephone numbers, in the card's order.
    public var phones: [ContactPhone]
    /// The first embedded photo that could be decoded.
    public var photo: ContactPhoto?

    public init(
        uid: String? = nil, fullName: String, emails: [ContactEmail] = [], phones: [ContactPhone] = [],
        photo: ContactPhoto? = nil
    ) {
        self.uid = uid
        self.fullName = fullName
        self.emails = emails
        self.phones = phones
        self.photo = photo
    }

    /// The address marked preferred, else the first.
    public var preferredEmail: String? {
        (emails.first { $0.types.contains("pref") } ?? emails.first)?.address
    }

    /// The number marked preferred, else the first mobile number, else the first.
    public var preferredPhone: String? {
        let mobile = phones.first { !$0.types.filter { ["cell", "mobile", "iphone"].contains($0) }.isEmpty }
        return (phones.first { $0.types.contains("pref") } ?? mobile ?? phones.first)?.number
    }
}

/// An email address on a card with its types ("home", "work", "pref") and its label.
public struct ContactEmail: Equatable, Sendable {
    /// The address as written on the card, without a "mailto:" prefix.
    public var address: String
    /// The TYPE values, lower-cased, without the meaningless "internet"; "pref" when the card prefers it.
    public var types: [String]
    /// The label from a grouped X-ABLabel ("Other", "Cottage"), with Apple's `_$!<…>!$_` wrapping removed.
    public var label: String?

    public init(address: String, types: [String] = [], label: String? = nil) {
        self.address = address
        self.types = types
        self.label = label
    }
}

/// A telephone number on a card with its types ("cell", "home", "voice", "pref") and its label.
public struct ContactPhone: Equatable, Sendable {
    /// The number as written on the card, without a "tel:" prefix.
    public var number: String
    /// The TYPE values, lower-cased; "pref" when the card prefers it.
    public var types: [String]
    /// The label from a grouped X-ABLabel, with Apple's `_$!<…>!$_` wrapping removed.
    public var label: String?

    public init(number: String, types: [String] = [], label: String? = nil) {
        self.number = number
        self.types = types
        self.label = label
    }
}

/// The bytes of an embedded photo and their media type.
public struct ContactPhoto: Equatable, Sendable {
    /// The decoded image.
    public var data: Data
    /// The media type, such as "image/jpeg".
    public var mediaType: String

    public init(data: Data, mediaType: String) {
        self.data = data
        self.mediaType = mediaType
    }
}

/// What became of one card in a file: a contact, or the reason it was refused.
public enum VCardParseResult: Equatable, Sendable {
    /// The card was read.
    case contact(ParsedContact)
    /// The card was refused; the cards after it are still read.
    case rejected(VCardRejection)

    /// The contact, when the card was read.
    public var contact: ParsedContact? {
        if case .contact(let contact) = self { contact } else { nil }
    }

    /// The rejection, when the card was refused.
    public var rejection: VCardRejection? {
        if case .rejected(let rejection) = self { rejection } else { nil }
    }
}

/// A card that could not be read: where it was, whose it seems to be, and why.
public struct VCardRejection: Equatable, Sendable {
    /// The card's position in the file, counting from 0 (the same as its position in the results).
    public var index: Int
    /// The name on the card, when one could be read.
    public var name: String?
    /// Why the card was refused.
    public var reason: Reason

    public init(index: Int, name: String?, reason: Reason) {
        self.index = index
        self.name = name
        self.reason = reason
    }

    /// Why a card was refused.
    public enum Reason: Equatable, Sendable {
        /// The card has no END:VCARD line, so it may be cut off.
        case missingEnd
        /// The card has neither FN, N nor ORG with any text.
        case missingName
        /// The name is longer than a beneficiary's name may be.
        case nameTooLong

        /// A sentence a person understands.
        public var message: String {
            switch self {
            case .missingEnd: "This card is incomplete (it has no END:VCARD line); the file may be cut off."
            case .missingName: "This card has no name."
            case .nameTooLong: "The name on this card is longer than \(AccountRules.maximumNameLength) characters."
            }
        }
    }
}
