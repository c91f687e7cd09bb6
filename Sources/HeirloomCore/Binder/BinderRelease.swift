import Foundation

/// Who is reading the binder.
public enum BinderReader: Hashable, Sendable {
    /// The person whose legacy it is.
    case holder
    /// Another owner of the household helping the holder; `isAuthor` when they wrote the entry.
    case owner(isAuthor: Bool)
    /// One of the trusted contacts.
    case executor
    /// A beneficiary, by id.
    case beneficiary(UUID)
}

/// Whether a reader sees a binder entry: the one answer the binder pages, the API, the preview, the executor's
/// checklist, the printed packet and the export all use, applied to the estate's state at a moment.
///
/// "After the passing" means the estate is released (`EstateStatus.releaseMoment`), never merely reported: a report
/// the holder stops shows nothing to anyone.
public enum BinderRelease {
    /// Whether `reader` sees an entry with `visibility` at `now`.
    public static func isVisible(
        _ visibility: BinderVisibility, to reader: BinderReader, estate: EstateStatus, at now: Date
    ) -> Bool {
        let passed = estate.releaseMoment(at: now) != nil
        switch reader {
        case .holder:
            return true
        case .owner(let isAuthor):
            return isAuthor || !visibility.isPrivate
        case .executor:
            switch visibility.executors {
            case .never: return false
            case .now: return true
            case .afterPassing: return passed
            }
        case .beneficiary(let id):
            return visibility.beneficiaries.contains { grant in
                grant.beneficiaryID == id && (grant.when == .now || passed)
            }
        }
    }

    /// Whether `reader` may change who reads an entry or a section from `current` to `new`. What the holder keeps
    /// to themselves ("Only you") is the holder's alone to open to others: another owner could otherwise widen it
    /// and read it, and so could the trusted contacts; narrowing is anyone's who keeps the binder.
    public static func mayChangeReaders(
        from current: BinderVisibility, to new: BinderVisibility, by reader: BinderReader
    )
        -> Bool
    {
        switch reader {
        case .holder: return true
        case .owner: return !current.isPrivate || new.normalised() == current.normalised()
        case .executor, .beneficiary: return false
        }
    }

    /// Whether `reader` reads an entry's account and policy numbers whole: the holder (whose page shows them masked
    /// until she asks), and a trusted contact once the estate is released, who needs them to close the accounts.
    /// Everyone else reads "•••• 4567".
    public static func readsWholeNumbers(_ reader: BinderReader, estate: EstateStatus, at now: Date) -> Bool {
        switch reader {
        case .holder: return true
        case .executor: return estate.releaseMoment(at: now) != nil
        case .owner, .beneficiary: return false
        }
    }

    /// Whether `reader` is told that an entry they may not open exists: another owner learns that the holder keeps
    /// something to themselves there (never its title or contents); nobody from outside learns of it.
    public static func isCountedAsKept(_ visibility: BinderVisibility, to reader: BinderReader) -> Bool {
        if case .owner = reader { return visibility.isPrivate }
        return false
    }

    /// What `reader` would see at `moment` if the passing were confirmed then: the rehearsal "Preview as …" shows,
    /// as `RecipientVisibility.isVisibleInPreview` does for items.
    public static func isVisibleInPreview(_ visibility: BinderVisibility, to reader: BinderReader, at moment: Date)
        -> Bool
    {
        isVisible(visibility, to: reader, estate: EstateStatus(state: .released, releasedAt: moment), at: moment)
    }

    /// Who reads the entry, in plain words: "Only you: nobody else, not even the other owners." or "The trusted
    /// contacts, after your passing is confirmed; Anna Jones, now." `holder` is the holder's name when the reader is
    /// someone else ("after Margaret's passing"), nil when the holder reads.
    public static func plainWords(
        _ visibility: BinderVisibility, beneficiaryNames: [UUID: String], holder: String? = nil
    ) -> String {
        let passing = holder.map { "after \($0)\u{2019}s passing is confirmed" } ?? "after your passing is confirmed"
        var parts: [String] = []
        switch visibility.executors {
        case .never: break
        case .now: parts.append("the trusted contacts, now")
        case .afterPassing: parts.append("the trusted contacts, \(passing)")
        }
        for grant in visibility.beneficiaries {
            let name = beneficiaryNames[grant.beneficiaryID] ?? "a beneficiary"
            parts.append(grant.when == .now ? "\(name), now" : "\(name), \(passing)")
        }
        guard !parts.isEmpty else {
            return holder.map { "Only \($0): nobody else." } ?? "Only you: nobody else, not even the other owners."
        }
        let sentence = parts.joined(separator: "; ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
    }
}
