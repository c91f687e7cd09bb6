import Fluent
import Foundation

/// The names of the household's sets, for lots and briefs that hold them.
struct SetNames: Sendable {
    let db: any Database

    /// The names of those of `ids` that exist (in the household, when given).
    func names(_ ids: [UUID], householdID: UUID? = nil) async throws -> [UUID: String] {
        guard !ids.isEmpty else { return [:] }
        var query = ItemSet.query(on: db).filter(\.$id ~~ ids)
        if let householdID { query = query.filter(\.$household.$id == householdID) }
        return Dictionary(
            uniqueKeysWithValues: try await query.all().compactMap { set in set.id.map { ($0, set.name) } })
    }
}
