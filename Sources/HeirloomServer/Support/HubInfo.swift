import Fluent

/// Facts about the hub as a whole.
enum HubInfo {
    /// Heirloom's version, reported by `/api/health`.
    static let version = "0.1.0"

    /// The household's name on a family hub, or "Heirloom" before set-up and on a hub of many households.
    static func name(on db: any Database) async throws -> String {
        let households = try await Household.query(on: db).limit(2).all()
        return households.count == 1 ? households[0].name : "Heirloom"
    }
}
