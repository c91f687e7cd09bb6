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
        var sections: [(section: BinderSection, visibility: BinderVisibility, entries: [Shown])]
        var estate: Estate

        var entries: [Shown] { sections.flatMap(\.entries) }
    }

    /// Who the member is to the binder: its holder, or an owner helping; anyone else is told it does not exist.
    func reader(_ principal: Principal, estate: Estate) throws(AppError) -> (BinderEntry?) -> BinderReader {
        try EstateService.requireOwner(principal, "binder")
        let holderID = estate.$holder.id
        if holderID == nil || holderID == principal.userID { return { _ in .holder } }
        return { entry in .owner(isAuthor: entry?.$author.id == principal.userID) }
    }

    /// The binder as the member sees it.
    func binder(by principal: Principal) async throws -> Binder {
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        let reader = try reader(principal, estate: estate)
        let now = clock()
        return try await load(estate) { shown in
            BinderRelease.isVisible(shown.visibility, to: reader(shown.entry), estate: estate.status, at: now)
        }
    }

    /// Every section with the entries `keep` lets through.
    func load(_ estate: Estate, keep: (Shown) -> Bool) async throws -> Binder {
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
            return (section, visibility, shown.filter(keep))
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

    /// One entry of the estate's household with its papers and the readers it follows, whoever may read it: one
    /// entry and its section's row read, not the whole binder (a paper's download asks this each time).
    func entry(_ id: UUID, in estate: Estate) async throws -> Shown? {
        guard
            let entry = try await BinderEntry.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == estate.$household.id).with(\.$documents, { $0.with(\.$media) }).first()
        else { return nil }
        let section = try await BinderSectionSetting.query(on: db).filter(\.$household.$id == estate.$household.id)
            .filter(\.$section == entry.section).first()
        let visibility = section?.visibility ?? .sectionDefault
        return Shown(
            entry: entry, visibility: entry.ownVisibility ?? visibility, followsSection: entry.ownVisibility == nil)
    }
}
