import Fluent
import Foundation
import HeirloomCore

extension ExportSnapshot {
    /// The binder as the member exporting reads it (`BinderRelease`, as the binder's pages): everything for the estate
    /// holder, the entries nobody else may read left out for anyone else unless they wrote them. Without a member
    /// (`heirloom export` with no `--user`) no such entry is in it. Returns the records and the papers' files.
    static func readBinder(householdID: UUID, exportedBy exporter: User?, on db: any Database) async throws
        -> (binder: ExportRecord.Binder, papers: [MediaObject])
    {
        let estate = try await Estate.query(on: db).filter(\.$household.$id == householdID).first() ?? Estate()
        estate.$household.id = householdID
        let exporterID = exporter?.id
        let isHolder =
            exporter?.role == .owner && (estate.$holder.id == nil || estate.$holder.id == exporterID)
        // The holder and the owners read the same at any moment; the clock only matters to outsiders.
        let now = Date()
        let binder = try await BinderReading(db: db, clock: { now }).load(estate) { shown in
            let reader: BinderReader =
                isHolder ? .holder : .owner(isAuthor: exporterID != nil && shown.entry.$author.id == exporterID)
            return BinderRelease.isVisible(shown.visibility, to: reader, estate: estate.status, at: now)
        }
        let settings = try await BinderSectionSetting.query(on: db).filter(\.$household.$id == householdID)
            .sort(\.$section).all()
        let ticks = try await BinderTick.query(on: db).filter(\.$household.$id == householdID).sort(\.$taskKey).all()
        let records = ExportRecord.Binder(
            sections: try settings.map {
                .init(id: try $0.requireID(), section: $0.section, visibility: .init($0.visibility))
            },
            entries: try binder.entries.map(ExportRecord.Binder.Entry.init),
            ticks: try ticks.map {
                .init(id: try $0.requireID(), taskKey: $0.taskKey, tickedBy: $0.tickedBy, tickedAt: $0.tickedAt)
            })
        return (records, binder.entries.flatMap { inOrder($0.entry.documents).map(\.media) })
    }
}

/// An entry's papers in the order they were added.
private func inOrder(_ documents: [BinderDocument]) -> [BinderDocument] {
    documents.sorted {
        ($0.createdAt ?? .distantPast, $0.id?.text ?? "") < ($1.createdAt ?? .distantPast, $1.id?.text ?? "")
    }
}

extension ExportRecord.Binder.Entry {
    init(_ shown: BinderReading.Shown) throws {
        let entry = shown.entry
        self.init(
            id: try entry.requireID(), section: entry.section, title: entry.title, text: entry.text,
            fields: Dictionary(uniqueKeysWithValues: entry.fields.map { ($0.key.rawValue, $0.value) }),
            visibility: entry.ownVisibility.map(ExportRecord.Binder.Readers.init),
            private: shown.visibility.isPrivate ? true : nil, reviewOn: entry.reviewOn,
            reviewNoticedOn: entry.reviewNoticedOn, authorId: entry.$author.id, createdAt: entry.createdAt,
            updatedAt: entry.updatedAt,
            papers: try inOrder(entry.documents).map {
                .init(id: try $0.requireID(), mediaId: $0.$media.id, createdAt: $0.createdAt)
            })
    }
}

extension ExportRecord.Binder.Readers {
    init(_ visibility: BinderVisibility) {
        self.init(
            executors: visibility.executors.rawValue,
            beneficiaries: visibility.beneficiaries.map {
                .init(beneficiaryId: $0.beneficiaryID, when: $0.when.rawValue)
            })
    }

    /// The readers as the binder keeps them; nil when a value is not one of the binder's.
    var visibility: BinderVisibility? {
        guard let executors = ExecutorAccess(rawValue: executors) else { return nil }
        var grants: [BinderGrant] = []
        for grant in beneficiaries {
            guard let when = BinderMoment(rawValue: grant.when) else { return nil }
            grants.append(BinderGrant(beneficiaryID: grant.beneficiaryId, when: when))
        }
        return BinderVisibility(executors: executors, beneficiaries: grants)
    }
}
