import Fluent
import Foundation
import HeirloomCore

extension RowWriter {
    /// Writes the binder with its own ids: the sections' readers, the entries (whose readers name beneficiaries by
    /// the ids they keep) with their papers, and the checklist's ticks.
    func writeBinder(_ binder: ExportRecord.Binder, householdID: UUID, times: inout [Times]) async throws {
        for section in binder.sections {
            let row = BinderSectionSetting()
            row.id = section.id
            row.$household.id = householdID
            row.section = section.section
            row.visibilityJSON = BinderJSON.encode(section.visibility.visibility?.normalised() ?? .sectionDefault)
            try await row.create(on: db)
        }
        for entry in binder.entries {
            let row = BinderEntry()
            row.id = entry.id
            row.$household.id = householdID
            row.section = entry.section
            row.title = entry.title
            row.text = entry.text
            row.fields = Dictionary(
                uniqueKeysWithValues: entry.fields.compactMap { key, value in
                    BinderField(rawValue: key).map { ($0, value) }
                })
            row.ownVisibility = entry.visibility?.visibility
            row.reviewOn = entry.reviewOn
            row.reviewNoticedOn = entry.reviewNoticedOn
            row.$author.id = entry.authorId
            try await row.create(on: db)
            times.append(
                .init(schema: BinderEntry.schema, id: entry.id, createdAt: entry.createdAt, updatedAt: entry.updatedAt))
            for paper in entry.papers {
                let child = BinderDocument(entryID: entry.id, mediaID: paper.mediaId)
                child.id = paper.id
                try await child.create(on: db)
                times.append(
                    .init(schema: BinderDocument.schema, id: paper.id, createdAt: paper.createdAt, hasUpdatedAt: false))
            }
        }
        for tick in binder.ticks {
            let row = BinderTick()
            row.id = tick.id
            row.$household.id = householdID
            row.taskKey = tick.taskKey
            row.tickedBy = tick.tickedBy
            row.tickedAt = tick.tickedAt
            try await row.create(on: db)
        }
    }
}
