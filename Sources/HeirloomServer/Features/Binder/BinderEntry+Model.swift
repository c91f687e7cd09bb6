import Fluent
import Foundation
import HeirloomCore

/// One entry of the estate binder: a bank, a policy, the will, the people to tell.
final class BinderEntry: Model, @unchecked Sendable {
    static let schema = "binder_entries"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    /// `BinderSection.rawValue`.
    @Field(key: "section") var section: String
    @Field(key: "title") var title: String
    @Field(key: "text") var text: String
    /// The structured fields as JSON, keyed by `BinderField.rawValue`.
    @Field(key: "fields") var fieldsJSON: String
    /// Who may read it, as JSON; nil follows the section's choice.
    @OptionalField(key: "visibility") var visibilityJSON: String?
    /// YYYY-MM-DD: when a passport expires or a policy should be looked at again.
    @OptionalField(key: "review_on") var reviewOn: String?
    /// The review date the holder was last emailed about, so each date is told once.
    @OptionalField(key: "review_noticed_on") var reviewNoticedOn: String?
    /// Who wrote it: a private entry stays readable by its author.
    @OptionalParent(key: "author_id") var author: User?
    @Children(for: \.$entry) var documents: [BinderDocument]
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    var binderSection: BinderSection { BinderSection(rawValue: section) ?? .other }

    var fields: [BinderField: String] {
        get {
            let raw = (try? JSONDecoder().decode([String: String].self, from: Data(fieldsJSON.utf8))) ?? [:]
            return Dictionary(
                uniqueKeysWithValues: raw.compactMap { key, value in
                    BinderField(rawValue: key).map { ($0, value) }
                })
        }
        set {
            let raw = Dictionary(uniqueKeysWithValues: newValue.map { ($0.key.rawValue, $0.value) })
            fieldsJSON = BinderJSON.encode(raw)
        }
    }

    /// The entry's own choice of readers, or nil when it follows its section.
    var ownVisibility: BinderVisibility? {
        get { visibilityJSON.flatMap(BinderJSON.visibility) }
        set { visibilityJSON = newValue.map { BinderJSON.encode($0.normalised()) } }
    }

    var reviewDay: Day? { reviewOn.flatMap(Day.init) }
}

/// A section's default readers for its entries, when the holder chose one.
final class BinderSectionSetting: Model, @unchecked Sendable {
    static let schema = "binder_sections"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Field(key: "section") var section: String
    @Field(key: "visibility") var visibilityJSON: String

    init() {}

    var visibility: BinderVisibility { BinderJSON.visibility(visibilityJSON) ?? .sectionDefault }
}

/// A paper kept with an entry: a PDF or a photo of it, stored as item documents are.
final class BinderDocument: Model, @unchecked Sendable {
    static let schema = "binder_documents"

    @ID(key: .id) var id: UUID?
    @Parent(key: "entry_id") var entry: BinderEntry
    @Parent(key: "media_id") var media: MediaObject
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(entryID: UUID, mediaID: UUID) {
        self.$entry.id = entryID
        self.$media.id = mediaID
    }
}

/// A task of the executors' checklist that one of them ticked.
final class BinderTick: Model, @unchecked Sendable {
    static let schema = "binder_ticks"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Field(key: "task_key") var taskKey: String
    @Field(key: "ticked_by") var tickedBy: String
    @Field(key: "ticked_at") var tickedAt: Date

    init() {}
}

/// The yearly look over the binder: when the holder last looked and when they were last asked; and, per executor,
/// when their address was last confirmed.
final class BinderLook: Model, @unchecked Sendable {
    static let schema = "binder_looks"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @OptionalField(key: "looked_at") var lookedAt: Date?
    @OptionalField(key: "asked_at") var askedAt: Date?

    init() {}
}

/// When an executor last clicked the link that confirms their address still works.
final class ExecutorAddressCheck: Model, @unchecked Sendable {
    static let schema = "executor_address_checks"

    @ID(key: .id) var id: UUID?
    @Parent(key: "executor_id") var executor: Executor
    @OptionalField(key: "asked_at") var askedAt: Date?
    @OptionalField(key: "confirmed_at") var confirmedAt: Date?

    init() {}
}

/// The binder's JSON columns, written with sorted keys so the same value is stored the same way.
enum BinderJSON {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func visibility(_ json: String) -> BinderVisibility? {
        try? JSONDecoder().decode(BinderVisibility.self, from: Data(json.utf8))
    }
}

/// That a beneficiary was emailed about an entry released to them, so each is told once.
final class BinderNotice: Model, @unchecked Sendable {
    static let schema = "binder_notices"

    @ID(key: .id) var id: UUID?
    @Parent(key: "entry_id") var entry: BinderEntry
    @Parent(key: "beneficiary_id") var beneficiary: Beneficiary
    @Field(key: "told_at") var toldAt: Date

    init() {}
}
