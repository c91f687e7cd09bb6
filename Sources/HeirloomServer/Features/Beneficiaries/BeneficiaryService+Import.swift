import Fluent
import Foundation
import HeirloomCore

extension BeneficiaryService {
    /// What became of one card of an import.
    struct ImportedCard: Sendable, Equatable {
        var name: String
        /// "created", "merged", "unchanged" or "rejected".
        var status: String
        var beneficiaryID: UUID?
        var reason: String?
    }

    /// The largest vCard file an import reads (photos make real exports large).
    static let maximumImportBytes = 10 * 1024 * 1024

    /// Imports the cards of a vCard file: parses, plans the merge against the household's beneficiaries (pure
    /// functions in HeirloomCore), then applies the plan in order, in one transaction.
    func importContacts(_ data: Data, by principal: Principal) async throws -> [ImportedCard] {
        try Self.requirePlanner(principal)
        guard data.count <= Self.maximumImportBytes else {
            throw AppError.payloadTooLarge("The contacts file is larger than the 10 MB an import accepts.")
        }
        let results = VCardParser.parse(data)
        guard !results.isEmpty else {
            throw AppError.invalid(
                FieldError(
                    field: "file",
                    message: "We found no contact cards in this file. Please export your contacts as vCards (.vcf)."))
        }
        let householdID = principal.householdID
        return try await db.transaction { db in
            let people = try await Beneficiary.query(on: db).filter(\.$household.$id == householdID).all()
            var byID = Dictionary(uniqueKeysWithValues: people.compactMap { p in p.id.map { ($0, p) } })
            let plan = ContactMerge.plan(results, existing: people.compactMap(\.existing))
            var cards: [ImportedCard] = []
            for entry in plan {
                let name = entry.name ?? "Card \(entry.index + 1)"
                switch entry.outcome {
                case .created(let new):
                    let person = Beneficiary()
                    person.id = new.id
                    person.$household.id = householdID
                    person.name = new.name
                    person.email = new.email
                    person.emailSetByID = new.email == nil ? nil : principal.userID
                    person.phoneNumber = new.phone.flatMap { try? BeneficiaryDraft.phone($0) }
                    person.contactIdentifier = new.contactIdentifier
                    person.isLinkedToContact = new.contactIdentifier != nil
                    person.nameEditedByUser = false
                    try await person.create(on: db)
                    byID[new.id] = person
                case .merged(let id, let changes):
                    guard let person = byID[id] else { throw AppError.internalProblem("merge into unknown \(id)") }
                    if let name = changes.name { person.name = name }
                    if let email = changes.email {
                        person.email = email
                        person.emailSetByID = principal.userID
                    }
                    if let phone = changes.phone { person.phoneNumber = try? BeneficiaryDraft.phone(phone) }
                    if let uid = changes.contactIdentifier {
                        person.contactIdentifier = uid
                        person.isLinkedToContact = true
                    }
                    try await person.save(on: db)
                case .unchanged, .rejected:
                    break
                }
                let reason: String? = if case .rejected(let why) = entry.outcome { why.message } else { nil }
                cards.append(
                    ImportedCard(
                        name: name, status: entry.outcome.status, beneficiaryID: entry.outcome.beneficiaryID,
                        reason: reason))
            }
            return cards
        }
    }
}
