import Fluent
import Foundation

/// The household's audit log: every step of passing on, the binder, the wish rounds, letters and the links of people
/// without accounts, appended and never changed (`AccessRule`: owners read it, nobody rewrites it). Its API stays at
/// /api/estate/audit, where the apps read it.
enum AuditLog {
    static func append(
        _ event: AuditEvent, _ detail: String, householdID: UUID, at: Date, on db: any Database
    ) async throws {
        let entry = AuditEntry()
        entry.$household.id = householdID
        entry.at = at
        entry.event = event.rawValue
        entry.detail = detail
        try await entry.create(on: db)
    }
}
