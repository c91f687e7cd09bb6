import Foundation

/// When the executors (trusted contacts) may read an entry.
public enum ExecutorAccess: String, Codable, CaseIterable, Sendable {
    /// Never: the entry is the estate holder's alone unless a beneficiary is named.
    case never
    /// From now on.
    case now
    /// Once the passing is confirmed: the estate released, not merely reported.
    case afterPassing
}

/// When a named beneficiary may read an entry.
public enum BinderMoment: String, Codable, CaseIterable, Sendable {
    case now, afterPassing
}

/// A named beneficiary who may read an entry, and from when.
public struct BinderGrant: Codable, Hashable, Sendable {
    public var beneficiaryID: UUID
    public var when: BinderMoment

    public init(beneficiaryID: UUID, when: BinderMoment) {
        self.beneficiaryID = beneficiaryID
        self.when = when
    }
}

/// Who may read a binder entry (or, as a default for its entries, a section), and when.
public struct BinderVisibility: Codable, Hashable, Sendable {
    public var executors: ExecutorAccess
    public var beneficiaries: [BinderGrant]

    public init(executors: ExecutorAccess, beneficiaries: [BinderGrant] = []) {
        self.executors = executors
        self.beneficiaries = beneficiaries
    }

    /// A section's default before the holder chooses one: the executors, once the passing is confirmed.
    public static let sectionDefault = BinderVisibility(executors: .afterPassing)

    /// Nobody else: not the executors, no beneficiary, not even the household's other owners.
    public var isPrivate: Bool { executors == .never && beneficiaries.isEmpty }

    /// The visibility with each beneficiary named once (the first choice kept) and in a stable order.
    public func normalised() -> BinderVisibility {
        var seen = Set<UUID>()
        let grants = beneficiaries.filter { seen.insert($0.beneficiaryID).inserted }
        return BinderVisibility(
            executors: executors,
            beneficiaries: grants.sorted { $0.beneficiaryID.uuidString < $1.beneficiaryID.uuidString })
    }
}
