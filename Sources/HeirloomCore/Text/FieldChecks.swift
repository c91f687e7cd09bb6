/// Several mistakes in one form, in the order of its fields, so a person can fix them in one trip.
public struct FieldErrors: Error, Equatable, Sendable {
    /// At least two mistakes; one alone is thrown as its `FieldError`.
    public var all: [FieldError]

    public init(_ all: [FieldError]) {
        self.all = all
    }
}

/// Runs each field's check of a form and keeps its mistake, instead of stopping at the first one.
///
///     var checks = FieldChecks()
///     let name = checks.value { try AccountRules.name(raw, field: "name", what: "name") }
///     try checks.finish()
public struct FieldChecks: Sendable {
    /// The mistakes found so far, in the order the checks ran.
    public private(set) var mistakes: [FieldError] = []

    public init() {}

    /// What `check` gives, or nil when it finds a mistake in a field, which is kept for `finish()`.
    /// Any other error is thrown at once.
    public mutating func value<T>(_ check: () throws -> T) throws -> T? {
        do {
            return try check()
        } catch let mistake as FieldError {
            note(mistake)
            return nil
        }
    }

    /// Keeps a mistake found by the caller; a field's second mistake is dropped (its first is the one to fix).
    public mutating func note(_ mistake: FieldError) {
        guard !mistakes.contains(where: { $0.field == mistake.field }) else { return }
        mistakes.append(mistake)
    }

    /// Throws what was found: nothing, one `FieldError`, or all of them as `FieldErrors`.
    public func finish() throws {
        switch mistakes.count {
        case 0: return
        case 1: throw mistakes[0]
        default: throw FieldErrors(mistakes)
        }
    }
}
