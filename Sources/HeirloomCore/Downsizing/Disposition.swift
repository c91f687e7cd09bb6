import Foundation

/// What happens to an item or a set when the home is downsized or the estate settled.
public enum DispositionValue: String, Codable, CaseIterable, Sendable {
    case undecided, legacy, sell, consign, donate, discard, keep

    /// The choice as people read it.
    public var displayName: String {
        switch self {
        case .undecided: "Not decided yet"
        case .legacy: "Goes to a beneficiary"
        case .sell: "Sell"
        case .consign: "Consign"
        case .donate: "Donate"
        case .discard: "Discard"
        case .keep: "Keep"
        }
    }
}

/// How far the chosen disposition has got.
public enum DispositionStatus: String, Codable, CaseIterable, Sendable {
    case notStarted, inProgress, done

    /// The status as people read it.
    public var displayName: String {
        switch self {
        case .notStarted: "Not started"
        case .inProgress: "In progress"
        case .done: "Done"
        }
    }
}

/// What a person or an app sends to change a disposition: text as typed, checked by `Disposition.init(_:over:...)`.
public struct DispositionInput: Sendable, Equatable {
    public var value: String?
    public var status: String?
    public var note: String?
    public var amount: String?

    public init(value: String? = nil, status: String? = nil, note: String? = nil, amount: String? = nil) {
        self.value = value
        self.status = status
        self.note = note
        self.amount = amount
    }

    /// Whether nothing is to change.
    public var isEmpty: Bool { value == nil && status == nil && note == nil && amount == nil }
}

/// The disposition of an item or a set: a choice, how far it has got, a note, and the exact amount it fetched.
///
/// Always consistent: an undecided thing has not started and fetched nothing; only a done one has an amount.
public struct Disposition: Sendable, Equatable {
    public var value: DispositionValue
    public var status: DispositionStatus
    public var note: String
    /// What it fetched, when done (in the item's or set's currency).
    public var amount: Money?

    public static let maximumNoteLength = 2_000

    public static let undecided = Disposition(value: .undecided, status: .notStarted, note: "", amount: nil)

    public init(value: DispositionValue, status: DispositionStatus, note: String, amount: Money?) {
        self.value = value
        self.status = status
        self.note = note
        self.amount = amount
    }

    /// Checks `input` over `base`. Absent fields keep their value; an empty amount clears it. `hasBeneficiary` says
    /// whether the item is assigned to someone: legacy can only be chosen then, and undecided then reads as legacy.
    /// A status other than done drops the amount; an amount is refused unless the status is done.
    public init(
        _ input: DispositionInput, over base: Disposition, currency: CurrencyCode, hasBeneficiary: Bool,
        field: String = "disposition"
    ) throws {
        self = base
        if let raw = input.value {
            guard let value = DispositionValue(rawValue: raw.trimmingWhitespace()) else {
                let names = DispositionValue.allCases.map(\.rawValue).joined(separator: ", ")
                throw FieldError(field: "\(field).value", message: "Please choose one of: \(names).")
            }
            if value == .legacy, !hasBeneficiary {
                throw FieldError(
                    field: "\(field).value",
                    message: "It goes to a beneficiary once it is assigned to one; assign it first.")
            }
            if value != base.value {
                status = .notStarted
                amount = nil
            }
            self.value = value
        }
        if let raw = input.status {
            guard let status = DispositionStatus(rawValue: raw.trimmingWhitespace()) else {
                throw FieldError(
                    field: "\(field).status", message: "Please choose one of: notStarted, inProgress, done.")
            }
            self.status = status
        }
        if let raw = input.note {
            let note = raw.trimmingWhitespace()
            try TextLimit.check(
                note, maximum: Self.maximumNoteLength, field: "\(field).note",
                tooLong: "The note can be at most 2,000 characters long.")
            self.note = note
        }
        if status != .done { amount = nil }
        if let raw = input.amount {
            let text = raw.trimmingWhitespace()
            if text.isEmpty {
                amount = nil
            } else {
                guard status == .done else {
                    throw FieldError(
                        field: "\(field).amount", message: "The amount it fetched is recorded once it is done.")
                }
                amount = try Money.parse(text, currency: currency, field: "\(field).amount")
            }
        }
        self = LegacyRule.settled(self, hasBeneficiary: hasBeneficiary)
        if value == .undecided, status != .notStarted {
            throw FieldError(field: "\(field).status", message: "Please choose what happens to it first.")
        }
    }
}
