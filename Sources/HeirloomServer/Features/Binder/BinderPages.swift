import Foundation
import HeirloomCore

/// The binder's page models, made from the service's views; numbers are always masked on a page.
enum BinderPages {
    struct Field: Encodable {
        var label: String
        var value: String
    }

    struct Paper: Encodable {
        var name: String
        var href: String
        var deleteAction: String?
    }

    /// An entry as a reader sees it (the holder's list, the executor's page, a beneficiary's, a preview).
    struct Entry: Encodable {
        var id: String
        var href: String?
        var title: String
        var text: String
        var fields: [Field]
        var papers: [Paper]
        var whoSees: String
        var isPrivate: Bool
        var reviewOn: String?
    }

    struct Section: Encodable {
        var key: String
        var title: String
        var hint: String
        var whoSees: String
        var href: String
        var addHref: String
        var entries: [Entry]
        /// "1 more entry here is Margaret’s alone.", for another owner; nil when there is none.
        var kept: String? = nil
    }

    /// The read-only binder of `binder/reading.leaf`: the sections that have entries.
    struct Reading: Encodable {
        var sections: [Section]
        var isEmpty: Bool
    }

    static func entry(
        _ shown: BinderReading.Shown, words: BinderWords, days: DayText, link: Bool,
        paperHref: (UUID) -> String, deletable: Bool = false, wholeNumbers: Bool = false
    ) -> Entry {
        let entry = shown.entry
        let fields = entry.binderSection.fields.compactMap { field in
            entry.fields[field].map {
                Field(label: field.label, value: field.isMasked && !wholeNumbers ? MaskedNumber.mask($0) : $0)
            }
        }
        let id = entry.id ?? UUID()
        return Entry(
            id: id.text, href: link ? SiteURL.binderEntry(.value(id)).path : nil, title: entry.title,
            text: entry.text, fields: fields,
            papers: entry.documents.map { document in
                Paper(
                    name: document.media.originalName, href: paperHref(document.$media.id),
                    deleteAction: deletable
                        ? SiteURL.binderPaperDelete(.value(id), .value(document.id ?? UUID())).path : nil)
            }, whoSees: words.whoSees(shown.visibility), isPrivate: shown.visibility.isPrivate,
            reviewOn: entry.reviewOn.map(DayText.calendarDay))
    }

    static func sections(
        _ binder: BinderReading.Binder, words: BinderWords, days: DayText, link: Bool, paperHref: (UUID) -> String,
        wholeNumbers: Bool = false
    ) -> [Section] {
        binder.sections.map { section in
            Section(
                key: section.section.rawValue, title: section.section.title, hint: section.section.hint,
                whoSees: words.whoSees(section.visibility),
                href: SiteURL.binderSection(.value(section.section)).path,
                addHref: SiteURL.binderEntryNew.path + "?section=\(section.section.rawValue)",
                entries: section.entries.map {
                    entry($0, words: words, days: days, link: link, paperHref: paperHref, wholeNumbers: wholeNumbers)
                }, kept: words.kept(section.kept))
        }
    }

    /// What an executor, a beneficiary or a preview shows: only sections with entries, nothing to change.
    /// `wholeNumbers` for a trusted contact after the release (`BinderRelease.readsWholeNumbers`).
    static func reading(
        _ binder: BinderReading.Binder, words: BinderWords, days: DayText, paperHref: (UUID) -> String,
        wholeNumbers: Bool = false
    ) -> Reading {
        let shown = sections(
            binder, words: words, days: days, link: false, paperHref: paperHref, wholeNumbers: wholeNumbers
        )
        .filter { !$0.entries.isEmpty }
        return Reading(sections: shown, isEmpty: shown.isEmpty)
    }

    /// Where an outsider downloads a paper.
    static func outsiderPaper(_ id: UUID) -> String { SiteURL.apiBinderFile(.value(id), .value(.original)).path }

    /// Where a member downloads a paper.
    static func memberPaper(_ id: UUID) -> String { SiteURL.media(id, .original) }
}

extension BinderPages {
    /// A task of the executors' checklist, with who ticked it and when.
    struct ChecklistRow: Encodable {
        var text: String
        var done: Bool
        var doneText: String?
        var action: String
        var anchor: String
    }

    static func checklistRow(_ task: BinderService.Task, days: DayText) -> ChecklistRow {
        ChecklistRow(
            text: task.task.text, done: task.tick != nil,
            doneText: task.tick.map { "Done by \($0.tickedBy) on \(days.day($0.tickedAt))" },
            action: SiteURL.executorChecklistTick(.value(task.task.key)).path,
            anchor: "entry-\(task.task.entryID.text)")
    }
}
