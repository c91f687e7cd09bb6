import Foundation
import HeirloomCore
import Vapor

/// What the binder's web forms send: an entry, and the "who may read it" part the section form shares.
struct BinderEntryInput: Content {
    var section: String?
    var title: String?
    var text: String?
    var reviewOn: String?
    var fields: [String: String]?
    /// "section" to follow the section's choice, "own" for the choice below.
    var follow: String?
    var executors: String?
    /// Each beneficiary's choice by id: "", "now" or "afterPassing".
    var readers: [String: String]?

    var chosenSection: BinderSection { section.flatMap { BinderSection(rawValue: $0) } ?? .other }

    func draft() throws -> BinderEntryDraft {
        try BinderEntryDraft(
            section: section ?? "", title: title ?? "", text: text, fields: fields ?? [:], reviewOn: reviewOn)
    }

    /// The entry's own readers, or nil when it follows its section.
    func visibility() throws -> BinderVisibility? {
        follow == "section" ? nil : try readersChosen()
    }

    /// The readers chosen on the form.
    func readersChosen() throws -> BinderVisibility {
        guard let executors = ExecutorAccess(rawValue: executors ?? "") else {
            throw AppError.invalid(
                FieldError(field: "executors", message: "Please choose when the trusted contacts may read it."))
        }
        let grants = try (readers ?? [:]).sorted { $0.key < $1.key }.compactMap { key, value -> BinderGrant? in
            guard !value.isEmpty else { return nil }
            guard let id = UUID(uuidString: key), let when = BinderMoment(rawValue: value) else {
                throw AppError.invalid(
                    FieldError(
                        field: "visibility.beneficiaries", message: "Please choose beneficiaries of this household."))
            }
            return BinderGrant(beneficiaryID: id, when: when)
        }
        return BinderVisibility(executors: executors, beneficiaries: grants)
    }

    /// The fields as typed, for showing the form again.
    var typedFields: [BinderField: String] {
        Dictionary(
            uniqueKeysWithValues: (fields ?? [:]).compactMap { key, value in
                BinderField(rawValue: key).map { ($0, value) }
            })
    }
}

extension BinderSection: RouteID {
    init?(routeValue: String) { self.init(rawValue: routeValue) }
}
