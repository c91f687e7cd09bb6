import Fluent
import Foundation

/// A batch's photos are seen by the household's editors and owners, who may add batches.
func registerAppraisalMediaAccess(_ rules: MediaAccessRules) {
    rules.register(AppraisalBatchService.mediaOwnerType) { principal, ownerID, db in
        guard principal.role.canEdit, let id = UUID(uuidString: ownerID) else { return false }
        return try await AppraisalBatch.query(on: db).filter(\.$id == id)
            .filter(\.$household.$id == principal.householdID).count() > 0
    }
}
