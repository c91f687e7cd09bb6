import Foundation

/// What kind of event a sale is.
public enum SaleKind: String, Codable, Sendable, CaseIterable {
    case estateSale, auction, consignmentDropOff, donationRun

    /// The name people read.
    public var displayName: String {
        switch self {
        case .estateSale: "Estate sale"
        case .auction: "Auction"
        case .consignmentDropOff: "Consignment drop-off"
        case .donationRun: "Donation run"
        }
    }
}

/// The four steps of getting a lot ready, in order.
public enum LotStep: String, Codable, Sendable, CaseIterable {
    case prepared, documented, staged, ready

    /// The name people read.
    public var displayName: String {
        switch self {
        case .prepared: "Prepared"
        case .documented: "Documented"
        case .staged: "Staged"
        case .ready: "Ready"
        }
    }

    /// What the step asks of the family.
    public var hint: String {
        switch self {
        case .prepared: "Cleaned, gathered and checked"
        case .documented: "Photographed and described, with a price"
        case .staged: "Set out where buyers will see it"
        case .ready: "Labelled and ready for the sale"
        }
    }
}

/// The rules of a lot's checklist: a lot is ready only once it is prepared, documented and staged, and undoing
/// one of those undoes "ready" too.
public enum LotChecklistRule {
    public enum Problem: Error, Equatable, Sendable {
        /// "ready" was asked for while these steps are still open.
        case notYetDone([LotStep])
    }

    /// The steps done after the changes (`true` ticks, `false` unticks), or the reason it cannot be.
    public static func apply(_ changes: [LotStep: Bool], to done: Set<LotStep>) throws(Problem) -> Set<LotStep> {
        var result = done
        for step in LotStep.allCases where step != .ready {
            if let value = changes[step] {
                if value { result.insert(step) } else { result.remove(step) }
            }
        }
        let preparatory = LotStep.allCases.filter { $0 != .ready }
        let missing = preparatory.filter { !result.contains($0) }
        if changes[.ready] == true {
            guard missing.isEmpty else { throw .notYetDone(missing) }
            result.insert(.ready)
        } else if changes[.ready] == false || !missing.isEmpty {
            result.remove(.ready)
        }
        return result
    }
}
