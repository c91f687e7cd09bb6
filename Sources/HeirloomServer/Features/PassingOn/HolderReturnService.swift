import Fluent
import Foundation
import HeirloomCore

/// What happened while the estate's holder was away: a passing reported and cancelled by their coming back, or an
/// estate released. The holder sees it first on Home, and whole on its own page, with what they can do.
struct HolderReturnService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date

    /// How long after a cancelled report Home still tells the holder about it.
    static let cancelledShownFor: TimeInterval = 14 * EstateRules.secondsPerDay

    struct Story: Sendable {
        enum Outcome: Sendable { case released, cancelled }

        var outcome: Outcome
        /// The step that started it: "… reported the passing (date of passing …)".
        var report: AuditEntry
        /// Every step since the report, oldest first.
        var steps: [AuditEntry]
        /// When released: each heir and their state.
        var heirs: [HeirService.Heir]
        var noteFromReporter: String?
    }

    /// The holder's story, or nil: nothing happened, or the reader is not the holder.
    func story(for principal: Principal) async throws -> Story? {
        guard
            let estate = try await Estate.query(on: db).filter(\.$household.$id == principal.householdID)
                .filter(\.$holder.$id == principal.userID).first()
        else { return nil }
        let now = clock()
        let state = estate.status.effectiveState(at: now)
        let report = try await latest(.passingReported, principal)
        switch state {
        case .passingReported:
            return nil
        case .released:
            guard let report else { return nil }
            let heirs = try await HeirService(db: db, clock: clock, publicBaseURL: "")
                .heirs(householdID: principal.householdID)
            return Story(
                outcome: .released, report: report, steps: try await steps(since: report, principal),
                heirs: heirs.filter { $0.facts.visible > 0 }, noteFromReporter: estate.reportNote)
        case .active:
            // The newest report was cancelled (a cancel is written after its report, perhaps in the same second).
            guard let report, let cancel = try await latest(.passingCancelled, principal), cancel.at >= report.at,
                now.timeIntervalSince(cancel.at) < Self.cancelledShownFor
            else { return nil }
            return Story(
                outcome: .cancelled, report: report, steps: try await steps(since: report, principal), heirs: [],
                noteFromReporter: nil)
        }
    }

    private func latest(_ event: AuditEvent, _ principal: Principal) async throws -> AuditEntry? {
        try await AuditEntry.query(on: db).filter(\.$household.$id == principal.householdID)
            .filter(\.$event == event.rawValue).sort(\.$at, .descending).first()
    }

    private func steps(since report: AuditEntry, _ principal: Principal) async throws -> [AuditEntry] {
        // A second's margin: a stored moment may read back a little rounded; the report itself starts the story.
        let entries = try await AuditEntry.query(on: db).filter(\.$household.$id == principal.householdID)
            .filter(\.$at >= report.at.addingTimeInterval(-1)).sort(\.$at).sort(\.$id).limit(200).all()
        guard let start = entries.firstIndex(where: { $0.id == report.id }) else { return [report] + entries }
        return [report] + entries[start...].filter { $0.id != report.id }
    }
}
