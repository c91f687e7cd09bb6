import Fluent
import Foundation

/// The names of the household's sets, for lots and briefs that hold them.
struct SetNames: Sendable {
    let db: any Database

    /// The names of those of `ids` that exist (in the household, when given).
    func names(_ ids: [UUID], householdID: UUID? = nil) async throws -> [UUID: String] {
        // Sets arrive with the downsizing data layer; until then no set exists.
        [:]
    }
}
