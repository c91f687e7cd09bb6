import Fluent
import Foundation
import HeirloomCore

/// Reading the binder as a member: every query of entries for the household's pages, the API and the papers'
/// access rule goes through here, and through `BinderRelease`.
struct BinderReading: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date

    /// An entry with the readers it follows (its own or its section's) and its papers.
    struct Shown: Sendable {
        var entry: BinderEntry
        var visibility: BinderVisibility
        /// Whether the entry follows its section's choice.
        var followsSection: Bool
    }

    /// The whole binder as one reader sees it: every section, each with its readers and the entries shown.
    struct Binder: Sendable {
        /// Each section's readers, the entries shown, and how many more the holder keeps to themselves there
        /// (counted for another owner only: `BinderRelease.isCountedAsKept`).
        var sections: [(section: BinderSection, visibility: BinderVisibility, entries: [Shown], kept: Int)]
        var estate: Estate

        var entries: [Shown] { sections.flatMap(\.entries) }
    }

    /// Who the member is to the binder: its holder, or an owner helping; anyone else is told it does not exist.
    func reader(_ principal: Principal, estate: Estate) throws(AppError) -> (BinderEntry?) -> BinderReader {
        try principal.require(.read(.binder), hidingAs: "binder")
        let holderID = estate.$holder.id
        if holderID == nil || holderID == principal.userID { return { _ in .holder } }
        return { entry in .owner(isAuthor: entry?.$author.id == principal.userID) }
    }

    /// The binder as the member sees it.
    func binder(by principal: Principal) async throws -> Binder {
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        let reader = try reader(principal, estate: estate)
        let now = clock()
        return try await load(
            estate,
            keep: { shown in
                BinderRelease.isVisible(shown.visibility, to: reader(shown.entry), estate: estate.status, at: now)
            },
            counted: { shown in BinderRelease.isCountedAsKept(shown.visibility, to: reader(shown.entry)) })
    }

    /// Every section with the entries `keep` lets through, and the number of the others `counted` tells of.
    func load(_ estate: Estate, keep: (Shown) -> Bool, counted: (Shown) -> Bool = { _ in false }) async throws
        -> Binder
    {
        let householdID = estate.$household.id
        let settings = try await BinderSectionSetting.query(on: db).filter(\.$household.$id == householdID).all()
        let defaults = Dictionary(
            settings.compactMap { setting in BinderSection(rawValue: setting.section).map { ($0, setting.visibility) }
            },
            uniquingKeysWith: { first, _ in first })
        let entries = try await BinderEntry.query(on: db).filter(\.$household.$id == householdID)
            .with(\.$documents) { $0.with(\.$media) }.sort(\.$title).all()
        let sections = BinderSection.allCases.map { section in
            let visibility = defaults[section] ?? .sectionDefault
            let shown = entries.filter { $0.binderSection == section }.map { entry in
                Shown(
                    entry: entry, visibility: entry.ownVisibility ?? visibility,
                    followsSection: entry.ownVisibility == nil)
            }
            let kept = shown.filter(keep)
            let others = shown.filter { !keep($0) && counted($0) }.count
            return (section, visibility, kept, others)
        }
        return Binder(sections: sections, estate: estate)
    }

    /// One entry the member may read; anything else is 404.
    func entry(_ id: UUID, by principal: Principal) async throws -> Shown {
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        let reader = try reader(principal, estate: estate)
        guard let shown = try await entry(id, in: estate),
            BinderRelease.isVisible(shown.visibility, to: reader(shown.entry), estate: estate.status, at: clock())
        else { throw AppError.notFound("entry") }
        return shown
    }

    /// Fails unless `principal` may change who reads something that reads `current` now (`BinderRelease`).
    func requireMayChangeReaders(
        from current: BinderVisibility, to new: BinderVisibility, by principal: Principal, estate: Estate,
        entry: BinderEntry?
    ) async throws {
        let reader = try reader(principal, estate: estate)(entry)
        guard BinderRelease.mayChangeReaders(from: current, to: new, by: reader) else {
            let holder = try await estate.$holder.get(on: db)?.name ?? "the holder"
            throw AppError.forbidden(
                "Only \(holder) can let others read what \(holder) keeps to themselves. You can see that it is there.")
        }
    }

    /// One entry of the estate's household with its papers and the readers it follows, whoever may read it: one
    /// entry and its section's row read, not the whole binder (a paper's download asks this each time).
    func entry(_ id: UUID, in estate: Estate) async throws -> Shown? {
        guard
            let entry = try await BinderEntry.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == estate.$household.id).with(\.$documents, { $0.with(\.$media) }).first()
        else { return nil }
        let visibility = try await sectionVisibility(entry.binderSection, householdID: estate.$household.id)
        return Shown(
            entry: entry, visibility: entry.ownVisibility ?? visibility, followsSection: entry.ownVisibility == nil)
    }

    /// Who reads a section's entries that follow it: the holder's choice, else the default.
    func sectionVisibility(_ section: BinderSection, householdID: UUID) async throws -> BinderVisibility {
        try await BinderSectionSetting.query(on: db).filter(\.$household.$id == householdID)
            .filter(\.$section == section.rawValue).first()?.visibility ?? .sectionDefault
    }
}
