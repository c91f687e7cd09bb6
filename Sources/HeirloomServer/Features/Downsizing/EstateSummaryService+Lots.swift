import Foundation

extension EstateSummaryService {
    /// Estate-sale lots that are not ready yet. The estate sale (sales and lots) answers this with its own single
    /// count query when it lands; until then a household has no lots.
    func lotsNotReady(householdID: UUID) async throws -> Int {
        0
    }
}
