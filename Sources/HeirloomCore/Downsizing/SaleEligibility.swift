import Foundation

/// Why a thing is promised, and so can never be sold.
public enum Promise: Sendable, Hashable {
    /// Left to these beneficiaries, by name (empty when it goes to a beneficiary not named here).
    case leftTo([String])
    /// Marked to keep.
    case kept

    /// "left to Lily", "left to Lily and Tom", "marked to keep".
    public var words: String {
        switch self {
        case .leftTo(let names) where names.isEmpty: "promised to a beneficiary"
        case .leftTo(let names): "left to " + ListText.and(names)
        case .kept: "marked to keep"
        }
    }

    /// What lifts the promise: "Remove Lily first", "Change “Keep” first".
    public var undo: String {
        switch self {
        case .leftTo(let names) where names.isEmpty: "Remove the beneficiary first"
        case .leftTo(let names): "Remove \(ListText.and(names)) first"
        case .kept: "Change “Keep” first"
        }
    }
}

/// An item or a set as the sale rules see it.
public struct SaleThing: Sendable, Equatable {
    public var name: String
    public var disposition: DispositionValue
    /// The names of its beneficiaries (a set has none of its own).
    public var beneficiaries: [String]

    public init(name: String, disposition: DispositionValue, beneficiaries: [String] = []) {
        self.name = name
        self.disposition = disposition
        self.beneficiaries = beneficiaries
    }

    /// Why it is promised; nil when it may be sold.
    public var promise: Promise? { SaleEligibility.promise(disposition: disposition, beneficiaries: beneficiaries) }
}

/// Why a thing may not go in a lot, in words the owner can act on.
public enum SaleRefusal: Error, Sendable, Equatable {
    /// The thing itself is promised.
    case promised(name: String, Promise)
    /// A set holds a promised item.
    case holdsPromised(set: String, item: String, Promise)

    /// The reason alone, as a list of things left out shows it: "Left to Lily", "Holds Pearls, left to Lily".
    public var reason: String {
        switch self {
        case .promised(_, let promise): promise.words.prefix(1).uppercased() + promise.words.dropFirst()
        case .holdsPromised(_, let item, let promise): "Holds \(item), which is \(promise.words)"
        }
    }

    /// Why it left a lot, after "because": "it is left to Lily", "it holds Pearls, which is left to Lily".
    public var because: String {
        switch self {
        case .promised(_, let promise): "it is \(promise.words)"
        case .holdsPromised(_, let item, let promise): "it holds \(item), which is \(promise.words)"
        }
    }

    public var message: String {
        switch self {
        case .promised(let name, let promise):
            "\(name) is \(promise.words); it cannot be sold. \(promise.undo), or choose something else."
        case .holdsPromised(let set, let item, let promise):
            "The set \(set) holds \(item), which is \(promise.words); the set cannot be sold with it. "
                + "Take \(item) out of the set, or \(promise.undo.prefix(1).lowercased() + promise.undo.dropFirst())."
        }
    }
}

/// The one answer to "may this be sold?": a promised heirloom never goes in a sale lot.
///
/// A thing is promised when it has a beneficiary, or its disposition is legacy or keep. A promised item is never a
/// lot member; a set may be in a lot only while none of its items is promised. One rule for whatever becomes
/// promised after it went in a lot, on its own or through its set: it is taken out of the lot (the whole set, which
/// stays as it is), and the owner and the sale are told why. "Add a lot" offers only what passes (`LotChoices`).
public enum SaleEligibility {
    /// Why a thing with this disposition and these beneficiaries is promised; nil when it is not.
    public static func promise(disposition: DispositionValue, beneficiaries: [String]) -> Promise? {
        if !beneficiaries.isEmpty { return .leftTo(beneficiaries) }
        switch disposition {
        case .legacy: return .leftTo([])
        case .keep: return .kept
        default: return nil
        }
    }

    /// Whether a set with this disposition, or in a lot, is on its way to being sold with its items.
    public static func setIsForSale(_ disposition: DispositionValue, inLot: Bool) -> Bool {
        inLot || disposition == .sell || disposition == .consign
    }

    /// Refuses a promised item.
    public static func check(item: SaleThing) throws(SaleRefusal) {
        if let promise = item.promise { throw .promised(name: item.name, promise) }
    }

    /// Refuses a set that is promised itself or holds a promised item.
    public static func check(set: SaleThing, items: [SaleThing]) throws(SaleRefusal) {
        if let promise = set.promise { throw .promised(name: set.name, promise) }
        if let item = items.first(where: { $0.promise != nil }), let promise = item.promise {
            throw .holdsPromised(set: set.name, item: item.name, promise)
        }
    }

    /// Whether a change of disposition records a sale (sold or consigned, and done): refused for a promised thing,
    /// or a set that holds one, so that a designated thing is never recorded as sold either.
    public static func marksSold(from old: Disposition, to new: Disposition) -> Bool {
        guard new.value == .sell || new.value == .consign, new.status == .done else { return false }
        return !(old.value == new.value && old.status == .done)
    }

    /// Whether "add everything undecided" considers a thing with this disposition: undecided or marked to sell.
    public static func isUndecidedOrSell(_ disposition: DispositionValue) -> Bool {
        disposition == .undecided || disposition == .sell
    }
}
