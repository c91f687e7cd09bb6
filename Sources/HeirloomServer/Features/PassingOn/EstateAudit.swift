import Fluent
import Foundation

/// The estate's audit log: every step appended, never changed.
enum EstateAudit {
    static func append(
        _ event: EstateEvent, _ detail: String, householdID: UUID, at: Date, on db: any Database
    ) async throws {
        let entry = EstateAuditEntry()
        entry.$household.id = householdID
        entry.at = at
        entry.event = event.rawValue
        entry.detail = detail
        try await entry.create(on: db)
    }
}
