import Fluent
import Foundation

/// Who may see an item's photos, documents and stories: every member of its household.
enum ItemMediaAccess {
    static let rule: MediaAccessRules.Rule = { principal, ownerID, db in
        guard let id = UUID(uuidString: ownerID) else { return false }
        return try await Item.query(on: db).filter(\.$id == id).filter(\.$household.$id == principal.householdID)
            .count() > 0
    }
}
