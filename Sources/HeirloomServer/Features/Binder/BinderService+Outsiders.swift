import Fluent
import Foundation
import HeirloomCore

/// The binder for those outside the household: an executor, a beneficiary, and the holder's rehearsal of what
/// each of them would see.
extension BinderService {
    /// Someone outside the household who reads the binder.
    enum Outsider: Sendable {
        case executor(Executor)
        case beneficiary(Beneficiary)

        var householdID: UUID {
            switch self {
            case .executor(let executor): executor.$household.id
            case .beneficiary(let person): person.$household.id
            }
        }

        var reader: BinderReader {
            switch self {
            case .executor: .executor
            case .beneficiary(let person): .beneficiary(person.id ?? UUID())
            }
        }

        /// How the audit log names them.
        var description: String {
            switch self {
            case .executor(let executor): "\(executor.name) (trusted contact)"
            case .beneficiary(let person): person.name
            }
        }
    }

    /// What the outsider may read now; each reading of released entries goes into the audit log (once an hour
    /// for the same reader and entries, so that a page reloaded does not fill the log).
    func binder(for outsider: Outsider) async throws -> BinderReading.Binder {
        let estate = try await EstateService.ensure(householdID: outsider.householdID, on: db)
        let now = clock()
        let binder = try await reading.load(estate) { shown in
            BinderRelease.isVisible(shown.visibility, to: outsider.reader, estate: estate.status, at: now)
        }
        try await recordReading(binder.entries.map(\.entry.title), by: outsider, at: now)
        return binder
    }

    /// The binder as `reader` would see it: without `moment`, with the estate as it stands now; with one, as if
    /// the passing were confirmed then (the rehearsal "Preview as …" shows). For the holder and owners only.
    func preview(as reader: BinderReader, at moment: Date?, by principal: Principal) async throws
        -> BinderReading.Binder
    {
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        _ = try reading.reader(principal, estate: estate)
        let now = clock()
        return try await reading.load(estate) { shown in
            guard let moment else {
                return BinderRelease.isVisible(shown.visibility, to: reader, estate: estate.status, at: now)
            }
            return BinderRelease.isVisibleInPreview(shown.visibility, to: reader, at: moment)
        }
    }

    /// The reader of a preview: one of the household's executors or beneficiaries; another household's is 404.
    func previewReader(executorID: UUID?, beneficiaryID: UUID?, by principal: Principal) async throws
        -> (reader: BinderReader, name: String)
    {
        if executorID != nil, beneficiaryID != nil {
            throw AppError.invalid(
                FieldError(field: "beneficiaryId", message: "Please preview as one person at a time."))
        }
        if let executorID {
            guard
                let executor = try await Executor.query(on: db).filter(\.$id == executorID)
                    .filter(\.$household.$id == principal.householdID).first()
            else { throw AppError.notFound("trusted contact") }
            return (.executor, executor.name)
        }
        if let beneficiaryID {
            guard
                let person = try await Beneficiary.query(on: db).filter(\.$id == beneficiaryID)
                    .filter(\.$household.$id == principal.householdID).first()
            else { throw AppError.notFound("beneficiary") }
            return (.beneficiary(beneficiaryID), person.name)
        }
        throw AppError.invalid(
            FieldError(field: "executorId", message: "Please choose a trusted contact or a beneficiary to preview as."))
    }

    /// A paper of an entry the outsider may read now; anything else is 404.
    func document(_ mediaID: UUID, for outsider: Outsider) async throws -> MediaObject {
        let estate = try await EstateService.ensure(householdID: outsider.householdID, on: db)
        let now = clock()
        guard let paper = try await BinderDocument.query(on: db).filter(\.$media.$id == mediaID).first(),
            let shown = try await reading.entry(paper.$entry.id, in: estate),
            BinderRelease.isVisible(shown.visibility, to: outsider.reader, estate: estate.status, at: now),
            let document = shown.entry.documents.first(where: { $0.$media.id == mediaID })
        else { throw AppError.notFound("file") }
        try await AuditLog.append(
            .binderRead, "\(outsider.description) opened a paper of \u{201C}\(shown.entry.title)\u{201D}.",
            householdID: outsider.householdID, at: now, on: db)
        return document.media
    }

    private func recordReading(_ titles: [String], by outsider: Outsider, at now: Date) async throws {
        guard !titles.isEmpty else { return }
        let list = titles.count <= 5 ? titles.joined(separator: ", ") : "\(titles.count) entries"
        let detail = "\(outsider.description) read the binder: \(list)."
        let recent = try await AuditEntry.query(on: db).filter(\.$household.$id == outsider.householdID)
            .filter(\.$event == AuditEvent.binderRead.rawValue).filter(\.$detail == detail)
            .filter(\.$at > now.addingTimeInterval(-3600)).count()
        guard recent == 0 else { return }
        try await AuditLog.append(.binderRead, detail, householdID: outsider.householdID, at: now, on: db)
    }
}
