import Foundation

/// Decides, card by card, how imported contacts become beneficiaries; pure, so the server only applies the plan.
public enum ContactMerge {
    /// One entry per parse result, in order: the beneficiary to reuse, merge into or create, or why not.
    ///
    /// A card goes to the beneficiary linked to its UID; else to the one with the same email (ignoring case);
    /// else to the one with the same name (ignoring case, accents and spacing); else a new one, whose id comes from
    /// `makeID` so that later cards of the same file merge into it instead of duplicating it. A merge fills a missing
    /// email, phone or contact link and renames only a beneficiary whose name nobody edited by hand.
    /// The server applies the entries in order.
    public static func plan(
        _ results: [VCardParseResult], existing: [ExistingBeneficiary], makeID: () -> UUID = UUID.init
    ) -> [ContactMergeEntry] {
        var directory = Directory(existing)
        var entries: [ContactMergeEntry] = []
        for (index, result) in results.enumerated() {
            switch result {
            case .rejected(let rejection):
                entries.append(
                    ContactMergeEntry(
                        index: index, name: rejection.name, outcome: .rejected(.unreadable(rejection.reason))))
            case .contact(let contact):
                let outcome = decide(contact, directory: &directory, makeID: makeID)
                entries.append(ContactMergeEntry(index: index, name: contact.fullName, outcome: outcome))
            }
        }
        return entries
    }

    private static func decide(
        _ contact: ParsedContact, directory: inout Directory, makeID: () -> UUID
    ) -> ContactMergeOutcome {
        let emails = contact.emails.compactMap { try? AccountRules.email($0.address) }
        let preferredEmail = (contact.preferredEmail.flatMap { try? AccountRules.email($0) }) ?? emails.first
        switch directory.match(contact, emails: emails) {
        case .ambiguous(let count):
            return .rejected(.ambiguousName(count: count))
        case .none:
            let new = NewBeneficiary(
                id: makeID(), name: contact.fullName, email: preferredEmail, phone: contact.preferredPhone,
                contactIdentifier: contact.uid)
            directory.add(
                ExistingBeneficiary(
                    id: new.id, name: new.name, email: new.email, phone: new.phone,
                    contactIdentifier: new.contactIdentifier),
                createdNow: true)
            return .created(new)
        case .one(let index):
            var person = directory.people[index]
            var changes = BeneficiaryChanges()
            if !person.nameEditedByUser, !directory.createdIDs.contains(person.id), person.name != contact.fullName {
                changes.name = contact.fullName
                person.name = contact.fullName
            }
            if person.email.isBlank, let email = preferredEmail {
                changes.email = email
                person.email = email
            }
            if person.phone.isBlank, let phone = contact.preferredPhone {
                changes.phone = phone
                person.phone = phone
            }
            if person.contactIdentifier.isBlank, let uid = contact.uid {
                changes.contactIdentifier = uid
                person.contactIdentifier = uid
            }
            directory.replace(at: index, with: person)
            return changes.isEmpty
                ? .unchanged(beneficiaryID: person.id) : .merged(beneficiaryID: person.id, changes: changes)
        }
    }

    /// A name for comparison: case, accents and spacing removed ("  José  GARCÍA" is "jose garcia").
    public static func foldedName(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// The beneficiaries known so far in an import, indexed by contact, email and folded name.
private struct Directory {
    enum Match {
        case none
        case one(Int)
        case ambiguous(Int)
    }

    private(set) var people: [ExistingBeneficiary] = []
    private(set) var createdIDs: Set<UUID> = []
    private var byContact: [String: Int] = [:]
    private var byEmail: [String: [Int]] = [:]
    private var byName: [String: [Int]] = [:]

    init(_ existing: [ExistingBeneficiary]) {
        for person in existing { add(person, createdNow: false) }
    }

    mutating func add(_ person: ExistingBeneficiary, createdNow: Bool) {
        people.append(person)
        if createdNow { createdIDs.insert(person.id) }
        index(people.count - 1)
    }

    mutating func replace(at index: Int, with person: ExistingBeneficiary) {
        let old = people[index]
        if let email = Self.emailKey(old.email) { byEmail[email]?.removeAll { $0 == index } }
        byName[ContactMerge.foldedName(old.name)]?.removeAll { $0 == index }
        people[index] = person
        self.index(index)
    }

    private mutating func index(_ index: Int) {
        let person = people[index]
        if let contact = person.contactIdentifier, byContact[contact] == nil { byContact[contact] = index }
        if let email = Self.emailKey(person.email) { byEmail[email, default: []].append(index) }
        byName[ContactMerge.foldedName(person.name), default: []].append(index)
    }

    private static func emailKey(_ email: String?) -> String? {
        guard let email = email?.trimmingWhitespace().lowercased(), !email.isEmpty else { return nil }
        return email
    }

    /// The beneficiary a card belongs to: by contact link, then email, then name.
    func match(_ contact: ParsedContact, emails: [String]) -> Match {
        if let uid = contact.uid, let index = byContact[uid] { return .one(index) }
        let name = ContactMerge.foldedName(contact.fullName)
        var sharingEmail: [Int] = []
        for email in emails {
            for index in byEmail[email] ?? [] where !sharingEmail.contains(index) { sharingEmail.append(index) }
        }
        if sharingEmail.count == 1 { return .one(sharingEmail[0]) }
        let named = byName[name] ?? []
        // A shared address (a couple's) is settled by the name; if that does not settle it, the name alone decides.
        let sharedAndNamed = sharingEmail.filter { named.contains($0) }
        if sharedAndNamed.count == 1 { return .one(sharedAndNamed[0]) }
        switch named.count {
        case 0: return .none
        case 1: return .one(named[0])
        default: return .ambiguous(named.count)
        }
    }
}

extension String? {
    /// Whether there is no text, or only whitespace.
    fileprivate var isBlank: Bool { self?.trimmingWhitespace().isEmpty ?? true }
}
