import Foundation

/// When a beneficiary may see an item assigned to them, as stored on the item–beneficiary link.
public enum AccessPermission: String, Codable, CaseIterable, Sendable {
    /// As soon as the link exists.
    case immediate
    /// From the link's access date on.
    case afterSpecificDate
    /// Once the owner's passing has been confirmed.
    case uponPassing
}

/// Whether the household's owner is alive, or their passing has been confirmed and from when.
public enum OwnerReleaseState: Equatable, Sendable {
    /// The owner is alive (or their passing is not confirmed yet).
    case alive
    /// The passing was confirmed; items released upon passing are available from `on`.
    case passingConfirmed(on: Date)
}

/// The rule of one item–beneficiary link: when its item becomes available to its beneficiary.
public enum ReleaseRule: Equatable, Sendable {
    /// Available as soon as the link exists.
    case immediate
    /// Available from the date on.
    case afterSpecificDate(Date)
    /// Available once the owner's passing is confirmed.
    case uponPassing

    /// The most characters a link's personal message may have.
    public static let maximumPersonalMessageLength = 5_000

    /// The rule for a stored or submitted permission and date; the date is required exactly for afterSpecificDate.
    public init(permission: AccessPermission, accessDate: Date?) throws(FieldError) {
        switch (permission, accessDate) {
        case (.afterSpecificDate, let date?):
            self = .afterSpecificDate(date)
        case (.afterSpecificDate, nil):
            throw FieldError(field: "accessDate", message: "Please choose the date from which the item is available.")
        case (_, .some):
            throw FieldError(
                field: "accessDate",
                message:
                    "Only the rule \"after a specific date\" takes a date; please remove the date or change the rule.")
        case (.immediate, nil):
            self = .immediate
        case (.uponPassing, nil):
            self = .uponPassing
        }
    }

    /// The permission to store.
    public var permission: AccessPermission {
        switch self {
        case .immediate: .immediate
        case .afterSpecificDate: .afterSpecificDate
        case .uponPassing: .uponPassing
        }
    }

    /// The date to store: set only for afterSpecificDate.
    public var accessDate: Date? {
        if case .afterSpecificDate(let date) = self { date } else { nil }
    }

    /// When the item becomes available, or nil while that cannot be known (upon passing, owner alive).
    ///
    /// A date rule waits for its date even after the owner's passing: the owner chose the day (a wedding,
    /// a twenty-first birthday), so an earlier passing does not bring it forward.
    public func availableFrom(owner: OwnerReleaseState) -> Date? {
        switch (self, owner) {
        case (.immediate, _): .distantPast
        case (.afterSpecificDate(let date), _): date
        case (.uponPassing, .alive): nil
        case (.uponPassing, .passingConfirmed(let date)): date
        }
    }

    /// Whether the item is available to the beneficiary at `now`; the moment itself counts as available.
    public func isAvailable(at now: Date, owner: OwnerReleaseState) -> Bool {
        guard let from = availableFrom(owner: owner) else { return false }
        return now >= from
    }

    /// A personal message trimmed, nil when blank, refused when longer than 5,000 characters.
    public static func personalMessage(
        _ raw: String?, field: String = "personalMessage"
    ) throws(FieldError) -> String? {
        guard let message = raw?.trimmingWhitespace(), !message.isEmpty else { return nil }
        try TextLimit.check(
            message, maximum: maximumPersonalMessageLength, field: field,
            tooLong: "The personal message can be at most 5,000 characters long; it has \(message.count).")
        return message
    }
}
