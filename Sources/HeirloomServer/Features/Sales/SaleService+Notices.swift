import Fluent
import Foundation

extension SaleService {
    /// The lines the sale kept about each of these lots, oldest first (`SaleGuard`).
    func notices(lotIDs: [UUID]) async throws -> [UUID: [String]] {
        guard !lotIDs.isEmpty else { return [:] }
        var notices: [UUID: [String]] = [:]
        for notice in try await LotNotice.query(on: db).filter(\.$lotID ~~ lotIDs.map { Optional($0) })
            .sort(\.$createdAt).all()
        {
            if let lotID = notice.lotID { notices[lotID, default: []].append(notice.message) }
        }
        return notices
    }

    /// Every line the sale kept about its lots, oldest first, those of lots since removed too.
    func notices(saleID: UUID) async throws -> [String] {
        try await LotNotice.query(on: db).filter(\.$sale.$id == saleID).sort(\.$createdAt).all().map(\.message)
    }
}
