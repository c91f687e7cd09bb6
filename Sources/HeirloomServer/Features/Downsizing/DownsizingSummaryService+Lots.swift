import Fluent
import Foundation

extension DownsizingSummaryService {
    /// Estate-sale lots whose checklist is not ticked to ready: one count query.
    func lotsNotReady(householdID: UUID) async throws -> Int {
        try await Lot.query(on: db).filter(\.$household.$id == householdID).filter(\.$readyAt == nil).count()
    }
}
