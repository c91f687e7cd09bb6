import Fluent
import Foundation
import HeirloomCore

/// The estate binder: the holder (and the owners helping them) keep its entries; who else reads an entry, and
/// when, is `BinderRelease`'s answer, which every reader of the binder goes through.
struct BinderService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let media: MediaService

    /// The owner type binder papers are attached with; `BinderMediaAccess` says who may see them.
    static let mediaOwnerType = "binderEntry"

    var reading: BinderReading { BinderReading(db: db, clock: clock) }

    /// The binder as the member sees it.
    func binder(by principal: Principal) async throws -> BinderReading.Binder {
        try await reading.binder(by: principal)
    }

    /// One entry the member may read; anything else is 404.
    func entry(_ id: UUID, by principal: Principal) async throws -> BinderReading.Shown {
        try await reading.entry(id, by: principal)
    }

    /// A new entry; nil `visibility` follows the section.
    func create(_ draft: BinderEntryDraft, visibility: BinderVisibility?, by principal: Principal) async throws
        -> BinderReading.Shown
    {
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        _ = try reading.reader(principal, estate: estate)
        let checked = try await checked(visibility, householdID: principal.householdID)
        try Self.refuseMaskedText(draft, keeping: [:])
        let entry = BinderEntry()
        entry.$household.id = principal.householdID
        entry.$author.id = principal.userID
        apply(draft, to: entry)
        entry.ownVisibility = checked
        try await entry.create(on: db)
        return try await self.entry(try entry.requireID(), by: principal)
    }

    /// Changes an entry: the draft replaces what it holds; `visibility` is changed only when given (`.some(nil)`
    /// follows the section again). A masked number left blank keeps the number stored.
    func update(
        _ id: UUID, _ draft: BinderEntryDraft, visibility: BinderVisibility??, keepBlankNumbers: Bool = false,
        by principal: Principal
    ) async throws -> BinderReading.Shown {
        let shown = try await self.entry(id, by: principal)
        let entry = shown.entry
        let old = entry.fields
        if let visibility {
            let chosen = try await checked(visibility, householdID: principal.householdID)
            let next: BinderVisibility
            if let chosen {
                next = chosen
            } else {
                next = try await reading.sectionVisibility(entry.binderSection, householdID: principal.householdID)
            }
            try await reading.requireMayChangeReaders(
                from: shown.visibility, to: next, by: principal,
                estate: try await EstateService.ensure(householdID: principal.householdID, on: db), entry: entry)
            entry.ownVisibility = chosen
        }
        try Self.refuseMaskedText(draft, keeping: old)
        apply(draft, to: entry)
        for field in draft.section.fields where field.isMasked {
            // a number sent back as it was shown masked (an owner helping edits the rest) keeps the number stored
            let sentMasked = draft.fields[field].map { old[field].map(MaskedNumber.mask) == $0 } ?? false
            if sentMasked || (keepBlankNumbers && draft.fields[field] == nil) { entry.fields[field] = old[field] }
        }
        try await entry.save(on: db)
        return try await self.entry(id, by: principal)
    }

    /// Refuses a number typed as it is shown masked ("•••• 4321") unless it is the mask of the number stored, which
    /// keeps that number: masked text is never stored as a number, nor does an old copy overwrite a changed one.
    static func refuseMaskedText(_ draft: BinderEntryDraft, keeping old: [BinderField: String]) throws {
        for field in draft.section.fields where field.isMasked {
            guard let sent = draft.fields[field], sent.contains(MaskedNumber.hidden),
                old[field].map(MaskedNumber.mask) != sent
            else { continue }
            throw AppError.invalid(
                FieldError(
                    field: "fields.\(field.rawValue)",
                    message: "Please type the whole \(field.label.lowercased()), or leave it as it was shown."))
        }
    }

    /// Deletes an entry with its papers, and frees their storage.
    func delete(_ id: UUID, by principal: Principal) async throws {
        let entry = try await self.entry(id, by: principal).entry
        try await media.delete(entry.documents.map(\.media)) { db in
            try await BinderEntry.query(on: db).filter(\.$id == id).delete()
        }
    }

    /// Sets a section's readers, which its entries that follow it take on.
    func setSection(_ section: BinderSection, _ visibility: BinderVisibility, by principal: Principal) async throws {
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        _ = try reading.reader(principal, estate: estate)
        let checked = try await checked(visibility, householdID: principal.householdID) ?? visibility
        let existing = try await BinderSectionSetting.query(on: db).filter(\.$household.$id == principal.householdID)
            .filter(\.$section == section.rawValue).first()
        try await reading.requireMayChangeReaders(
            from: existing?.visibility ?? .sectionDefault, to: checked, by: principal, estate: estate, entry: nil)
        let setting = existing ?? BinderSectionSetting()
        setting.$household.id = principal.householdID
        setting.section = section.rawValue
        setting.visibilityJSON = BinderJSON.encode(checked.normalised())
        try await setting.save(on: db)
    }

    private func apply(_ draft: BinderEntryDraft, to entry: BinderEntry) {
        entry.section = draft.section.rawValue
        entry.title = draft.title
        entry.text = draft.text
        entry.fields = draft.fields
        entry.reviewOn = draft.reviewOn?.text
    }

    /// The visibility with each named beneficiary checked to be one of the household's.
    private func checked(_ visibility: BinderVisibility?, householdID: UUID) async throws -> BinderVisibility? {
        guard let visibility = visibility?.normalised() else { return nil }
        let ids = visibility.beneficiaries.map(\.beneficiaryID)
        guard !ids.isEmpty else { return visibility }
        let known = try await Beneficiary.query(on: db).filter(\.$household.$id == householdID).filter(\.$id ~~ ids)
            .count()
        guard known == ids.count else {
            throw AppError.invalid(
                FieldError(field: "visibility.beneficiaries", message: "Please choose beneficiaries of this household.")
            )
        }
        return visibility
    }
}
