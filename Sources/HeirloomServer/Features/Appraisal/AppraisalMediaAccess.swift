import Fluent
import Foundation

/// Who may see a batch's photos: the household's editors and owners, who may add batches.
enum AppraisalMediaAccess {
    static let rule: MediaAccessRules.Rule = { principal, ownerID, db in
        guard principal.role.canEdit, let id = UUID(uuidString: ownerID) else { return false }
        return try await AppraisalBatch.query(on: db).filter(\.$id == id)
            .filter(\.$household.$id == principal.householdID).count() > 0
    }
}
