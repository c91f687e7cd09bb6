import Fluent
import Foundation
import HeirloomCore

/// Every sale with its lots' checklists, read only: what the executor's page shows of the downsizing.
struct SaleProgress: Encodable, Sendable {
    struct LotLine: Encodable, Sendable {
        var number: Int
        var title: String
        /// The steps ticked, "Prepared, Documented", or "" for none.
        var done: String
        var open: String
        var ready: Bool
    }

    var title: String
    var when: String?
    var readyCount: Int
    var lots: [LotLine]
}

extension SaleService {
    /// The household's sales, soonest first, each with its lots by number and which steps are ticked.
    func progress(householdID: UUID) async throws -> [SaleProgress] {
        let lots = try await Lot.query(on: db).filter(\.$household.$id == householdID).sort(\.$number).all()
        return try await list(householdID: householdID).map { summary in
            let own = lots.filter { $0.$sale.id == summary.sale.id }
            return SaleProgress(
                title: SalePages.title(summary.sale), when: summary.sale.date.map(DayText.calendarDay),
                readyCount: summary.readyLotCount,
                lots: own.map { lot in
                    let done = lot.doneSteps
                    return SaleProgress.LotLine(
                        number: lot.number, title: lot.title,
                        done: LotStep.allCases.filter { done.contains($0) }.map(\.displayName)
                            .joined(separator: ", "),
                        open: LotStep.allCases.filter { !done.contains($0) }.map(\.displayName)
                            .joined(separator: ", "),
                        ready: lot.isReady)
                })
        }
    }
}
