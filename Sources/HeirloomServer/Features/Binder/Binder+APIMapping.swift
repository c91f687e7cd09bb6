import Foundation
import HeirloomAPI
import HeirloomCore

extension Components.Schemas.Binder {
    init(
        _ binder: BinderReading.Binder, words: BinderWords, masked: Bool, fileURL: (UUID) -> String
    ) {
        self.init(
            sections: binder.sections.map { section in
                .init(
                    key: .init(section.section), title: section.section.title,
                    visibility: .init(section.visibility),
                    entries: section.entries.map { .init($0, words: words, masked: masked, fileURL: fileURL) },
                    keptByHolder: section.kept > 0 ? section.kept : nil)
            })
    }
}

extension Components.Schemas.BinderEntry {
    init(_ shown: BinderReading.Shown, words: BinderWords, masked: Bool, fileURL: (UUID) -> String) {
        let entry = shown.entry
        let hidden = BinderWords.masked(entry.fields)
        func payload(_ fields: [BinderField: String]) -> [String: String] {
            Dictionary(uniqueKeysWithValues: fields.map { ($0.key.rawValue, $0.value) })
        }
        self.init(
            id: (entry.id ?? UUID()).text, section: .init(entry.binderSection), title: entry.title, text: entry.text,
            fields: .init(additionalProperties: payload(masked ? hidden : entry.fields)),
            maskedFields: .init(additionalProperties: payload(hidden)), visibility: .init(shown.visibility),
            followsSection: shown.followsSection, whoSees: words.whoSees(shown.visibility), reviewOn: entry.reviewOn,
            documents: entry.documents.map { document in
                .init(
                    id: (document.id ?? UUID()).text, mediaId: document.$media.id.text,
                    fileName: document.media.originalName, contentType: document.media.format.mimeType,
                    url: fileURL(document.$media.id))
            }, updatedAt: entry.updatedAt ?? entry.createdAt ?? Date())
    }
}

extension Components.Schemas.BinderSectionKey {
    init(_ section: BinderSection) {
        self = Self(rawValue: section.rawValue) ?? .other
    }
}

extension Components.Schemas.BinderVisibility {
    init(_ visibility: BinderVisibility) {
        self.init(
            executors: .init(rawValue: visibility.executors.rawValue) ?? .never,
            beneficiaries: visibility.beneficiaries.map { grant in
                .init(
                    beneficiaryId: grant.beneficiaryID.text, when: .init(rawValue: grant.when.rawValue) ?? .afterPassing
                )
            })
    }
}

extension BinderVisibility {
    /// A visibility from the API; a beneficiary id that is not a UUID is a 422.
    init(_ body: Components.Schemas.BinderVisibility) throws {
        let grants = try body.beneficiaries.map { grant in
            guard let id = UUID(uuidString: grant.beneficiaryId) else {
                throw AppError.invalid(
                    FieldError(
                        field: "visibility.beneficiaries", message: "Please choose beneficiaries of this household."))
            }
            return BinderGrant(beneficiaryID: id, when: BinderMoment(rawValue: grant.when.rawValue) ?? .afterPassing)
        }
        self.init(executors: ExecutorAccess(rawValue: body.executors.rawValue) ?? .never, beneficiaries: grants)
    }
}

extension Components.Schemas.BinderChecklist {
    init(_ tasks: [BinderService.Task]) {
        self.init(
            tasks: tasks.map { task in
                .init(
                    key: task.task.key, text: task.task.text, entryId: task.task.entryID.text,
                    section: .init(task.task.section), done: task.tick != nil, doneBy: task.tick?.tickedBy,
                    doneAt: task.tick?.tickedAt)
            })
    }
}
