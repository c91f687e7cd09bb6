import Foundation
import HeirloomCore

/// The binder's forms: an entry, a section's readers, and the "who may read it" part both share.
extension BinderPages {
    struct Choice: Encodable {
        var value: String
        var label: String
        var checked: Bool
    }

    struct Person: Encodable {
        var id: String
        var name: String
        var choices: [Choice]
    }

    /// "Who may read it": the executors, and each beneficiary by name.
    struct Readers: Encodable {
        var executorChoices: [Choice]
        var people: [Person]
        var error: String?
    }

    struct InputField: Encodable {
        var id: String
        var name: String
        var label: String
        var value: String
        var placeholder: String
        var hint: String?
        var error: String?
    }

    struct EntryForm: Encodable {
        var heading: String
        var action: String
        var backHref: String
        var section: String
        var sectionTitle: String
        var title: String
        var text: String
        var reviewOn: String
        var fields: [InputField]
        var followsSection: Bool
        var sectionWords: String
        var readers: Readers
        var errors: [String: String]
        var submitLabel: String
    }

    struct SectionForm: Encodable {
        var title: String
        var hint: String
        var action: String
        var readers: Readers
        var entriesFollowing: Int
        /// For another owner, when the holder keeps the section to themselves: why there is no form.
        var holderOnly: String? = nil
    }

    static func readers(_ visibility: BinderVisibility, people: [Beneficiary], error: String? = nil) -> Readers {
        let executorLabels: [(ExecutorAccess, String)] = [
            (.afterPassing, "The trusted contacts, once the passing is confirmed"),
            (.now, "The trusted contacts, from now on"), (.never, "Not the trusted contacts"),
        ]
        let personLabels: [(String, String)] = [
            ("", "No"), (BinderMoment.afterPassing.rawValue, "After the passing"), (BinderMoment.now.rawValue, "Now"),
        ]
        return Readers(
            executorChoices: executorLabels.map {
                Choice(value: $0.rawValue, label: $1, checked: $0 == visibility.executors)
            },
            people: people.map { person in
                let chosen = visibility.beneficiaries.first { $0.beneficiaryID == person.id }?.when.rawValue ?? ""
                return Person(
                    id: (person.id ?? UUID()).text, name: person.name,
                    choices: personLabels.map { Choice(value: $0, label: $1, checked: $0 == chosen) })
            }, error: error)
    }

    /// The section's fields as inputs: a masked number is never written into the page; left blank it is kept.
    static func inputs(
        _ section: BinderSection, values: [BinderField: String], stored: [BinderField: String], errors: [String: String]
    ) -> [InputField] {
        section.fields.map { field in
            let kept = stored[field].map(MaskedNumber.mask)
            return InputField(
                id: "field-\(field.rawValue)", name: "fields[\(field.rawValue)]", label: field.label,
                value: field.isMasked ? "" : values[field] ?? "",
                placeholder: field.isMasked ? kept ?? "" : "",
                hint: field.isMasked
                    ? (kept == nil
                        ? "Shown with all but its last four characters hidden."
                        : "Stored as \(kept ?? ""). Leave it empty to keep it, or type the whole number to change it.")
                    : nil,
                error: errors["fields.\(field.rawValue)"])
        }
    }
}
