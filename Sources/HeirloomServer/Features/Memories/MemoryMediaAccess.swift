import Fluent
import Foundation

/// Who may see memories' files and people's pictures: every member of their household.
enum MemoryMediaAccess {
    static let memoryRule: MediaAccessRules.Rule = { principal, ownerID, db in
        guard let id = Int(ownerID) else { return false }
        return try await Memory.query(on: db).filter(\.$id == id).filter(\.$household.$id == principal.householdID)
            .count() > 0
    }

    static let personRule: MediaAccessRules.Rule = { principal, ownerID, db in
        guard let id = Int(ownerID) else { return false }
        return try await Person.query(on: db).filter(\.$id == id).filter(\.$household.$id == principal.householdID)
            .count() > 0
    }
}
