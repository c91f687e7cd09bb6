import Foundation
import HeirloomCore

/// The binder's checks on import, beside the other records' (`checkReferences`, `checkRules`).
extension ExportSnapshot {
    /// Throws `damaged` unless every id of the binder is given once and every reference (an author, a paper's file,
    /// a beneficiary who may read) is to a record of this export; returns the entries' ids, which papers' files name.
    func checkBinderReferences(memberIDs: Set<UUID>, mediaIDs: Set<UUID>, beneficiaryIDs: Set<UUID>) throws
        -> Set<UUID>
    {
        let file = "binder.json"
        let entryIDs = try Self.unique(binder.entries.map(\.id), file, "binder entry")
        _ = try Self.unique(binder.entries.flatMap(\.papers).map(\.id), file, "binder paper")
        _ = try Self.unique(binder.sections.map(\.id), file, "binder section")
        _ = try Self.unique(binder.ticks.map(\.id), file, "checklist tick")
        let named = { (readers: ExportRecord.Binder.Readers?) in
            readers?.beneficiaries.allSatisfy { beneficiaryIDs.contains($0.beneficiaryId) } ?? true
        }
        for entry in binder.entries {
            guard entry.authorId.map(memberIDs.contains) ?? true, named(entry.visibility),
                entry.papers.allSatisfy({ mediaIDs.contains($0.mediaId) })
            else { throw Self.outside(file, "binder entry", entry.id) }
        }
        for section in binder.sections where !named(section.visibility) {
            throw Self.outside(file, "binder section", section.id)
        }
        return entryIDs
    }

    /// Throws `invalid` unless the binder passes the rules its pages apply: the entry drafts, known sections and
    /// readers, days as days, each section's choice and each task's tick given once.
    func checkBinderRules() throws {
        let file = "binder.json"
        for entry in binder.entries {
            try Self.rule(file, "the binder entry \(entry.id)") {
                _ = try BinderEntryDraft(
                    section: entry.section, title: entry.title, text: entry.text, fields: entry.fields,
                    reviewOn: entry.reviewOn)
                try Self.check(entry.visibility)
                if let noticed = entry.reviewNoticedOn, Day(noticed) == nil {
                    throw FieldError(field: "reviewNoticedOn", message: "\(noticed) is not a day.")
                }
            }
        }
        var sections = Set<String>()
        for section in binder.sections {
            try Self.rule(file, "the binder section \(section.id)") {
                guard BinderSection(rawValue: section.section) != nil, sections.insert(section.section).inserted else {
                    throw FieldError(field: "section", message: "\(section.section) is unknown or given twice.")
                }
                try Self.check(section.visibility)
            }
        }
        var tasks = Set<String>()
        for tick in binder.ticks {
            try Self.rule(file, "the checklist tick \(tick.id)") {
                guard !tick.taskKey.isEmpty, !tick.tickedBy.isEmpty, tasks.insert(tick.taskKey).inserted else {
                    throw FieldError(field: "taskKey", message: "A tick needs a task, given once, and who ticked it.")
                }
            }
        }
    }

    private static func check(_ readers: ExportRecord.Binder.Readers?) throws {
        guard let readers, readers.visibility == nil else { return }
        throw FieldError(field: "visibility", message: "The readers are not the binder's choices.")
    }
}
